import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeJwt, testBrand } from '../../../test/support/brand.js';
import { BrandProvider } from '../brand.js';
import { StorageKeys } from '../session/storage.js';
import { Footer } from './Footer.js';
import { Header, SessionBar } from './Header.js';
import { rememberProfile } from '../session/signed-in-developer.js';

function renderLayout(width: number) {
  window.innerWidth = width;
  return render(
    <BrandProvider brand={testBrand}>
      <MemoryRouter>
        <Header />
        <Footer />
      </MemoryRouter>
    </BrandProvider>,
  );
}

describe('Header', () => {
  it.each([
    [1280, 'desktop'],
    [721, 'desktop'],
    [720, 'mobile'],
    [375, 'mobile'],
  ])('at %i px is the %s variant', (width, variant) => {
    renderLayout(width);
    expect(screen.getByRole('banner')).toHaveAttribute('data-variant', variant);
  });

  it('links the logo home and opens the API doc in a new tab', () => {
    renderLayout(1280);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: /Acme Trade/ })).toHaveAttribute('href', '/');
    const doc = within(banner).getByRole('link', { name: 'API Doc' });
    expect(doc).toHaveAttribute('href', testBrand.apiDocsUrl);
    expect(doc).toHaveAttribute('target', '_blank');
    expect(doc).toHaveAttribute('rel', 'noopener');
  });

  it('offers Logout only while signed in', () => {
    const { unmount } = renderLayout(1280);
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    unmount();
    localStorage.setItem(StorageKeys.accessToken, fakeJwt(Math.floor(Date.now() / 1000) + 600));
    renderLayout(1280);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});

describe('Header, signed in', () => {
  const signIn = (record: object) => {
    localStorage.setItem(StorageKeys.accessToken, fakeJwt(Math.floor(Date.now() / 1000) + 600));
    localStorage.setItem(StorageKeys.email, 'asha@example.com');
    localStorage.setItem(StorageKeys.developer, JSON.stringify(record));
  };

  it.each([1280, 390])('at %i px shows who is signed in as a link to /account', (width) => {
    signIn({ id: 'd1', name: 'Asha Rao' });
    renderLayout(width);
    const banner = screen.getByRole('banner');
    if (width === 390) fireEvent.click(within(banner).getByRole('button', { name: 'Menu' }));
    const account = within(banner).getByRole('link', {
      name: 'My Account, signed in as Asha Rao',
    });
    expect(account).toHaveAttribute('href', '/account');
    expect(within(account).getByText('Asha Rao')).toBeVisible();
    expect(within(banner).getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  it('at 390 px keeps the links behind a Menu button that Escape closes, focus back on it', () => {
    signIn({ id: 'd1', name: 'Asha Rao' });
    renderLayout(390);
    const banner = screen.getByRole('banner');
    const menu = within(banner).getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(within(banner).queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(within(banner).queryByRole('link', { name: 'API Doc' })).toBeNull();

    fireEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    const logout = within(panel as HTMLElement).getByRole('button', { name: 'Logout' });
    expect(within(panel as HTMLElement).getByRole('link', { name: 'API Doc' })).toBeVisible();
    expect(within(panel as HTMLElement).getByRole('link', { name: 'Activity' })).toBeVisible();
    logout.focus();

    fireEvent.keyDown(logout, { key: 'Escape' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
    expect(within(banner).queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('at 390 px closes the menu when a link in it changes the page', () => {
    signIn({ id: 'd1', name: 'Asha Rao' });
    renderLayout(390);
    const menu = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(menu);
    fireEvent.click(screen.getByRole('link', { name: 'Activity' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('at 1280 px shows the links without a Menu button', () => {
    signIn({ id: 'd1', name: 'Asha Rao' });
    renderLayout(1280);
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });

  it('falls back to the e-mail, and follows a saved profile', () => {
    signIn({ id: 'd1', name: '' });
    renderLayout(1280);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: /asha@example\.com$/ })).toBeVisible();
    act(() => rememberProfile({ name: 'Asha K', mobile: '+919000000001' }));
    expect(within(banner).getByRole('link', { name: /Asha K$/ })).toBeVisible();
  });

  it('offers no account link while signed out', () => {
    localStorage.clear();
    renderLayout(1280);
    expect(screen.queryByRole('link', { name: /My Account|Account/ })).toBeNull();
  });
});

describe('SessionBar', () => {
  it('keeps the account link and Logout where the header is hidden, only while signed in', () => {
    localStorage.clear();
    const { unmount } = render(
      <MemoryRouter>
        <SessionBar />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
    unmount();
    localStorage.setItem(StorageKeys.accessToken, fakeJwt(Math.floor(Date.now() / 1000) + 600));
    render(
      <MemoryRouter>
        <SessionBar />
      </MemoryRouter>,
    );
    const bar = screen.getByRole('navigation', { name: 'Account' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Menu' }));
    expect(within(bar).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(within(bar).getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});

describe('Footer', () => {
  it('shows the support line, the policy links and the current year', () => {
    renderLayout(375);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: testBrand.supportPhone })).toHaveAttribute(
      'href',
      'tel:+912240004000',
    );
    for (const [name, href] of [
      ['Support', testBrand.supportUrl],
      ['API Documentation', testBrand.apiDocsUrl],
      ['Privacy Policy', testBrand.privacyUrl],
      ['Disclaimer', testBrand.disclaimerUrl],
    ] as const) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Acme Trade`);
  });
});
