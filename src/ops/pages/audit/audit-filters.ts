import { OPERATOR_ACTIONS, type AuditQuery, type OperatorAction } from '../../../contract/ops.js';
import { localDayStart } from '../../../web/pages/activity/activity-filters.js';

/** The filters as the URL and the form hold them: dates as the date inputs give them. */
export interface AuditFilterValues {
  readonly operator: string;
  readonly action: string;
  readonly from: string;
  readonly to: string;
}

const NAMES = ['operator', 'action', 'from', 'to'] as const;

const isAction = (value: string): value is OperatorAction =>
  (OPERATOR_ACTIONS as readonly string[]).includes(value);

/** The filters of the page's URL (?operator=&action=&from=&to=). */
export function filtersOf(search: URLSearchParams): AuditFilterValues {
  const value = (name: (typeof NAMES)[number]) => search.get(name)?.trim() ?? '';
  return {
    operator: value('operator'),
    action: value('action'),
    from: value('from'),
    to: value('to'),
  };
}

/** The URL's query of the filters: only those set. */
export function searchOf(values: AuditFilterValues): Record<string, string> {
  return Object.fromEntries(
    NAMES.filter((name) => values[name] !== '').map((name) => [name, values[name]]),
  );
}

/** The API's query of the filters: the reader's local days, `to` inclusive (the API's is exclusive). */
export function auditQueryOf(values: AuditFilterValues): AuditQuery {
  const from = localDayStart(values.from);
  const to = localDayStart(values.to, 1);
  return {
    ...(values.operator === '' ? {} : { operator: values.operator }),
    ...(isAction(values.action) ? { action: values.action } : {}),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  };
}
