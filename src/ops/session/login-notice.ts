import { OpsClientPaths } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';

/** Why the operator is on the sign-in page, carried in its address so a reload keeps it. */
const NOTICES = {
  ended: OpsMessages.login.sessionEnded,
  signedOut: OpsMessages.login.signedOut,
  enrolled: OpsMessages.enroll.done,
} as const;
export type LoginNotice = keyof typeof NOTICES;

const PARAM = 'notice';

export function loginPathWith(notice: LoginNotice): string {
  return `${OpsClientPaths.login}?${new URLSearchParams({ [PARAM]: notice }).toString()}`;
}

/** The text of the notice named in `search`, or null. */
export function loginNoticeText(search: string): string | null {
  const notice = new URLSearchParams(search).get(PARAM);
  return notice !== null && Object.hasOwn(NOTICES, notice) ? NOTICES[notice as LoginNotice] : null;
}
