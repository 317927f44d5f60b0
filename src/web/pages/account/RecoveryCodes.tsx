import { TwoFactorMessages as text } from '../../../contract/messages-two-factor.js';
import { Button } from '../../ui/Button.js';
import styles from './two-factor-section.module.css';

/** The ten recovery codes, shown once: they go away when the developer says they are saved. */
export function RecoveryCodes(props: { codes: readonly string[]; onSaved: () => void }) {
  return (
    <div className={styles.codes} role="region" aria-labelledby="recovery-title">
      <h3 id="recovery-title">{text.recoveryTitle}</h3>
      <p>{text.recoveryLead}</p>
      <ul className={styles.codeList}>
        {props.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Button onClick={props.onSaved}>{text.recoverySaved}</Button>
    </div>
  );
}
