import { useCallback, useState } from "react";

/**
 * Which fields the user has been in. A form shows a field's message only after that, so an empty
 * form does not open with a wall of red.
 */
export function useTouched<K extends string>() {
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const touch = useCallback((field: K) => setTouched((t) => (t[field] ? t : { ...t, [field]: true })), []);
  const isTouched = useCallback((field: K) => touched[field] === true, [touched]);
  return { touch, isTouched };
}

/** The messages of the touched fields, in field order, without repeats. */
export function visibleMessages<K extends string>(
  order: readonly K[],
  errors: Partial<Record<K, string>>,
  isTouched: (field: K) => boolean,
): string[] {
  const messages: string[] = [];
  for (const field of order) {
    const message = errors[field];
    if (message && isTouched(field) && !messages.includes(message)) messages.push(message);
  }
  return messages;
}
