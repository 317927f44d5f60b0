import { useNavigate } from 'react-router';
import type { AuthResponse } from '../../../contract/auth.js';
import { SignedOutMessages as Messages } from '../../../contract/messages-signed-out.js';
import { ACCOUNT_TWO_FACTOR_ID, ClientPaths } from '../../../contract/routes.js';
import { storeSession } from '../../session/session.js';
import { notify } from '../../ui/notify.js';

/**
 * A whole sign-in: the session stored, then My Apps, or the account screen's second factor
 * when the broker requires one and none is set up (`ChallengeName: 'MFA_SETUP'`).
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  return async (response: AuthResponse, options: { replace?: boolean } = {}) => {
    storeSession(response);
    notify.success(Messages.login.success);
    const mustEnroll = response.user_status.ChallengeName === 'MFA_SETUP';
    await navigate(
      mustEnroll ? `${ClientPaths.account}#${ACCOUNT_TWO_FACTOR_ID}` : ClientPaths.myApps,
      options,
    );
  };
}
