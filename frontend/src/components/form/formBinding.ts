import type { Dispatch, SetStateAction } from "react";

/**
 * What a form hands a shared group of its fields (the period, the note, the profile fields): its values, its
 * setter, its messages and its touched state (useTouched), so each group wires the same way in every form.
 */
export interface FieldsBinding<K extends string, T> {
  values: Record<K, T>;
  set: (field: K) => (value: T) => void;
  errors: Partial<Record<K, string>>;
  isTouched: (field: K) => boolean;
  touch: (field: K) => void;
}

/** The form's setter for one field at a time, over values kept in one useState object. */
export function fieldSetter<V extends object>(setValues: Dispatch<SetStateAction<V>>) {
  return <K extends keyof V>(field: K) =>
    (value: V[K]) =>
      setValues((v) => ({ ...v, [field]: value }));
}
