import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import {
  CONNECT_SESSIONS_TITLE_ID,
  ConnectSessionMessages,
} from '../../../contract/connect-sessions-text.js';
import section from '../../ui/section.module.css';

const text = ConnectSessionMessages;

// The table and its dialog are a chunk of their own, asked for when the section comes near the
// screen: the update screen's script budget has no room for them (decision 065).
const ConnectSessionsTable = lazy(async () => ({
  default: (await import('./ConnectSessionsTable.js')).ConnectSessionsTable,
}));

/** True once the element is within a screen's height of the viewport (at once without IO). */
function useNear(ref: RefObject<HTMLElement | null>): boolean {
  const [isNear, setIsNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (isNear || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, isNear]);
  return isNear;
}

function Loading() {
  return <p role="status">{text.loading}</p>;
}

/** The update screen's Connect sessions section: today's signed-in trading clients. */
export function ConnectSessions({ applicationId }: { applicationId: string }) {
  const ref = useRef<HTMLElement>(null);
  const isNear = useNear(ref);
  return (
    <section ref={ref} className={section.section} aria-labelledby={CONNECT_SESSIONS_TITLE_ID}>
      <h2 id={CONNECT_SESSIONS_TITLE_ID} tabIndex={-1}>
        {text.title}
      </h2>
      <p className={section.lead}>{text.lead}</p>
      {isNear ? (
        <Suspense fallback={<Loading />}>
          <ConnectSessionsTable applicationId={applicationId} />
        </Suspense>
      ) : (
        <Loading />
      )}
    </section>
  );
}
