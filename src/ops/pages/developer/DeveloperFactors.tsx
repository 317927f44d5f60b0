import { useState } from 'react';
import type { OpsDeveloperResponse } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { Button } from '../../../web/ui/Button.js';
import { developersApi } from '../../api/developers-api.js';
import { ReasonDialog } from '../../ui/ReasonDialog.js';
import styles from '../../ui/ops-ui.module.css';

const text = OpsMessages.factors;

interface DeveloperFactorsProps {
  readonly developer: OpsDeveloperResponse['developer'];
  /** The server's message of a done reset. */
  readonly onDone: (message: string) => void;
}

/**
 * The developer's second factors, and support's reset of them with a required reason
 * (docs/decisions/069-support-resets-factors.md), offered while there is one to reset.
 */
export function DeveloperFactors({ developer, onDone }: DeveloperFactorsProps) {
  const [isOpen, setIsOpen] = useState(false);
  const { factors } = developer;
  return (
    <section className={styles.section} aria-labelledby="developer-factors">
      <h2 id="developer-factors">{text.title}</h2>
      <dl className={styles.facts}>
        <dt>{text.authenticatorApp}</dt>
        <dd>{factors.authenticatorApp ? text.appSetUp : text.appNone}</dd>
        <dt>{text.passkeys}</dt>
        <dd>{factors.passkeys}</dd>
        <dt>{text.recoveryCodesLeft}</dt>
        <dd>{factors.recoveryCodesLeft}</dd>
      </dl>
      {(factors.authenticatorApp || factors.passkeys > 0) && (
        <>
          <p className={styles.muted}>{text.hint}</p>
          <div className={styles.actions}>
            <Button variant="danger" onClick={() => setIsOpen(true)}>
              {text.reset}
            </Button>
          </div>
        </>
      )}
      <ReasonDialog
        isOpen={isOpen}
        title={text.reset}
        label={text.reason}
        requiredMessage={text.reasonRequired}
        act={(reason) => developersApi.resetFactors(developer.id, { reason: reason ?? '' })}
        onClose={() => setIsOpen(false)}
        onDone={onDone}
      />
    </section>
  );
}
