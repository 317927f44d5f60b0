import { BookOpen, History, LogOut, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Limits } from '../../contract/limits.js';
import { ShellMessages as Messages } from '../../contract/messages-shell.js';
import { ClientPaths } from '../../contract/routes.js';
import { useBrand } from '../brand.js';
import { authApi } from '../api/auth-api.js';
import { useSignedInName } from '../session/signed-in-developer.js';
import { clearSession, isAuthenticated, StorageKeys } from '../session/storage.js';
import hidden from '../ui/visually-hidden.module.css';
import { useMediaQuery } from '../ui/use-media-query.js';
import styles from './header.module.css';
import { MenuDisclosure } from './MenuDisclosure.js';

/** docs/product.md section 4, Logout: revoke the refresh token, clear the session, reload on /login. */
export async function logout() {
  const refreshToken = localStorage.getItem(StorageKeys.refreshToken);
  clearSession();
  if (refreshToken !== null) await authApi.logout(refreshToken).catch(() => undefined);
  window.location.assign(ClientPaths.login);
}

/**
 * Who is signed in, as a link to /account, and Logout. The header holds them at every width
 * (behind its menu button on narrow screens); where the header is hidden (the update screen on
 * phones) the session bar holds them behind the same button.
 */
export function SignedInLinks() {
  const who = useSignedInName();
  return (
    <>
      <Link to={ClientPaths.activity} className={styles.navLink}>
        <History aria-hidden="true" size={18} />
        <span>{Messages.activity.headerLink}</span>
      </Link>
      <Link to={ClientPaths.account} className={`${styles.navLink} ${styles.account}`}>
        <UserRound aria-hidden="true" size={18} />
        {who === '' ? (
          <span>{Messages.account.headerLink}</span>
        ) : (
          <span className={styles.who} title={who}>
            <span className={hidden.visuallyHidden}>{Messages.account.signedInAsPrefix}</span> {who}
          </span>
        )}
      </Link>
      <button type="button" onClick={() => void logout()} className={styles.navButton}>
        <LogOut aria-hidden="true" size={18} />
        <span>{Messages.screens.logout}</span>
      </button>
    </>
  );
}

/** Where the header is hidden (the update screen on phones): the account link and Logout. */
export function SessionBar() {
  if (!isAuthenticated()) return null;
  return (
    <nav aria-label={Messages.account.headerLink} className={styles.sessionBar}>
      <MenuDisclosure>
        <SignedInLinks />
      </MenuDisclosure>
    </nav>
  );
}

/** Logo to '/', 'API Doc' in a new tab, 'Logout' when signed in (docs/product.md section 2). */
export function Header() {
  const brand = useBrand();
  // docs/product.md section 2: the mobile header is chosen by a 720 px device check.
  const isMobile = useMediaQuery(`(max-width: ${Limits.narrowMaxWidth}px)`);
  const isSignedIn = isAuthenticated();
  const apiDoc = (
    <a href={brand.apiDocsUrl} target="_blank" rel="noopener" className={styles.navLink}>
      <BookOpen aria-hidden="true" size={18} />
      <span>API Doc</span>
    </a>
  );
  return (
    <header
      className={isMobile ? styles.mobile : styles.desktop}
      data-variant={isMobile ? 'mobile' : 'desktop'}
    >
      <Link to={ClientPaths.root} className={styles.logo}>
        <img src="/logo.svg" alt="" width={32} height={32} />
        <span>
          {brand.productName} <span className={styles.sub}>Developers</span>
        </span>
      </Link>
      <nav aria-label="Main" className={styles.nav}>
        {isSignedIn && isMobile ? (
          <MenuDisclosure>
            {apiDoc}
            <SignedInLinks />
          </MenuDisclosure>
        ) : (
          <>
            {apiDoc}
            {isSignedIn && <SignedInLinks />}
          </>
        )}
      </nav>
    </header>
  );
}
