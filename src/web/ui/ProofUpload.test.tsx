import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProofUpload } from './ProofUpload.js';

const file = (name: string, bytes: number, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

describe('ProofUpload', () => {
  it('defect 3: an invalid file after a valid one drops the valid one', async () => {
    const onChoose = vi.fn<(file: File | null) => void>();
    render(<ProofUpload ip="198.51.100.1" onChoose={onChoose} />);
    const input = screen.getByLabelText('Proof for 198.51.100.1');
    const valid = file('proof.pdf', 10, 'application/pdf');
    await userEvent.upload(input, valid);
    expect(onChoose).toHaveBeenLastCalledWith(valid);
    await userEvent.upload(input, file('proof.pdf', 1024 * 1024 + 1, 'application/pdf'));
    expect(onChoose).toHaveBeenLastCalledWith(null);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});
