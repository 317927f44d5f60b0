import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { Messages } from '../../../contract/messages.js';
import { profileQuery } from '../../api/account-api.js';
import { twoFactorQuery } from '../../api/two-factor-api.js';
import { errorMessage } from '../../api/http.js';
import { PasswordSection } from './PasswordSection.js';
import { ProfileSection } from './ProfileSection.js';
import { SessionsSection } from './SessionsSection.js';
import { TwoFactorSection } from './TwoFactorSection.js';
import styles from './account-page.module.css';

/** /account: the signed-in developer's profile, password, second factor and signed-in devices. */
export default function AccountPage() {
  const profile = useDeferredValue(useQuery(profileQuery));
  const twoFactor = useQuery(twoFactorQuery).data;
  // DEVELOPER_2FA=required and no factor yet: setting one up is all the server allows.
  if (twoFactor?.policy === 'required' && twoFactor.totpEnrolledAt === null) {
    return (
      <div className={styles.page}>
        <h1>{Messages.account.title}</h1>
        <TwoFactorSection />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <h1>{Messages.account.title}</h1>
      <p className={styles.lead}>{Messages.account.lead}</p>
      {profile.isError && (
        <p role="alert" className={styles.loadError}>
          {errorMessage(profile.error)}
        </p>
      )}
      <div className={styles.panels}>
        {/* While loading, the same panel with its fields empty and disabled, so nothing moves
            when the profile arrives; keyed so the form starts from the loaded profile. */}
        <ProfileSection
          key={profile.data === undefined ? 'loading' : 'loaded'}
          profile={profile.data?.profile}
        />
        <PasswordSection />
      </div>
      <TwoFactorSection />
      <SessionsSection />
    </div>
  );
}
