import { hasErrorCode } from './api-error.js';

/**
 * Runs a guarded call; when the server answers `step_up_required`, asks the code (or the
 * password) in a dialog and, once confirmed, makes the same call again, so nothing the
 * developer typed is lost (docs/decisions/068-step-up.md). Cancelled, the refusal stands.
 */
export async function withStepUp<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (!hasErrorCode(error, 'step_up_required')) throw error;
    // The dialog comes with the first refusal, not with the screen.
    const { askStepUp } = await import('../step-up/ask-step-up.js');
    const proof = error.body.stepUpWith === 'code' ? 'code' : 'password';
    if (!(await askStepUp(proof, error.body.passkey === true))) throw error;
    return request();
  }
}
