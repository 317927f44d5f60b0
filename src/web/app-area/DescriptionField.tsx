import type { Ref, TextareaHTMLAttributes } from 'react';
import { Limits } from '../../contract/limits.js';
import { Messages } from '../../contract/messages.js';
import formStyles from '../ui/forms.module.css';
import { FieldLabel, FieldMessages, useFieldIds } from '../ui/TextField.js';
import hidden from '../ui/visually-hidden.module.css';

type DescriptionFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> & {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | undefined;
  readonly ref?: Ref<HTMLTextAreaElement>;
};

/**
 * Description on the create and update forms (docs/product.md section 5): several lines, with
 * its count to the limit under it. The count describes the field, so a screen reader says it
 * when the field is reached, not on every key press; a polite status speaks once the limit is
 * reached. A line break counts as one character, as the server counts it.
 */
export function DescriptionField({ value, onChange, error, ...textarea }: DescriptionFieldProps) {
  const count = Messages.app.descriptionCount(value.length);
  const ids = useFieldIds(error, count);
  return (
    <div className={formStyles.field}>
      <FieldLabel htmlFor={ids.id} label="Description" />
      <textarea
        className={`${formStyles.input} ${formStyles.textarea}`}
        rows={4}
        maxLength={Limits.descriptionMax}
        placeholder={Messages.app.descriptionPlaceholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...textarea}
        {...ids.inputProps}
      />
      <FieldMessages error={error} errorId={ids.errorId} hint={count} hintId={ids.hintId} />
      <p role="status" className={hidden.visuallyHidden}>
        {value.length >= Limits.descriptionMax ? Messages.app.descriptionLimitReached : ''}
      </p>
    </div>
  );
}
