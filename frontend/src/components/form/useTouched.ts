import { useCallback, useState } from "react";

/**
 * Which fields the user has been in, so a form shows a field's message only after that and an empty
 * form does not open with a wall of red. `reset` forgets everything (a dialog opened again).
 */
export function useTouched<K extends string>() {
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const touch = useCallback((field: K) => setTouched((t) => (t[field] ? t : { ...t, [field]: true })), []);
  const isTouched = useCallback((field: K) => touched[field] === true, [touched]);
  const reset = useCallback(() => setTouched({}), []);
  return { touch, isTouched, reset };
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
