/** The part of a zod schema the forms use, so the client needs no direct zod import. */
export interface FormSchema {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/** The first message per top-level field, in the order the schema reports them. */
export function fieldErrors<K extends string>(
  schema: FormSchema,
  values: unknown,
): Partial<Record<K, string>> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<K, string>> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "") as K;
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
