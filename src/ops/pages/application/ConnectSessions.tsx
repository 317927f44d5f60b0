import { useState } from 'react';
import type { OpsDoneResponse } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { Button } from '../../../web/ui/Button.js';
import { ReasonDialog } from '../../ui/ReasonDialog.js';
import styles from '../../ui/ops-ui.module.css';

const text = OpsMessages.connect;

interface ConnectSessionsProps {
  /** Ends every live Connect session of the application with the operator's reason. */
  readonly end: (reason: string) => Promise<OpsDoneResponse>;
  /** The server's message: how many sessions ended. */
  readonly onDone: (message: string) => void;
}

/** The application's Connect sessions (docs/connect.md): support or admin end them all at once. */
export function ConnectSessions({ end, onDone }: ConnectSessionsProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="connect-sessions">
      <h2 id="connect-sessions">{text.title}</h2>
      <p className={styles.muted}>{text.appHint}</p>
      <div className={styles.actions}>
        <Button variant="danger" onClick={() => setIsOpen(true)}>
          {text.endApp}
        </Button>
      </div>
      <ReasonDialog
        isOpen={isOpen}
        title={text.endApp}
        label={text.reason}
        requiredMessage={OpsMessages.application.reasonRequired}
        act={(reason) => end(reason ?? '')}
        onClose={() => setIsOpen(false)}
        onDone={onDone}
      />
    </section>
  );
}
