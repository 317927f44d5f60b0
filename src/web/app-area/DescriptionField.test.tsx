import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Limits } from '../../contract/limits.js';
import { Messages } from '../../contract/messages.js';
import { DescriptionField } from './DescriptionField.js';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <DescriptionField value={value} onChange={setValue} />;
}

const field = () => screen.getByRole('textbox', { name: 'Description' });

describe('the description field (docs/product.md section 5)', () => {
  it('takes several lines, each line break one character of the count it shows', async () => {
    render(<Harness />);
    expect(field().tagName).toBe('TEXTAREA');
    expect(field()).toHaveAttribute('maxlength', String(Limits.descriptionMax));
    expect(screen.getByText(Messages.app.descriptionCount(0))).toBeVisible();

    await userEvent.type(field(), 'Buys{Enter}Sells');
    expect(field()).toHaveValue('Buys\nSells');
    expect(screen.getByText(Messages.app.descriptionCount(10))).toBeVisible();
  });

  it('is described by its count, which a screen reader hears with the field, not on every key', async () => {
    render(<Harness />);
    await userEvent.type(field(), 'abc');
    expect(field()).toHaveAccessibleDescription(Messages.app.descriptionCount(3));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says politely once the limit is reached, and no more once below it', async () => {
    render(<Harness initial={'x'.repeat(Limits.descriptionMax - 1)} />);
    expect(screen.getByRole('status')).toHaveTextContent('');
    await userEvent.type(field(), 'y');
    expect(screen.getByRole('status')).toHaveTextContent(Messages.app.descriptionLimitReached);
    expect(field()).toHaveAccessibleDescription(
      Messages.app.descriptionCount(Limits.descriptionMax),
    );
    await userEvent.type(field(), '{Backspace}');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
