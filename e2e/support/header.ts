import { expect, type Locator } from '@playwright/test';
import { Limits } from '../../src/contract/limits.js';

/**
 * On a narrow screen the header's (or the session bar's) links sit behind its Menu button
 * (docs/product.md section 2.1): there, waits for the button and opens the menu if it is
 * closed. The width decides, not whether a button is found yet: a page still rendering has
 * none, and its links would then be looked for behind a closed menu.
 */
export async function openMenuWhenNarrow(bar: Locator) {
  const width = bar.page().viewportSize()?.width ?? Infinity;
  if (width > Limits.narrowMaxWidth) return;
  const menu = bar.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  if ((await menu.getAttribute('aria-expanded')) === 'false') await menu.click();
}
