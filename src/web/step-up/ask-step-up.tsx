import { createRoot } from 'react-dom/client';
import { StepUpDialog, type StepUpProof } from './StepUpDialog.js';

/**
 * Shows the step-up dialog over the page (offering the developer's passkeys when they have
 * any) and answers whether the developer confirmed; focus
 * goes back to where it was (the button that made the guarded call).
 */
export function askStepUp(proof: StepUpProof, withPasskey: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const done = (isConfirmed: boolean) => {
      root.unmount();
      host.remove();
      returnTo?.focus();
      resolve(isConfirmed);
    };
    root.render(<StepUpDialog proof={proof} withPasskey={withPasskey} onDone={done} />);
  });
}
