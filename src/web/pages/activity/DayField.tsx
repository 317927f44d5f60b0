import { useId } from 'react';
import { Messages } from '../../../contract/messages.js';
import forms from '../../ui/forms.module.css';
import styles from './activity-page.module.css';

const text = Messages.activity;

interface DayFieldProps {
  readonly name: 'from' | 'to';
  readonly label: string;
  readonly defaultValue: string;
  readonly isInvalid: boolean;
}

/**
 * A day filter in the portal's day format ('2026-11-28', as 'Next Renewal Date' shows days):
 * a text field, since a date input writes the browser's own format ('mm/dd/yyyy').
 */
export function DayField({ name, label, defaultValue, isInvalid }: DayFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={styles.dayField}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        inputMode="numeric"
        autoComplete="off"
        placeholder={text.dayPlaceholder}
        aria-invalid={isInvalid}
        aria-describedby={isInvalid ? `${hintId} ${errorId}` : hintId}
      />
      <span id={hintId} className={forms.hint}>
        {text.dayHint}
      </span>
      {isInvalid && (
        <span id={errorId} className={forms.error}>
          {text.dayInvalid}
        </span>
      )}
    </div>
  );
}
