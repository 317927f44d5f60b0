import { useEffect, useRef } from 'react';
import { Messages } from '../../../contract/messages.js';
import { Button } from '../../ui/Button.js';
import { Modal } from '../../ui/Modal.js';
import { TextField } from '../../ui/TextField.js';
import styles from './update-app-page.module.css';

interface CopyFallbackProps {
  /** The whole text to copy; null keeps the dialog closed. */
  readonly text: string | null;
  readonly label: string;
  readonly onClose: () => void;
}

/**
 * When the browser refuses the clipboard: the whole key in a read-only field, focused and
 * selected, with how to copy it. The key on the tile is masked, so selecting it there would
 * copy stars.
 */
export function CopyFallback({ text, label, onClose }: CopyFallbackProps) {
  const input = useRef<HTMLInputElement>(null);
  // Runs after the dialog's own effect has opened it, so focus can move in.
  useEffect(() => {
    if (text === null) return;
    input.current?.focus();
    input.current?.select();
  }, [text]);
  return (
    <Modal isOpen={text !== null} onClose={onClose} title={Messages.keys.copyFallbackTitle}>
      <TextField
        ref={input}
        label={label}
        hint={Messages.keys.copyFallbackText}
        readOnly
        spellCheck={false}
        value={text ?? ''}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className={styles.dialogActions}>
        <Button onClick={onClose}>{Messages.keys.close}</Button>
      </div>
    </Modal>
  );
}
