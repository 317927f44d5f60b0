import type { FieldErrors, FormValues, Validation } from './use-form.js';

type ParseResult<Out> =
  | { success: true; data: Out }
  | {
      success: false;
      error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
    };

/** What `useForm` needs of a zod schema: its safe parse, synchronous or not. */
export interface Schema<Out> {
  safeParse: (value: unknown) => ParseResult<Out>;
  safeParseAsync: (value: unknown) => Promise<ParseResult<Out>>;
}

/** Each field shows the first message of its issues, in the schema's order. */
export function validationOf<V extends FormValues, Out>(
  result: ParseResult<Out>,
): Validation<V, Out> {
  if (result.success) return { isValid: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    // A form-level check names its field by its path.
    const [name] = issue.path;
    if (typeof name === 'string') errors[name] ??= issue.message;
  }
  return { isValid: false, errors: errors as FieldErrors<V> };
}

/** A form's validate from a zod schema of the contract. */
export function schemaValidate<V extends FormValues, Out>(schema: Schema<Out>) {
  return (values: V): Validation<V, Out> => validationOf(schema.safeParse(values));
}

/** The same for a schema with a check that asks the server. */
export function asyncSchemaValidate<V extends FormValues, Out>(schema: Schema<Out>) {
  return async (values: V): Promise<Validation<V, Out>> =>
    validationOf(await schema.safeParseAsync(values));
}
