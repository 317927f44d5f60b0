import type { Locator } from '@playwright/test';

/**
 * On a narrow screen the header's (or the session bar's) links sit behind its Menu button
 * (docs/product.md section 2): opens it when there is one and it is closed.
 */
export async function openMenuIfAny(bar: Locator) {
  const menu = bar.getByRole('button', { name: 'Menu' });
  if ((await menu.count()) === 0) return;
  if ((await menu.getAttribute('aria-expanded')) === 'false') await menu.click();
}
