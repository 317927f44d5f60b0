import { Plus, Trash2 } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useBrand } from '../brand.js';
import { Messages } from '../../contract/messages.js';
import formStyles from './forms.module.css';
import styles from './ip-rows.module.css';
import hidden from './visually-hidden.module.css';
import { notify } from './notify.js';

interface IpRowsProps {
  /** One entry per row, with a stable key (its id while the row lives). */
  readonly rows: readonly { id: string }[];
  readonly onAdd: () => void;
  readonly onRemove: (index: number) => void;
  /** The registered input props of a row. */
  readonly inputProps: (
    index: number,
  ) => InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  readonly errorOf: (index: number) => string | undefined;
  /** What the live check says of a row (docs/decisions/025), beside any error. */
  readonly noticeOf?: (index: number) => string | undefined;
  readonly listError?: string | undefined;
  /** docs/product.md section 4: after the 15-day message, add, remove and edit are disabled. */
  readonly isLocked?: boolean;
  /** Shown under a row, outside the lock: the IP's family-proof status and upload. */
  readonly rowExtra?: (index: number) => ReactNode;
}

/**
 * The IP address list: up to 5 rows, the last row cannot be removed, a sixth shows the
 * spec's message (section 5).
 */
export function IpRows({
  rows,
  onAdd,
  onRemove,
  inputProps,
  errorOf,
  noticeOf = () => undefined,
  listError,
  isLocked = false,
  rowExtra,
}: IpRowsProps) {
  const { maxIpsPerApp } = useBrand();
  const add = () => {
    if (rows.length >= maxIpsPerApp) {
      notify.warn(Messages.ips.maxIpsFor(maxIpsPerApp));
      return;
    }
    onAdd();
  };
  return (
    <fieldset className={styles.fieldset}>
      <legend className={formStyles.label}>IP Addresses</legend>
      <ul className={styles.rows}>
        {rows.map((row, index) => {
          const error = errorOf(index);
          const notice = noticeOf(index);
          const id = `ip-${row.id}`;
          const describedBy = [
            error === undefined ? '' : `${id}-error`,
            notice === undefined ? '' : `${id}-notice`,
          ]
            .join(' ')
            .trim();
          return (
            <li key={row.id} className={styles.row}>
              <label htmlFor={id} className={hidden.visuallyHidden}>
                IP address {index + 1}
              </label>
              <input
                id={id}
                className={formStyles.input}
                placeholder="e.g. 203.0.113.10"
                aria-invalid={error !== undefined}
                aria-describedby={describedBy === '' ? undefined : describedBy}
                {...inputProps(index)}
                disabled={isLocked}
              />
              <button
                type="button"
                className={styles.remove}
                aria-label={`Remove IP address ${index + 1}`}
                disabled={isLocked || rows.length === 1}
                onClick={() => onRemove(index)}
              >
                <Trash2 aria-hidden="true" size={18} />
              </button>
              {error !== undefined && (
                <p id={`${id}-error`} className={formStyles.error} role="alert">
                  {error}
                </p>
              )}
              {notice !== undefined && (
                <p id={`${id}-notice`} className={styles.notice}>
                  {notice}
                </p>
              )}
              {rowExtra !== undefined && <div className={styles.extra}>{rowExtra(index)}</div>}
            </li>
          );
        })}
      </ul>
      {listError !== undefined && (
        <p className={formStyles.error} role="alert">
          {listError}
        </p>
      )}
      <button type="button" className={formStyles.linkButton} onClick={add} disabled={isLocked}>
        <Plus aria-hidden="true" size={16} /> Add IP address
      </button>
    </fieldset>
  );
}
