import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InfoTooltip } from './InfoTooltip.js';

const TEXT = 'At least 9 characters';

function renderTip() {
  render(
    <>
      <InfoTooltip label="Password policy" text={TEXT} />
      <button type="button">Next</button>
    </>,
  );
  return screen.getByRole('button', { name: 'Password policy' });
}

describe('InfoTooltip', () => {
  it('shows nothing until asked', () => {
    renderTip();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows its text on keyboard focus, describes the button by it, and hides on Tab away', async () => {
    const trigger = renderTip();
    await userEvent.tab();
    expect(trigger).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent(TEXT);
    expect(trigger).toHaveAccessibleDescription(TEXT);
    await userEvent.tab();
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(trigger).not.toHaveAttribute('aria-describedby');
  });

  it('hides on Escape and leaves the focus where it was', async () => {
    const trigger = renderTip();
    await userEvent.tab();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('shows on hover and hides when the pointer leaves', async () => {
    const trigger = renderTip();
    await userEvent.hover(trigger);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TEXT);
    await userEvent.unhover(trigger);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows on a tap or click, where there is no hover', async () => {
    const trigger = renderTip();
    await userEvent.click(trigger);
    expect(screen.getByRole('tooltip')).toHaveTextContent(TEXT);
  });
});
