import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './forms.module.css';

export interface FieldProps {
  readonly label: ReactNode;
  /** Shown beside the label, outside it (e.g. an info tooltip), so the name stays the label. */
  readonly labelAddon?: ReactNode;
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
}

/** Describes an input by its error and hint, and marks it invalid while it has an error. */
export function useFieldIds(error: string | undefined, hint: ReactNode) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error === undefined ? null : errorId, hint === undefined ? null : hintId]
    .filter((part) => part !== null)
    .join(' ');
  return {
    id,
    errorId,
    hintId,
    inputProps: {
      id,
      'aria-invalid': error !== undefined,
      ...(describedBy === '' ? {} : { 'aria-describedby': describedBy }),
    },
  };
}

export function FieldMessages({
  error,
  errorId,
  hint,
  hintId,
}: {
  error?: string | undefined;
  errorId: string;
  hint?: ReactNode;
  hintId: string;
}) {
  return (
    <>
      {hint !== undefined && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

export function FieldLabel({
  htmlFor,
  label,
  addon,
}: {
  htmlFor: string;
  label: ReactNode;
  addon?: ReactNode;
}) {
  const text = (
    <label htmlFor={htmlFor} className={styles.label}>
      {label}
    </label>
  );
  return addon === undefined ? (
    text
  ) : (
    <div className={styles.labelRow}>
      {text}
      {addon}
    </div>
  );
}

type TextFieldProps = FieldProps &
  InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A labelled input wired to its error and hint (CONTRIBUTING.md, "House rules": aria-invalid, aria-describedby). */
export function TextField({ label, labelAddon, error, hint, className, ...input }: TextFieldProps) {
  const ids = useFieldIds(error, hint);
  return (
    <div className={className === undefined ? styles.field : `${styles.field} ${className}`}>
      <FieldLabel htmlFor={ids.id} label={label} addon={labelAddon} />
      <input className={styles.input} {...input} {...ids.inputProps} />
      <FieldMessages error={error} errorId={ids.errorId} hint={hint} hintId={ids.hintId} />
    </div>
  );
}
