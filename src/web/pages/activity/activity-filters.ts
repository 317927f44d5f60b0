import type { ActivityQuery } from '../../../contract/activity.js';
import { ACTIVITY_KINDS, type ActivityKind } from '../../../contract/activity-kinds.js';

/** The filter form's values: days in the portal's day format ('2026-11-26' or ''). */
export interface ActivityFilterValues {
  readonly applicationId: string;
  readonly kind: string;
  readonly from: string;
  readonly to: string;
}

export const NO_FILTERS: ActivityFilterValues = { applicationId: '', kind: '', from: '', to: '' };

const isKind = (value: string): value is ActivityKind =>
  (ACTIVITY_KINDS as readonly string[]).includes(value);

/** The start of a local calendar day as an ISO instant, `days` later; undefined if unreadable. */
export function localDayStart(date: string, days = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (match === null) return undefined;
  const start = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
  return Number.isNaN(start.getTime()) ? undefined : start.toISOString();
}

/** Whether a day field holds nothing or a day that exists ('2026-02-30' does not). */
export function isDayOrEmpty(date: string): boolean {
  if (date === '') return true;
  const start = localDayStart(date);
  if (start === undefined) return false;
  const day = new Date(start);
  const [year, month, dayOfMonth] = date.split('-').map(Number);
  return day.getFullYear() === year && day.getMonth() + 1 === month && day.getDate() === dayOfMonth;
}

/**
 * The API query of the form: the developer's own days, `to` inclusive (the API's `to` is the
 * next local midnight, exclusive).
 */
export function queryOf(values: ActivityFilterValues): ActivityQuery {
  const from = localDayStart(values.from);
  const to = localDayStart(values.to, 1);
  return {
    ...(values.applicationId === '' ? {} : { applicationId: values.applicationId }),
    ...(isKind(values.kind) ? { kind: values.kind } : {}),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  };
}
