import { OpsMessages } from '../../contract/ops-messages.js';
import { errorMessage } from '../../web/api/http.js';
import { Button } from '../../web/ui/Button.js';
import styles from './ops-ui.module.css';

interface LoadFailedProps {
  readonly title: string;
  readonly error: unknown;
  readonly retry: () => void;
}

/** A page's data that could not be loaded: what, the server's message, and a retry. */
export function LoadFailed({ title, error, retry }: LoadFailedProps) {
  return (
    <div role="alert" className={styles.error}>
      <p>
        {title} {errorMessage(error)}
      </p>
      <Button variant="secondary" onClick={retry}>
        {OpsMessages.page.retry}
      </Button>
    </div>
  );
}
