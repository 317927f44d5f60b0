import { useId, useRef, useState } from 'react';
import type { EnrollmentLinkResponse } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { Button } from '../../../web/ui/Button.js';
import formStyles from '../../../web/ui/forms.module.css';
import { formatTime } from '../../../web/ui/format-time.js';
import uiStyles from '../../ui/ops-ui.module.css';
import styles from './operators-page.module.css';

const text = OpsMessages.operators;

interface EnrollmentLinkProps {
  readonly email: string;
  readonly link: EnrollmentLinkResponse;
  readonly onClose: () => void;
}

/**
 * The one-time enrollment link of an added or reset operator: shown this once (the server
 * keeps only its hash), with a copy button; a refused clipboard leaves it selected to copy.
 */
export function EnrollmentLink({ email, link, onClose }: EnrollmentLinkProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copyResult, setCopyResult] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.enrollmentUrl);
      setCopyResult(text.copied);
    } catch {
      input.current?.select();
      setCopyResult(text.copyRefused);
    }
  };
  return (
    <section className={uiStyles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{text.linkTitle}</h2>
      <div className={formStyles.field}>
        <label htmlFor={id} className={formStyles.label}>
          {text.linkFor(email)}
        </label>
        <input
          ref={input}
          id={id}
          className={formStyles.input}
          value={link.enrollmentUrl}
          readOnly
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className={formStyles.hint}>
          {text.linkHint} {text.linkExpires(formatTime(link.expiresAt))}
        </p>
      </div>
      <div className={styles.linkButtons}>
        <Button onClick={() => void copy()}>{text.copy}</Button>
        <Button variant="secondary" onClick={onClose}>
          {text.close}
        </Button>
      </div>
      <p role="status">{copyResult}</p>
    </section>
  );
}
