import { useState } from 'react';
import type { OpsBlock, OpsDoneResponse } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { Button } from '../../web/ui/Button.js';
import { formatTime } from '../../web/ui/format-time.js';
import { ReasonDialog } from './ReasonDialog.js';
import styles from './ops-ui.module.css';

const text = OpsMessages.killSwitch;

/** What one kill switch says: its state while set, and its two actions. */
export interface KillSwitchTexts {
  readonly blocked: (reason: string) => string;
  readonly block: string;
  readonly unblock: string;
}

interface KillSwitchProps {
  readonly block: OpsBlock;
  readonly texts: KillSwitchTexts;
  /** Sets (true) or lifts (false) the block with the operator's reason. */
  readonly act: (blocked: boolean, reason: string) => Promise<OpsDoneResponse>;
  /** The server's message of the done action. */
  readonly onDone: (message: string) => void;
  /** The developer's block, which also stops an application's calls: shown, not set here. */
  readonly outer?: { readonly block: OpsBlock; readonly blocked: (reason: string) => string };
}

/** A block as set: its reason and since when. */
function BlockState({
  block,
  blocked,
}: {
  block: NonNullable<OpsBlock>;
  blocked: (reason: string) => string;
}) {
  return (
    <p>
      <strong>{blocked(block.reason)}</strong>{' '}
      <time dateTime={block.since}>{text.since(formatTime(block.since))}</time>
    </p>
  );
}

/**
 * The kill switch (docs/decisions/054-kill-switch.md): the screen shows the block, and
 * support or admin set or lift it with a reason the developer is mailed.
 */
export function KillSwitch({ block, texts, act, onDone, outer }: KillSwitchProps) {
  const [isOpen, setIsOpen] = useState(false);
  const isBlocked = block !== null;
  const title = isBlocked ? texts.unblock : texts.block;
  const outerBlock = outer?.block ?? null;
  return (
    <section className={styles.section} aria-labelledby="kill-switch">
      <h2 id="kill-switch">{text.title}</h2>
      {outer !== undefined && outerBlock !== null && (
        <BlockState block={outerBlock} blocked={outer.blocked} />
      )}
      {block !== null && <BlockState block={block} blocked={texts.blocked} />}
      {block === null && outerBlock === null && <p className={styles.muted}>{text.none}</p>}
      <div className={styles.actions}>
        <Button variant={isBlocked ? 'primary' : 'danger'} onClick={() => setIsOpen(true)}>
          {title}
        </Button>
      </div>
      <ReasonDialog
        isOpen={isOpen}
        title={title}
        label={text.reason}
        requiredMessage={OpsMessages.application.reasonRequired}
        act={(reason) => act(!isBlocked, reason ?? '')}
        onClose={() => setIsOpen(false)}
        onDone={onDone}
      />
    </section>
  );
}
