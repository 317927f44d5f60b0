import { Messages } from '../../contract/messages.js';
import styles from './duplicate-skip.module.css';
import formStyles from './forms.module.css';

interface DuplicateSkipProps {
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  /** The first duplicate IP still without a document, while skip is ticked. */
  readonly missingDocument: string | undefined;
}

/**
 * docs/product.md section 4, duplicate IP flow: after the server's duplicate-IP error, the skip
 * checkbox (ipAddressDuplicateSkip); every duplicate IP then needs a proof document.
 */
export function DuplicateSkip({ checked, onChange, missingDocument }: DuplicateSkipProps) {
  return (
    <div className={styles.duplicates}>
      <div className={formStyles.checkbox}>
        <input
          id="skip-duplicates"
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor="skip-duplicates">{Messages.ips.skipDuplicates}</label>
      </div>
      {missingDocument !== undefined && (
        <p className={formStyles.error} role="alert">
          {Messages.ips.supportingDocumentRequired(missingDocument)}
        </p>
      )}
    </div>
  );
}
