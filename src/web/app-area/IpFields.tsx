import { Plus, TriangleAlert } from 'lucide-react';
import type { InputHTMLAttributes, Ref } from 'react';
import { Messages } from '../../contract/messages.js';
import { canonicalIp, normalizeIpList } from '../../contract/rules.js';
import { useBrand } from '../brand.js';
import { DuplicateSkip } from '../ui/DuplicateSkip.js';
import formStyles from '../ui/forms.module.css';
import { formatTimeWithZone } from '../ui/format-time.js';
import { IpRows } from '../ui/IpRows.js';
import rowStyles from '../ui/ip-rows.module.css';
import { notify } from '../ui/notify.js';
import { ProofStatus } from '../ui/ProofStatus.js';
import { proofStateOf } from './ip-fields.js';
import type { IpFieldsState } from './use-ip-fields.js';
import styles from './ip-fields.module.css';

interface IpFieldsProps {
  readonly ipFields: IpFieldsState;
  /** The rows' text, in order, and their stable keys. */
  readonly entries: readonly string[];
  readonly rows: readonly { id: string }[];
  readonly onAdd: (value: string) => void;
  readonly onRemove: (index: number) => void;
  readonly setRow: (index: number, value: string) => void;
  readonly inputProps: (
    index: number,
  ) => InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  readonly errorOf: (index: number) => string | undefined;
  readonly listError: string | undefined;
}

const NOTICES = {
  duplicate: Messages.ips.entryDuplicate,
  proofNeeded: Messages.ips.entryProofNeeded,
} as const;

/**
 * The IP fields of the create and update screens: the developer's own IP with one click to
 * add it, the 15-day lock with the time of the next change, the rows with what the live check
 * says of each, and each row's family proof (docs/decisions/025).
 */
export function IpFields({ ipFields, entries, rows, onAdd, setRow, ...rowProps }: IpFieldsProps) {
  const { maxIpsPerApp, ipChangeCooldownDays } = useBrand();
  const { myIp, lock, states } = ipFields;
  const isLocked = lock !== null;
  const isMyIpListed = myIp !== undefined && normalizeIpList(entries).includes(myIp);

  const addMyIp = (ip: string) => {
    const blank = entries.findIndex((entry) => entry.trim() === '');
    if (blank >= 0) setRow(blank, ip);
    else if (rows.length < maxIpsPerApp) onAdd(ip);
    else notify.warn(Messages.ips.maxIpsFor(maxIpsPerApp));
  };

  return (
    <div className={styles.fields}>
      {lock !== null && (
        <div className={styles.lockNotice} role="status">
          <TriangleAlert aria-hidden="true" size={18} />
          <div>
            <p>{Messages.ips.editRestrictedFor(ipChangeCooldownDays)}</p>
            {lock.nextChangeAt !== null && (
              <p>{Messages.ips.nextChangeAt(formatTimeWithZone(lock.nextChangeAt))}</p>
            )}
          </div>
        </div>
      )}
      <IpRows
        rows={rows}
        onAdd={() => onAdd('')}
        isLocked={isLocked}
        {...rowProps}
        noticeOf={(index) => {
          const state = states[index];
          return state === 'duplicate' || state === 'proofNeeded' ? NOTICES[state] : undefined;
        }}
        rowExtra={(index) => {
          const entry = entries[index] ?? '';
          const ip = canonicalIp(entry) ?? entry;
          return (
            <ProofStatus
              ip={ip}
              state={proofStateOf(
                entry,
                ipFields.records,
                ipFields.proofDuplicates,
                ipFields.documents,
              )}
              record={ipFields.records.find((record) => record.ip === ip)}
              chosen={ipFields.documents.get(ip)}
              onChoose={(file) => ipFields.chooseDocument(ip, file)}
            />
          );
        }}
      />
      {myIp !== undefined && (
        <p className={rowStyles.chip}>
          <span>
            {Messages.ips.yourIp}: <span className={rowStyles.chipIp}>{myIp}</span>
          </span>
          <button
            type="button"
            className={formStyles.linkButton}
            disabled={isLocked || isMyIpListed}
            aria-label={isMyIpListed ? undefined : Messages.ips.addYourIp(myIp)}
            onClick={() => addMyIp(myIp)}
          >
            <Plus aria-hidden="true" size={16} />{' '}
            {isMyIpListed ? Messages.ips.yourIpAdded : Messages.ips.addYourIpShort}
          </button>
        </p>
      )}
      {ipFields.canSkip && (
        <DuplicateSkip
          checked={ipFields.skipDuplicates}
          onChange={ipFields.setSkipDuplicates}
          missingDocument={ipFields.missingDocument}
        />
      )}
    </div>
  );
}
