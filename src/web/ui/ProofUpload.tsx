import { useId, useState } from 'react';
import { Messages } from '../../contract/messages.js';
import { documentProblem } from './file-checks.js';
import formStyles from './forms.module.css';

/**
 * The family-proof upload of one IP: PDF, PNG, JPG or JPEG, at most 1 MB (docs/product.md section 5).
 * A file that breaks the rules shows why, and no file stays chosen.
 */
export function ProofUpload({
  ip,
  onChoose,
}: {
  ip: string;
  onChoose: (file: File | null) => void;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        Proof for {ip}
      </label>
      <p id={`${id}-hint`} className={formStyles.hint}>
        {Messages.ips.proofRequiredHint} {Messages.ips.proofFileHint}
      </p>
      <input
        id={id}
        type="file"
        accept=".pdf,.png,.jpg,.jpeg"
        aria-describedby={`${id}-hint`}
        aria-invalid={problem !== null}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file === undefined) return;
          const found = documentProblem(file);
          setProblem(found);
          // A refused file also drops the one chosen before: the input no longer shows it.
          onChoose(found === null ? file : null);
          if (found !== null) event.target.value = '';
        }}
      />
      {problem !== null && (
        <p className={formStyles.error} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
