import { useQueryClient } from '@tanstack/react-query';
import { Copy, Eye, EyeOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Application, ApplicationResponse } from '../../../contract/apps.js';
import type { KeyGrace, RevealKeysResponse } from '../../../contract/keys.js';
import { Messages } from '../../../contract/messages.js';
import { appKeys } from '../../api/apps-api.js';
import { keysApi } from '../../api/keys-api.js';
import { Button } from '../../ui/Button.js';
import { formatTime } from '../../ui/format-time.js';
import { BLOCK_NOTICE_ID } from './BlockNotice.js';
import { KEY_ROLL_TEXTS, RollKey } from './RollKey.js';
import { runReveal } from './run-reveal.js';
import { useCopy } from './use-copy.js';
import styles from './update-app-page.module.css';

interface Entry {
  readonly id: string;
  readonly label: string;
  readonly shown: string;
  /** Whether `shown` is a masked key (kept on one line). */
  readonly isMasked: boolean;
  /**
   * The whole value to copy; REVEAL_FIRST for the current key when reads carry it masked
   * (API_KEY_IN_READS=masked); null when not known here (an old key before a reveal).
   */
  readonly value: string | typeof REVEAL_FIRST | null;
  readonly notice: string;
  readonly expiresAt: string | null;
}

const REVEAL_FIRST = Symbol('reveal first');

interface Revealed {
  readonly keys: ReadonlyMap<string, string>;
  readonly until: number;
}

/** The whole keys, by id, until the reveal's grant ends. */
function revealedOf(answer: RevealKeysResponse): Revealed {
  return {
    keys: new Map(answer.keys.map((key) => [key.id, key.key])),
    until: Date.parse(answer.revealedUntil),
  };
}

/**
 * The side tile: the API keys, masked until a reveal (the current one, and old ones in
 * their grace period with the time they stop), the Application ID, each with a copy icon;
 * Reveal keys and Roll key. Copying needs no reveal: it copies the whole key.
 */
export function KeyTile({ app }: { app: Application }) {
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const { copy, fallback } = useCopy();
  const queryClient = useQueryClient();

  // Shown until the step-up ends (StepUpLimits.grantMs): then the keys are masked again.
  useEffect(() => {
    if (revealed === null) return;
    const timer = setTimeout(() => setRevealed(null), Math.max(0, revealed.until - Date.now()));
    return () => clearTimeout(timer);
  }, [revealed]);

  // The answer's keys replace the cached app's, so the tile lists both at once.
  const roll = async (grace: KeyGrace) => {
    const answer = await keysApi.roll(app.applicationId, grace);
    queryClient.setQueryData<ApplicationResponse>(appKeys.one(app.applicationId), (cached) =>
      cached === undefined ? cached : { ...cached, secret: answer.secret, keys: answer.keys },
    );
    await queryClient.invalidateQueries({ queryKey: appKeys.all, exact: true });
    return answer.message;
  };

  const reveal = (then?: (answer: RevealKeysResponse) => void) =>
    runReveal(
      () => keysApi.reveal(app.applicationId),
      (answer) => {
        setRevealed(revealedOf(answer));
        then?.(answer);
      },
    );
  // Reads carry the mask in `secret` under API_KEY_IN_READS=masked: copying reveals first.
  const currentValue: Entry['value'] = app.keys.some((key) => key.masked === app.secret)
    ? REVEAL_FIRST
    : app.secret;
  const copyEntry = (entry: Entry) => {
    const { value } = entry;
    if (value === null) return;
    if (value !== REVEAL_FIRST) {
      void copy(entry.label, value, entry.notice);
      return;
    }
    void reveal((answer) => {
      const whole = answer.keys.find((key) => key.expiresAt === null)?.key;
      if (whole !== undefined) void copy(entry.label, whole, entry.notice);
    });
  };

  const entries: Entry[] = [
    ...app.keys.map((key): Entry => {
      const whole = revealed?.keys.get(key.id);
      return {
        id: key.id,
        label: key.expiresAt === null ? Messages.screens.apiKey : Messages.keys.old,
        shown: whole ?? key.masked,
        isMasked: whole === undefined,
        value: whole ?? (key.expiresAt === null ? currentValue : null),
        notice: Messages.copy.apiKey,
        expiresAt: key.expiresAt,
      };
    }),
    {
      id: 'application-id',
      label: Messages.screens.applicationIdLabel,
      shown: app.applicationId,
      isMasked: false,
      value: app.applicationId,
      notice: Messages.copy.applicationId,
      expiresAt: null,
    },
  ];

  return (
    <aside className={styles.tile} aria-label="Keys">
      <dl>
        {entries.map((entry) => (
          <div key={entry.id} className={styles.keyRow}>
            <dt>{entry.label}</dt>
            <dd>
              <code className={entry.isMasked ? `${styles.key} ${styles.masked}` : styles.key}>
                {entry.shown}
              </code>
              {entry.value !== null && (
                <button
                  type="button"
                  className={styles.copy}
                  aria-label={`Copy ${entry.label}`}
                  onClick={() => copyEntry(entry)}
                >
                  <Copy aria-hidden="true" size={18} />
                </button>
              )}
            </dd>
            {entry.expiresAt !== null && (
              <dd className={styles.expiry}>
                {Messages.keys.stopsAt(formatTime(entry.expiresAt))}
              </dd>
            )}
          </div>
        ))}
      </dl>
      <div className={styles.keyActions}>
        {revealed === null ? (
          <Button variant="secondary" className={styles.keyAction} onClick={() => void reveal()}>
            <Eye aria-hidden="true" size={18} /> {Messages.keys.reveal}
          </Button>
        ) : (
          <Button
            variant="secondary"
            className={styles.keyAction}
            onClick={() => setRevealed(null)}
          >
            <EyeOff aria-hidden="true" size={18} /> {Messages.keys.hide}
          </Button>
        )}
        <RollKey
          texts={KEY_ROLL_TEXTS}
          roll={roll}
          onRolled={() => setRevealed(null)}
          disabledBy={app.block === null ? undefined : BLOCK_NOTICE_ID}
        />
      </div>
      {fallback}
    </aside>
  );
}
