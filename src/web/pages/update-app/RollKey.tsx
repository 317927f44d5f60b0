import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { ApplicationResponse } from '../../../contract/apps.js';
import { KeyGraceSchema, type KeyGrace } from '../../../contract/keys.js';
import { Messages } from '../../../contract/messages.js';
import { appKeys } from '../../api/apps-api.js';
import { errorMessage } from '../../api/http.js';
import { keysApi } from '../../api/keys-api.js';
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

/**
 * Roll key (issue 10, after Stripe's): a new key now, the old one kept for the chosen
 * grace period. The answer's keys replace the cached app's, so the tile lists both at once.
 */
export function RollKey({
  applicationId,
  onRolled,
}: {
  applicationId: string;
  onRolled: () => void;
}) {
  const [isAsking, setIsAsking] = useState(false);
  const [grace, setGrace] = useState<KeyGrace>('24h');
  const [isRolling, setIsRolling] = useState(false);
  const queryClient = useQueryClient();

  const roll = async () => {
    setIsRolling(true);
    try {
      const answer = await keysApi.roll(applicationId, grace);
      queryClient.setQueryData<ApplicationResponse>(appKeys.one(applicationId), (app) =>
        app === undefined ? app : { ...app, secret: answer.secret, keys: answer.keys },
      );
      await queryClient.invalidateQueries({ queryKey: appKeys.all, exact: true });
      setIsAsking(false);
      onRolled();
      notify.success(answer.message);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setIsRolling(false);
    }
  };

  return (
    <>
      <Button variant="secondary" className={styles.keyAction} onClick={() => setIsAsking(true)}>
        <RefreshCw aria-hidden="true" size={18} /> {Messages.keys.roll}
      </Button>
      <Modal isOpen={isAsking} onClose={() => setIsAsking(false)} title={Messages.keys.rollTitle}>
        <p>{Messages.keys.rollText}</p>
        <fieldset className={styles.graces}>
          <legend>{Messages.keys.graceLegend}</legend>
          {KeyGraceSchema.options.map((option) => (
            <label key={option} className={styles.grace}>
              <input
                type="radio"
                name="grace"
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
          <Button onClick={() => void roll()} disabled={isRolling} isLoading={isRolling}>
            {Messages.keys.roll}
          </Button>
        </div>
      </Modal>
    </>
  );
}
