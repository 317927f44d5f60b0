import { StringDecoder } from 'node:string_decoder';
import { POSTBACK_BODY_CUT_BYTES } from '../../contract/limits.js';
import type { AttemptOutcome } from './postback-events.repository.js';
import { postbackMessageId, signPostback, type SignatureHeaders } from './postback-signing.js';
import type { OutboundResult, PostbackSender } from './outbound/send-postback.js';

export interface EventToSend {
  readonly applicationId: string;
  /** The trading platform's id of the event: with the application, it makes `webhook-id`. */
  readonly callerEventId: string;
  readonly type: string;
  /** JSON text of the payload object. */
  readonly payload: string;
  readonly createdAt: number;
}

export interface SentPostback {
  readonly signatureHeaders: SignatureHeaders;
  readonly result: OutboundResult;
  readonly attempt: AttemptOutcome['attempt'];
}

/**
 * Bodies and header sets are kept up to POSTBACK_BODY_CUT_BYTES (UTF-8 bytes), ending on a
 * whole character: the decoder holds back the bytes of one cut in two.
 */
export function cut(text: string, bytes: number = POSTBACK_BODY_CUT_BYTES): string {
  const encoded = Buffer.from(text, 'utf8');
  return encoded.length <= bytes
    ? text
    : new StringDecoder('utf8').write(encoded.subarray(0, bytes));
}

/** A header set as JSON, whole headers only, up to POSTBACK_BODY_CUT_BYTES. */
export function headersJson(headers: Readonly<Record<string, string>>): string {
  // Nearly always all of them fit: one serialization, not one a header.
  const whole = JSON.stringify(headers);
  if (Buffer.byteLength(whole) <= POSTBACK_BODY_CUT_BYTES) return whole;
  const kept: [string, string][] = [];
  for (const entry of Object.entries(headers)) {
    const next = JSON.stringify(Object.fromEntries([...kept, entry]));
    if (Buffer.byteLength(next) > POSTBACK_BODY_CUT_BYTES) break;
    kept.push(entry);
  }
  return JSON.stringify(Object.fromEntries(kept));
}

/** The Standard Webhooks body shape: type, timestamp and the event's data. */
export function postbackBody(event: EventToSend): string {
  return `{"type":${JSON.stringify(event.type)},"timestamp":${JSON.stringify(
    new Date(event.createdAt).toISOString(),
  )},"data":${event.payload}}`;
}

/** Signs the event with every live secret at `now`, sends it once, and describes the try. */
export async function sendSignedPostback(
  sender: PostbackSender,
  url: string,
  secrets: readonly string[],
  event: EventToSend,
  now: number,
): Promise<SentPostback> {
  const body = postbackBody(event);
  const messageId = postbackMessageId(event.applicationId, event.callerEventId);
  const signatureHeaders = signPostback(secrets, messageId, now, body);
  const headers = { 'content-type': 'application/json', ...signatureHeaders };
  const result = await sender.send({ url, headers, body });
  return {
    signatureHeaders,
    result,
    attempt: {
      at: now,
      requestHeaders: headersJson(headers),
      requestBody: cut(body),
      responseStatus: result.status,
      responseHeaders: headersJson(result.responseHeaders),
      responseBody: cut(result.responseBody),
      latencyMs: Math.round(result.latencyMs),
      error: result.error,
    },
  };
}
