import { RefreshCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { KEY_GRACES, type KeyGrace } from '../../../contract/key-grace.js';
import { Messages } from '../../../contract/messages.js';
import { errorMessage } from '../../api/http.js';
import { Button } from '../../ui/Button.js';
import { Modal } from '../../ui/Modal.js';
import { notify } from '../../ui/notify.js';
import styles from './update-app-page.module.css';

const GRACE_LABELS: Readonly<Record<KeyGrace, string>> = {
  now: Messages.keys.graceNow,
  '1h': Messages.keys.grace1h,
  '24h': Messages.keys.grace24h,
  '7d': Messages.keys.grace7d,
};

/** What the roll button and its dialog say: the API key's or the postback secret's. */
export interface RollTexts {
  readonly action: string;
  readonly title: string;
  readonly text: string;
  readonly legend: string;
}

export const KEY_ROLL_TEXTS: RollTexts = {
  action: Messages.keys.roll,
  title: Messages.keys.rollTitle,
  text: Messages.keys.rollText,
  legend: Messages.keys.graceLegend,
};

/**
 * Roll (after Stripe's): a new secret now, the old one kept for the chosen grace
 * period. `roll` makes the call and keeps its answer; it returns the message to show.
 */
export function RollKey({
  texts,
  roll,
  onRolled,
  disabledBy,
}: {
  texts: RollTexts;
  roll: (grace: KeyGrace) => Promise<string>;
  onRolled?: () => void;
  /** The id of the text saying why rolling is off now; the button is disabled while set. */
  disabledBy?: string | undefined;
}) {
  const [isAsking, setIsAsking] = useState(false);
  const [grace, setGrace] = useState<KeyGrace>('24h');
  const [isRolling, setIsRolling] = useState(false);
  // Two roll dialogs share the update screen: each radio group needs its own name.
  const groupName = useId();
  // The dialog opens on the chosen grace, so one key press cannot revoke the key at once.
  const chosen = useRef<HTMLInputElement>(null);

  const confirm = async () => {
    setIsRolling(true);
    try {
      const message = await roll(grace);
      setIsAsking(false);
      onRolled?.();
      notify.success(message);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setIsRolling(false);
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        className={styles.keyAction}
        disabled={disabledBy !== undefined}
        aria-describedby={disabledBy}
        onClick={() => setIsAsking(true)}
      >
        <RefreshCw aria-hidden="true" size={18} /> {texts.action}
      </Button>
      <Modal
        isOpen={isAsking}
        onClose={() => setIsAsking(false)}
        title={texts.title}
        initialFocus={chosen}
      >
        <p>{texts.text}</p>
        <fieldset className={styles.graces}>
          <legend>{texts.legend}</legend>
          {KEY_GRACES.map((option) => (
            <label key={option} className={styles.grace}>
              <input
                type="radio"
                ref={grace === option ? chosen : undefined}
                name={groupName}
                value={option}
                checked={grace === option}
                onChange={() => setGrace(option)}
              />
              {GRACE_LABELS[option]}
            </label>
          ))}
        </fieldset>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setIsAsking(false)} disabled={isRolling}>
            {Messages.screens.cancel}
          </Button>
          <Button onClick={() => void confirm()} disabled={isRolling} isLoading={isRolling}>
            {texts.action}
          </Button>
        </div>
      </Modal>
    </>
  );
}
