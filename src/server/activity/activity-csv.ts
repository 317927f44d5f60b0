import type { ActivityEvent } from '../../contract/activity.js';
import { activitySentence } from '../../contract/activity-sentences.js';
import { Messages } from '../../contract/messages.js';
import { timeText } from '../../contract/time-text.js';

const HEADER = ['time', 'event', 'kind', 'application', 'ip', 'device', 'details', 'summary'];

/** The file has no reader's zone: its sentences write times in UTC and say so. */
function utcTime(iso: string): string {
  return `${timeText(new Date(iso), 'utc')} UTC`;
}

/**
 * A cell a spreadsheet would read as a formula (OWASP "CSV injection") gets a leading
 * quote; then RFC 4180 quoting.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function detailsText(details: ActivityEvent['details']): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(' ') : String(value)}`)
    .join('; ');
}

/**
 * The CSV export of the activity list: one header line, one line per event, CRLF ends; the
 * machine columns (ISO time, kind, raw details) beside the sentence the screens show.
 */
export function activityCsv(events: readonly ActivityEvent[]): string {
  const lines = [
    HEADER,
    ...events.map((event) => [
      event.at,
      Messages.activity.kinds[event.kind],
      event.kind,
      event.applicationId ?? '',
      event.ip ?? '',
      event.device ?? '',
      detailsText(event.details),
      activitySentence(event.kind, { details: event.details, time: utcTime }),
    ]),
  ];
  return lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
