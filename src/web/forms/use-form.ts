import { useEffect, useMemo, useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';

export type FormValues = Readonly<Record<string, string | boolean>>;

/** A message per field that fails, under the field's name. */
export type FieldErrors<V extends FormValues> = Partial<Record<keyof V & string, string>>;

/** The whole form judged: the values to send, or the messages of the fields that fail. */
export type Validation<V extends FormValues, Out> =
  | { readonly isValid: true; readonly data: Out }
  | { readonly isValid: false; readonly errors: FieldErrors<V> };

/** Judges the values; a check that asks the server answers later. Keep it stable (module level or memoized). */
export type Validate<V extends FormValues, Out> = (
  values: V,
) => Validation<V, Out> | Promise<Validation<V, Out>>;

export interface FormOptions<V extends FormValues, Out> {
  readonly initialValues: V;
  readonly validate: Validate<V, Out>;
  /**
   * When a field starts showing its message: 'blur' from the first time it loses focus,
   * 'change' from its first change. Every field shows its message after a submit.
   */
  readonly showErrorsAfter: 'blur' | 'change';
  /** Fields whose message starts showing when another changes (a confirmation, by its password). */
  readonly dependents?: Partial<Record<keyof V & string, readonly (keyof V & string)[]>>;
}

type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

interface Settled<V extends FormValues, Out> {
  readonly values: V;
  readonly validation: Validation<V, Out>;
}

const NO_ERRORS = {};

/**
 * The portal's forms (decision 029): values held in state, every field judged on
 * each change, a field's message shown once it was left or changed (per `showErrorsAfter`)
 * and every message after a submit, which then focuses the first field in error (in the
 * order the fields were rendered). `isValid` is false while a check is still out, and while
 * the values the server refused stand unchanged.
 */
export function useForm<V extends FormValues, Out = V>({
  initialValues,
  validate,
  showErrorsAfter,
  dependents = {},
}: FormOptions<V, Out>) {
  const [values, setValues] = useState(initialValues);
  const [baseline, setBaseline] = useState(initialValues);
  const [shown, setShown] = useState<ReadonlySet<keyof V & string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors<V>>(NO_ERRORS);
  // The values the server refused: sending them again is blocked, any change is a new try.
  const [refusedValues, setRefusedValues] = useState<V | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const elements = useRef(new Map<string, HTMLElement>());

  const outcome = useMemo(() => validate(values), [validate, values]);
  const [settled, setSettled] = useState<Settled<V, Out> | null>(null);
  useEffect(() => {
    if (!(outcome instanceof Promise)) return;
    let isCurrent = true;
    void outcome.then((validation) => {
      if (isCurrent) setSettled({ values, validation });
    });
    return () => {
      isCurrent = false;
    };
  }, [outcome, values]);
  // While a check is out, the messages of the last answer stay on screen.
  const latest = outcome instanceof Promise ? (settled?.validation ?? null) : outcome;
  const isCurrent = !(outcome instanceof Promise) || settled?.values === values;
  const hasServerErrors = Object.keys(serverErrors).length > 0;
  const isValid =
    isCurrent && latest?.isValid === true && !(hasServerErrors && values === refusedValues);
  const allErrors: FieldErrors<V> = latest === null || latest.isValid ? NO_ERRORS : latest.errors;
  const errors: FieldErrors<V> = {};
  for (const name of shown) {
    const message = allErrors[name];
    if (message !== undefined) errors[name] = message;
  }
  Object.assign(errors, serverErrors);
  const isDirty = Object.keys(values).some((name) => values[name] !== baseline[name]);

  const show = (...names: (keyof V & string)[]) => {
    setShown((current) =>
      names.every((name) => current.has(name)) ? current : new Set([...current, ...names]),
    );
  };

  const setValue = <K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) =>
      name in current
        ? (Object.fromEntries(
            Object.entries(current).filter(([field]) => field !== name),
          ) as FieldErrors<V>)
        : current,
    );
    if (showErrorsAfter === 'change') show(name, ...(dependents[name] ?? []));
  };

  const common = (name: keyof V & string) => ({
    name,
    onBlur: () => {
      if (showErrorsAfter === 'blur') show(name);
    },
    ref: (element: HTMLElement | null) => {
      if (element === null) elements.current.delete(name);
      else elements.current.set(name, element);
    },
  });

  /** The props of a text input or a select bound to `name`. */
  const field = (name: KeysOf<V, string>) => ({
    ...common(name),
    value: values[name] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setValue(name, event.target.value as V[typeof name]),
  });

  /** The props of a checkbox bound to `name`. */
  const checkbox = (name: KeysOf<V, boolean>) => ({
    ...common(name),
    checked: values[name] as boolean,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValue(name, event.target.checked as V[typeof name]),
  });

  /** The props of a component that hands over its value itself (a code input). */
  const control = (name: KeysOf<V, string>) => ({
    ...common(name),
    value: values[name] as string,
    onChange: (value: string) => setValue(name, value as V[typeof name]),
  });

  /** Judges the form on submit: `onValid` with the values to send, or every message shown. */
  const handleSubmit =
    (onValid: (data: Out) => Promise<void> | void) =>
    async (event?: SyntheticEvent): Promise<void> => {
      event?.preventDefault();
      const validation = await validate(values);
      if (!validation.isValid) {
        setShown(new Set(Object.keys(values) as (keyof V & string)[]));
        const first = [...elements.current].find(([name]) => name in validation.errors);
        first?.[1].focus();
        return;
      }
      setIsSubmitting(true);
      try {
        await onValid(validation.data);
      } finally {
        setIsSubmitting(false);
      }
    };

  /** Starts again from `next`: no messages shown, and `isDirty` measured from it. */
  const reset = (next: V) => {
    setValues(next);
    setBaseline(next);
    setShown(new Set());
    setServerErrors(NO_ERRORS);
  };

  /**
   * The server's message for a field: shown until the field changes; the form invalid until
   * any field changes.
   */
  const setServerError = (name: keyof V & string, message: string) => {
    setServerErrors((current) => ({ ...current, [name]: message }));
    setRefusedValues(values);
  };

  const focus = (name: keyof V & string) => elements.current.get(name)?.focus();

  return {
    values,
    errors,
    isValid,
    isDirty,
    isSubmitting,
    reset,
    setServerError,
    focus,
    field,
    checkbox,
    control,
    setValue,
    handleSubmit,
  };
}
