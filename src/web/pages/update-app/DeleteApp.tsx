import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Application } from '../../../contract/apps.js';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { appKeys, appsApi } from '../../api/apps-api.js';
import { errorMessage, hasErrorCode } from '../../api/http.js';
import { Button } from '../../ui/Button.js';
import { Modal } from '../../ui/Modal.js';
import { notify } from '../../ui/notify.js';
import styles from './update-app-page.module.css';

/** docs/product.md section 8, delete: the server's message, else 'Failed to delete application.'. */
export function deleteFailureNotice(error: unknown): { kind: 'warn' | 'error'; text: string } {
  if (hasErrorCode(error, 'only_application')) {
    return { kind: 'warn', text: Messages.app.cannotDeleteOnlyAppWarning };
  }
  const message = errorMessage(error);
  return { kind: 'error', text: message.trim() === '' ? Messages.app.deleteFailed : message };
}

/** The Delete button, asked once more in a dialog; success goes back to My Apps. */
export function DeleteApp({ app }: { app: Application }) {
  const [isAsking, setIsAsking] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isDeleted = useRef(false);
  const { applicationId } = app;

  // The deleted app's cached query goes once this screen has unmounted: while the screen
  // is mounted, dropping or invalidating it makes the screen fetch the deleted app again
  // (a 404, and 'Application not found' on the way out).
  useEffect(
    () => () => {
      if (isDeleted.current) {
        queryClient.removeQueries({ queryKey: appKeys.one(applicationId), exact: true });
      }
    },
    [queryClient, applicationId],
  );

  const remove = async () => {
    setIsDeleting(true);
    try {
      await appsApi.remove(applicationId);
      isDeleted.current = true;
      notify.success(Messages.app.deleted);
      // My Apps drops the card at once and reloads its list when it mounts.
      queryClient.setQueryData<Application[]>(appKeys.all, (apps) =>
        apps?.filter((one) => one.applicationId !== applicationId),
      );
      await queryClient.invalidateQueries({ queryKey: appKeys.all, exact: true });
      await navigate(ClientPaths.myApps);
    } catch (error) {
      setIsAsking(false);
      const notice = deleteFailureNotice(error);
      notify[notice.kind](notice.text);
    } finally {
      setIsDeleting(false);
    }
  };

  return (
    <>
      <Button variant="danger" className={styles.delete} onClick={() => setIsAsking(true)}>
        <Trash2 aria-hidden="true" size={18} /> {Messages.screens.delete}
      </Button>
      <Modal
        isOpen={isAsking}
        onClose={() => setIsAsking(false)}
        title={Messages.app.deleteConfirmTitle}
      >
        <p>{Messages.app.deleteConfirmText}</p>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setIsAsking(false)} disabled={isDeleting}>
            {Messages.screens.cancel}
          </Button>
          <Button
            variant="danger"
            onClick={() => void remove()}
            disabled={isDeleting}
            isLoading={isDeleting}
          >
            {`${Messages.screens.delete} ${app.applicationName}`}
          </Button>
        </div>
      </Modal>
    </>
  );
}
