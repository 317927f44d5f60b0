// Apart from the keys schemas so the update screen's first paint (the key tile and its roll
// dialog) does not load the validation library (decision 034).

const HOUR_MS = 60 * 60_000;

/** How long the old key keeps working after a roll: the choices of the roll dialog. */
export const KEY_GRACE_PERIODS = {
  now: 0,
  '1h': HOUR_MS,
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
} as const;
export type KeyGrace = keyof typeof KEY_GRACE_PERIODS;

/** The choices in the order the dialog lists them. */
export const KEY_GRACES = ['now', '1h', '24h', '7d'] as const satisfies readonly KeyGrace[];
