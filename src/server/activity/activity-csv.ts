import type { ActivityEvent } from '../../contract/activity.js';
import { Messages } from '../../contract/messages.js';

const HEADER = ['time', 'event', 'kind', 'application', 'ip', 'device', 'details'];

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

/** The CSV export of the activity list: one header line, one line per event, CRLF ends. */
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
    ]),
  ];
  return lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
