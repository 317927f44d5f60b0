import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

/** The notice kinds of docs/product.md section 4 that the root notifications area shows. */
export type NoticeKind = 'success' | 'error' | 'info' | 'warning';

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A notice of the root notifications area (role alert) with exactly this text. */
export function notice(page: Page, text: string | RegExp) {
  const exact = typeof text === 'string' ? new RegExp(`^${escapeRegExp(text)}$`) : text;
  return page.getByRole('alert').and(page.locator('.Toastify__toast')).filter({ hasText: exact });
}

/** Expects one notice with this text, of this kind (react-toastify marks the kind by class). */
export async function expectNotice(page: Page, text: string | RegExp, kind: NoticeKind) {
  const shown = notice(page, text);
  await expect(shown).toHaveCount(1);
  await expect(shown).toBeVisible();
  await expect(shown).toHaveClass(new RegExp(`(^|\\s)Toastify__toast--${kind}(\\s|$)`));
}
