import { errorMessage, hasErrorCode } from '../../api/api-error.js';
import { notify } from '../../ui/notify.js';

/**
 * Runs a reveal (the step-up dialog asks first when the session needs it) and hands over its
 * answer with the server's notice; a failure is said in a notice, a cancelled step-up not.
 */
export async function runReveal<T extends { readonly message: string }>(
  reveal: () => Promise<T>,
  onRevealed: (answer: T) => void,
): Promise<void> {
  try {
    const answer = await reveal();
    onRevealed(answer);
    notify.success(answer.message);
  } catch (failure) {
    if (!hasErrorCode(failure, 'step_up_required')) notify.error(errorMessage(failure));
  }
}
