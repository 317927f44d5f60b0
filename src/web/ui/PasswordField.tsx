import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { FieldLabel, FieldMessages, useFieldIds, type FieldProps } from './TextField.js';
import styles from './forms.module.css';

type PasswordFieldProps = FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> };

/** A password input with a show/hide toggle. */
export function PasswordField({ label, labelAddon, error, hint, ...input }: PasswordFieldProps) {
  const [isVisible, setIsVisible] = useState(false);
  const ids = useFieldIds(error, hint);
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={ids.id} label={label} addon={labelAddon} />
      <div className={styles.withButton}>
        <input
          className={styles.input}
          type={isVisible ? 'text' : 'password'}
          {...input}
          {...ids.inputProps}
        />
        <button
          type="button"
          className={styles.inputButton}
          aria-label={isVisible ? 'Hide password' : 'Show password'}
          aria-pressed={isVisible}
          aria-controls={ids.id}
          onClick={() => setIsVisible((shown) => !shown)}
        >
          {isVisible ? (
            <EyeOff aria-hidden="true" size={18} />
          ) : (
            <Eye aria-hidden="true" size={18} />
          )}
        </button>
      </div>
      <FieldMessages error={error} errorId={ids.errorId} hint={hint} hintId={ids.hintId} />
    </div>
  );
}
