/**
 * The daily logout (CONNECT_DAILY_LOGOUT): a time of day in a zone whose offset is fixed,
 * so it is computed without Intl's time-zone data (decision 039). India has no daylight
 * saving time: Asia/Kolkata is +05:30 all year.
 */
export interface DailyLogout {
  /** Minutes after midnight in the zone. */
  readonly minuteOfDay: number;
  /** The zone's offset from UTC in minutes. */
  readonly offsetMinutes: number;
}

const FIXED_ZONES: Readonly<Record<string, number>> = { 'Asia/Kolkata': 330, UTC: 0 };
const FORMAT = /^([01]\d|2[0-3]):([0-5]\d) (\S+)$/;
const OFFSET = /^([+-])(\d\d):([0-5]\d)$/;
const DAY_MS = 24 * 60 * 60_000;

/** `HH:MM Zone` with Zone Asia/Kolkata, UTC or an offset like +05:30; null when not. */
export function parseDailyLogout(value: string): DailyLogout | null {
  const match = FORMAT.exec(value.trim());
  if (match === null) return null;
  const [, hours = '', minutes = '', zone = ''] = match;
  const offset = OFFSET.exec(zone);
  const offsetMinutes =
    offset === null
      ? FIXED_ZONES[zone]
      : (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
  if (offsetMinutes === undefined || Math.abs(offsetMinutes) > 14 * 60) return null;
  return { minuteOfDay: Number(hours) * 60 + Number(minutes), offsetMinutes };
}

/** The first cutoff strictly after `now` (epoch ms). */
export function nextLogoutAfter(logout: DailyLogout, now: number): number {
  const local = now + logout.offsetMinutes * 60_000;
  const todayCutoff = Math.floor(local / DAY_MS) * DAY_MS + logout.minuteOfDay * 60_000;
  const cutoff = todayCutoff > local ? todayCutoff : todayCutoff + DAY_MS;
  return cutoff - logout.offsetMinutes * 60_000;
}
