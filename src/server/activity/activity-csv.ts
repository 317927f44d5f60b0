import type { ActivityEvent } from '../../contract/activity.js';
import { activitySentence } from '../../contract/activity-sentences.js';
import { Messages } from '../../contract/messages.js';
import { timeText } from '../../contract/time-text.js';

export const ACTIVITY_CSV_HEADER = [
  'time',
  'event',
  'kind',
  'application',
  'ip',
  'device',
  'details',
  'summary',
];

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

/** One CSV line of `cells`, CRLF-ended. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * A CSV export as chunks: the header, then the lines of one batch at a time, each batch
 * asked for after the last row of the one before, until a batch comes back short. Only
 * one batch is held in memory, so an export holds every row there is, however many.
 */
export async function* csvChunks<T>(
  header: readonly string[],
  batchSize: number,
  batchAfter: (last: T | undefined) => Promise<readonly T[]>,
  cellsOf: (row: T) => readonly string[],
): AsyncGenerator<string> {
  yield csvLine(header);
  let last: T | undefined;
  for (;;) {
    const batch = await batchAfter(last);
    if (batch.length > 0) yield batch.map((row) => csvLine(cellsOf(row))).join('');
    if (batch.length < batchSize) return;
    last = batch.at(-1);
  }
}

function detailsText(details: ActivityEvent['details']): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(' ') : String(value)}`)
    .join('; ');
}

/**
 * The cells of one event in the activity CSV, in `ACTIVITY_CSV_HEADER`'s order: the machine
 * columns (ISO time, kind, raw details) beside the sentence the screens show.
 */
export function activityCsvCells(event: ActivityEvent): string[] {
  return [
    event.at,
    Messages.activity.kinds[event.kind],
    event.kind,
    event.applicationId ?? '',
    event.ip ?? '',
    event.device ?? '',
    detailsText(event.details),
    activitySentence(event.kind, { details: event.details, time: utcTime }),
  ];
}
