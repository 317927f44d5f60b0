import { Outlet, useLocation, useNavigation } from 'react-router';
import 'react-toastify/ReactToastify.css';
import { Limits } from '../contract/limits.js';
import { useIsLoading } from './api/loading.js';
import { Footer } from './layout/Footer.js';
import { Header, SessionBar } from './layout/Header.js';
import { usePageMeta } from './page-meta.js';
import { useRouteHandle } from './route-handle.js';
import styles from './root-layout.module.css';
import { NoticeAreaProps, useCloseStaleErrors, useLoadedToasts } from './ui/notify.js';
import { Spinner } from './ui/Spinner.js';
import { useMediaQuery } from './ui/use-media-query.js';

/** The root view of docs/product.md section 2: notifications area, routed view, loading spinner. */
export function RootLayout() {
  const handle = useRouteHandle();
  usePageMeta(handle.meta);
  const isNavigating = useNavigation().state !== 'idle';
  const isRequesting = useIsLoading();
  const isDesktop = useMediaQuery(`(min-width: ${Limits.desktopMinWidth}px)`);
  const showsHeader = handle.header !== 'desktopOnly' || isDesktop;
  const toasts = useLoadedToasts();
  useCloseStaleErrors(useLocation().pathname);
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      {/* Without the header, Logout and the account link stay reachable. */}
      {showsHeader ? <Header /> : <SessionBar />}
      <main
        id="main"
        tabIndex={-1}
        className={handle.layout === 'login' ? styles.loginMain : styles.main}
        data-layout={handle.layout ?? 'default'}
      >
        <Outlet />
      </main>
      <Footer />
      {toasts !== null && <toasts.ToastContainer {...NoticeAreaProps} />}
      {(isNavigating || isRequesting) && <Spinner />}
    </>
  );
}
