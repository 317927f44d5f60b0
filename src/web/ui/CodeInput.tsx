import type { ClipboardEvent, InputHTMLAttributes, KeyboardEvent, Ref } from 'react';
import { Limits } from '../../contract/limits.js';
import { FieldMessages, useFieldIds, type FieldProps } from './TextField.js';
import formStyles from './forms.module.css';
import styles from './code-input.module.css';

type CodeInputProps = FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
    readonly value: string;
    readonly onChange: (code: string) => void;
    readonly ref?: Ref<HTMLInputElement>;
  };

const digitsOf = (text: string) => text.replace(/\D/g, '').slice(0, Limits.codeLength);

/**
 * The 6-digit code field of docs/product.md section 5: digits only, spaces refused, a pasted code
 * accepted whatever separates its digits.
 */
export function CodeInput({ label, error, hint, value, onChange, ...input }: CodeInputProps) {
  const ids = useFieldIds(error, hint);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === ' ') event.preventDefault();
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    onChange(digitsOf(event.clipboardData.getData('text')));
  };
  return (
    <div className={formStyles.field}>
      <label htmlFor={ids.id} className={formStyles.label}>
        {label}
      </label>
      <input
        className={`${formStyles.input} ${styles.code}`}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={Limits.codeLength}
        value={value}
        onChange={(event) => onChange(digitsOf(event.target.value))}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        {...input}
        {...ids.inputProps}
      />
      <FieldMessages error={error} errorId={ids.errorId} hint={hint} hintId={ids.hintId} />
    </div>
  );
}
