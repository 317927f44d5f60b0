// The Connect sessions' texts and id form, without the validation library, so the update
// screen's section loads without it (as `activity-kinds.ts`, decision 042).

/** A session's id: not the token nor its stored hash, derived from the hash (22 base64url). */
export const CONNECT_SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

/** The section's heading: focused when an ended session's row goes. */
export const CONNECT_SESSIONS_TITLE_ID = 'connect-sessions-title';

export const ConnectSessionMessages = {
  listed: 'Connect sessions fetched',
  ended: 'Connect session ended',
  notFound: 'Connect session not found: it may have ended already',
  badId: 'Connect session id is not valid',
  // ours: the update screen's Connect sessions section (docs/product.md section 2)
  title: 'Connect sessions',
  lead: 'Trading clients signed in to this app through Connect today. Each session ends at the daily logout, or when you end it: the gateway refuses its token at once.',
  empty: 'No client is signed in to this app through Connect today.',
  loading: 'Loading Connect sessions…',
  retry: 'Retry',
  clientCode: 'Client code',
  since: 'Since',
  address: 'Address',
  actions: 'Actions',
  endSession: 'End session',
  confirmTitle: 'End this Connect session?',
  confirmText: (clientCode: string) =>
    `Client ${clientCode} is signed out of this app at once and must sign in again through Connect.`,
  cancel: 'Cancel',
} as const;
