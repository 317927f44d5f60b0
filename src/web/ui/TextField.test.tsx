import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextField } from './TextField.js';

describe('TextField', () => {
  it('keeps the field layout class next to a class of its own, as the blurred client id has', () => {
    render(<TextField label="Client ID" className="blurred" readOnly value="AB1234" />);
    const box = screen.getByLabelText('Client ID').parentElement;
    expect(box).toHaveClass('field');
    expect(box).toHaveClass('blurred');
  });

  it('has the layout class alone otherwise', () => {
    render(<TextField label="App name" />);
    expect(screen.getByLabelText('App name').parentElement).toHaveAttribute('class', 'field');
  });
});
