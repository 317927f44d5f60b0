/** Every channel of the change feed, in one place: a feature that publishes adds its own here. */
export const CHANGE_CHANNELS = ['session_revoked', 'gateway_changed'] as const;

export type ChangeChannel = (typeof CHANGE_CHANNELS)[number];

export function isChangeChannel(name: string): name is ChangeChannel {
  return (CHANGE_CHANNELS as readonly string[]).includes(name);
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; SQLite is held to the same. */
export const MAX_CHANGE_PAYLOAD_BYTES = 7999;
