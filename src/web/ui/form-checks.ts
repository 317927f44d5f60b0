/**
 * For a form-level check (e.g. "passwords match"): run it whenever the named fields are
 * strings, even while other fields still fail. zod skips form-level checks after an
 * aborting issue elsewhere, which would hide a mismatch until the whole form is filled.
 */
export function whenStrings(...names: readonly string[]) {
  return (payload: { value: unknown }): boolean => {
    const { value } = payload;
    if (value === null || typeof value !== 'object') return false;
    const record = value as Record<string, unknown>;
    return names.every((name) => typeof record[name] === 'string');
  };
}
