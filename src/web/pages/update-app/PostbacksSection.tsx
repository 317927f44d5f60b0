import { Copy, Eye, EyeOff, ScrollText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { KeyGrace } from '../../../contract/keys.js';
import { Messages } from '../../../contract/messages.js';
import { POSTBACK_VERIFY_EXAMPLE, type PostbackSecret } from '../../../contract/postbacks.js';
import { postbacksPath } from '../../../contract/routes.js';
import { postbacksApi, type RevealPostbackSecretResponse } from '../../api/postbacks-api.js';
import { Button } from '../../ui/Button.js';
import { formatTime } from '../../ui/format-time.js';
import { RollKey, type RollTexts } from './RollKey.js';
import { runReveal } from './run-reveal.js';
import { TestPostback } from './TestPostback.js';
import { useCopy } from './use-copy.js';
import pageStyles from './update-app-page.module.css';
import section from '../../ui/section.module.css';
import styles from './postbacks-section.module.css';

const text = Messages.postbacks;

const ROLL_TEXTS: RollTexts = {
  action: text.roll,
  title: text.rollTitle,
  text: text.rollText,
  legend: text.graceLegend,
};

interface ShownSecret extends PostbackSecret {
  /** The whole secret, while a reveal lasts. */
  readonly secret?: string;
}

interface Shown {
  readonly secrets: readonly ShownSecret[];
  /** When a reveal's grant ends; null for masked secrets. */
  readonly until: number | null;
}

function revealedOf(answer: RevealPostbackSecretResponse): Shown {
  return { secrets: answer.secrets, until: Date.parse(answer.revealedUntil) };
}

/**
 * The update screen's Postbacks section: the signing secrets, masked until a
 * reveal, Roll with the API key's graces, how to verify, Send test postback, and the log.
 */
export function PostbacksSection({ applicationId }: { applicationId: string }) {
  // Null until a roll or reveal: the server hands out no secret without one.
  const [shown, setShown] = useState<Shown | null>(null);
  const { copy, fallback } = useCopy();

  // The grant lasts 5 minutes, like the API key's: then the secrets are hidden again.
  useEffect(() => {
    if (shown?.until == null) return;
    const timer = setTimeout(() => setShown(null), Math.max(0, shown.until - Date.now()));
    return () => clearTimeout(timer);
  }, [shown]);

  const roll = async (grace: KeyGrace) => {
    const answer = await postbacksApi.rollSecret(applicationId, grace);
    setShown({ secrets: answer.secrets, until: null });
    return answer.message;
  };
  const isRevealed = shown?.until != null;
  const secrets: readonly ShownSecret[] = shown?.secrets ?? [
    { id: 'hidden', masked: text.secretHidden, expiresAt: null },
  ];

  return (
    <section className={section.section} aria-labelledby="postbacks-title">
      <h2 id="postbacks-title">{text.title}</h2>
      <p className={section.lead}>{text.lead}</p>
      <dl className={styles.secrets}>
        {secrets.map((secret) => {
          const label = secret.expiresAt === null ? text.secretLabel : text.oldSecretLabel;
          const whole = secret.secret;
          return (
            <div key={secret.id} className={pageStyles.keyRow}>
              <dt>{label}</dt>
              <dd>
                <code className={pageStyles.key}>{whole ?? secret.masked}</code>
                {whole !== undefined && (
                  <button
                    type="button"
                    className={pageStyles.copy}
                    aria-label={`${text.copySecret}: ${label}`}
                    onClick={() => void copy(label, whole, text.copied)}
                  >
                    <Copy aria-hidden="true" size={18} />
                  </button>
                )}
              </dd>
              {secret.expiresAt !== null && (
                <dd className={pageStyles.expiry}>
                  {text.secretStopsAt(formatTime(secret.expiresAt))}
                </dd>
              )}
            </div>
          );
        })}
      </dl>
      <div className={pageStyles.keyActions}>
        {isRevealed ? (
          <Button
            variant="secondary"
            className={pageStyles.keyAction}
            onClick={() => setShown(null)}
          >
            <EyeOff aria-hidden="true" size={18} /> {text.hide}
          </Button>
        ) : (
          <Button
            variant="secondary"
            className={pageStyles.keyAction}
            onClick={() =>
              void runReveal(
                () => postbacksApi.revealSecret(applicationId),
                (answer) => setShown(revealedOf(answer)),
              )
            }
          >
            <Eye aria-hidden="true" size={18} /> {text.reveal}
          </Button>
        )}
        <RollKey texts={ROLL_TEXTS} roll={roll} />
      </div>

      <h3>{text.verifyTitle}</h3>
      <p>{text.verifyText}</p>
      <pre className={styles.code} tabIndex={0} aria-label={text.verifyTitle}>
        <code>{POSTBACK_VERIFY_EXAMPLE}</code>
      </pre>

      <TestPostback applicationId={applicationId} />
      <p>
        <Link to={postbacksPath(applicationId)} className={pageStyles.back}>
          <ScrollText aria-hidden="true" size={18} /> {text.logLink}
        </Link>
      </p>

      {fallback}
    </section>
  );
}
