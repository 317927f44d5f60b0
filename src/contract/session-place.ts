// Apart from the sessions schemas so the web app's first page sends the header without the
// validation library (decision 029).

/**
 * Sent by the web app on the calls that start a session: the browser's IANA time zone,
 * stored as the session's place (there is no GeoIP database offline).
 */
export const PLACE_HEADER = 'X-Time-Zone';

/** An IANA zone name as `Intl` gives it ('Asia/Kolkata', 'UTC', 'America/Argentina/Salta'). */
export const TIME_ZONE_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;
export const TIME_ZONE_MAX_LENGTH = 64;
