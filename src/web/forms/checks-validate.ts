import { firstFailure, type FieldCheck } from '../../contract/field-checks.js';
import type { FieldErrors, Validation } from './use-form.js';

/**
 * A form's validate from the contract's field checks, without the validation library (the
 * sign-in form, on the first page: decision 029). Each field shows its first failing check.
 */
export function checksValidate<V extends Readonly<Record<string, string>>>(checks: {
  readonly [K in keyof V & string]: readonly FieldCheck[];
}) {
  return (values: V): Validation<V, V> => {
    const errors: FieldErrors<V> = {};
    for (const name of Object.keys(checks) as (keyof V & string)[]) {
      const message = firstFailure(values[name] ?? '', checks[name]);
      if (message !== undefined) errors[name] = message;
    }
    return Object.keys(errors).length === 0
      ? { isValid: true, data: values }
      : { isValid: false, errors };
  };
}
