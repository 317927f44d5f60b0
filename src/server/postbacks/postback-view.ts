import type {
  PostbackAttempt,
  PostbackEvent,
  PostbackEventResponse,
} from '../../contract/postbacks.js';
import type { PostbackAttemptRow, PostbackEventRow } from './postback-events.repository.js';

const iso = (ms: number) => new Date(ms).toISOString();

function summaryOf(row: PostbackAttemptRow) {
  return {
    number: row.number,
    at: iso(row.at),
    responseStatus: row.responseStatus,
    latencyMs: row.latencyMs,
    error: row.error,
  };
}

/** An event as the delivery log lists it, with a summary of each attempt. */
export function eventView(
  row: PostbackEventRow,
  attempts: readonly PostbackAttemptRow[],
): PostbackEvent {
  return {
    eventId: row.id,
    eventType: row.type,
    state: row.state,
    isTest: row.isTest === 1,
    createdAt: iso(row.createdAt),
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt === null ? null : iso(row.nextAttemptAt),
    lastStatus: row.lastStatus,
    lastLatencyMs: row.lastLatencyMs,
    attemptsSummary: attempts.map(summaryOf),
  };
}

function attemptView(row: PostbackAttemptRow): PostbackAttempt {
  return {
    ...summaryOf(row),
    requestHeaders: JSON.parse(row.requestHeaders) as Record<string, string>,
    requestBody: row.requestBody,
    responseHeaders: JSON.parse(row.responseHeaders) as Record<string, string>,
    responseBody: row.responseBody,
  };
}

/** One event whole: its payload and each attempt's request and response. */
export function eventDetailView(
  row: PostbackEventRow,
  attempts: readonly PostbackAttemptRow[],
): PostbackEventResponse['event'] {
  return {
    ...eventView(row, attempts),
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    attemptsLog: attempts.map(attemptView),
  };
}
