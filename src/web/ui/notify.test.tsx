import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NoticeAreaProps, notify, useCloseStaleErrors, useLoadedToasts } from './notify.js';

function NoticeArea() {
  useCloseStaleErrors(useLocation().pathname);
  const toasts = useLoadedToasts();
  return toasts === null ? null : <toasts.ToastContainer {...NoticeAreaProps} />;
}

function renderPages() {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <NoticeArea />
      <Routes>
        <Route path="/login" element={<Link to="/create-new-app">Leave</Link>} />
        <Route path="/create-new-app" element={<h1>My Apps</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** jsdom runs no animations: end each of the notice's, as a browser would, until it is gone. */
async function expectClosed(text: string) {
  await waitFor(() => {
    const notice = screen.queryByText(text)?.closest('.Toastify__toast');
    if (notice !== null && notice !== undefined) fireEvent.animationEnd(notice);
    expect(screen.queryByText(text)).toBeNull();
  });
}

describe('error notices', () => {
  it('close when the same page then succeeds; the success stays', async () => {
    renderPages();
    act(() => notify.error('Invalid code.'));
    expect(await screen.findByText('Invalid code.')).toBeVisible();
    act(() => notify.success('OTP verified successfully!'));
    expect(await screen.findByText('OTP verified successfully!')).toBeVisible();
    await expectClosed('Invalid code.');
  });

  it('close when the developer leaves their page', async () => {
    renderPages();
    act(() => notify.alert('Incorrect email or password.'));
    expect(await screen.findByText('Incorrect email or password.')).toBeVisible();
    fireEvent.click(screen.getByRole('link', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'My Apps' })).toBeVisible();
    await expectClosed('Incorrect email or password.');
  });

  it('raised for the next page stay when that page opens', async () => {
    renderPages();
    act(() => notify.error('The sign-in link has expired.', '/create-new-app'));
    fireEvent.click(screen.getByRole('link', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'My Apps' })).toBeVisible();
    expect(await screen.findByText('The sign-in link has expired.')).toBeVisible();
  });

  it('stay beside an info notice of the same page', async () => {
    renderPages();
    act(() => notify.error('Something failed.'));
    act(() => notify.info('Please wait.'));
    expect(await screen.findByText('Please wait.')).toBeVisible();
    expect(screen.getByText('Something failed.')).toBeVisible();
  });
});
