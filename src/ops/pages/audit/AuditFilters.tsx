import type { SyntheticEvent } from 'react';
import { OPERATOR_ACTIONS } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { Button } from '../../../web/ui/Button.js';
import type { AuditFilterValues } from './audit-filters.js';
import styles from './audit-page.module.css';

const text = OpsMessages.audit;

interface AuditFiltersProps {
  readonly values: AuditFilterValues;
  readonly onApply: (values: AuditFilterValues) => void;
  readonly onClear: () => void;
  readonly onExport: () => void;
  readonly isExporting: boolean;
}

/** Operator e-mail, action and days; keyed by the URL's filters, so back and forward refill it. */
export function AuditFilters({
  values,
  onApply,
  onClear,
  onExport,
  isExporting,
}: AuditFiltersProps) {
  const apply = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => {
      const entry = form.get(name);
      return typeof entry === 'string' ? entry.trim() : '';
    };
    onApply({
      operator: value('operator'),
      action: value('action'),
      from: value('from'),
      to: value('to'),
    });
  };
  return (
    <form
      className={styles.filters}
      aria-label={text.filtersTitle}
      onSubmit={apply}
      key={JSON.stringify(values)}
    >
      <label>
        <span>{text.operator}</span>
        <input type="email" name="operator" defaultValue={values.operator} autoComplete="off" />
      </label>
      <label>
        <span>{text.action}</span>
        <select name="action" defaultValue={values.action}>
          <option value="">{text.allActions}</option>
          {OPERATOR_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {text.actions[action]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{text.from}</span>
        <input type="date" name="from" defaultValue={values.from} />
      </label>
      <label>
        <span>{text.to}</span>
        <input type="date" name="to" defaultValue={values.to} />
      </label>
      <div className={styles.buttons}>
        <Button type="submit">{text.apply}</Button>
        <Button variant="secondary" onClick={onClear}>
          {text.clear}
        </Button>
        <Button variant="secondary" onClick={onExport} isLoading={isExporting}>
          {text.exportCsv}
        </Button>
      </div>
    </form>
  );
}
