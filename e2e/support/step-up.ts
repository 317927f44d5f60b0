import type { Page } from '@playwright/test';
import { StepUpMessages } from '../../src/contract/messages-step-up.js';
import { expect } from './fixtures.js';

/** The step-up dialog a guarded call opens (docs/decisions/068-step-up.md). */
export function stepUpDialog(page: Page) {
  return page.getByRole('dialog', { name: StepUpMessages.title });
}

/** Answers the open step-up dialog with a code (or the password) and waits for it to close. */
export async function confirmStepUp(page: Page, proof: { code: string } | { password: string }) {
  const dialog = stepUpDialog(page);
  const label = 'code' in proof ? StepUpMessages.codeLabel : StepUpMessages.passwordLabel;
  await dialog
    .getByLabel(label, { exact: true })
    .fill('code' in proof ? proof.code : proof.password);
  await dialog.getByRole('button', { name: StepUpMessages.confirm }).click();
  await expect(dialog).toBeHidden();
}
