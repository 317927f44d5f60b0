import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { describe, expect, it, vi } from 'vitest';
import { testBrand } from '../../../test/support/brand.js';
import { BrandProvider } from '../brand.js';
import { IpRows } from './IpRows.js';

function renderRows(count: number, options: { maxIpsPerApp?: number; isLocked?: boolean } = {}) {
  const onAdd = vi.fn();
  const onRemove = vi.fn();
  const rows = Array.from({ length: count }, (_, index) => ({ id: `row-${String(index)}` }));
  render(
    <BrandProvider brand={{ ...testBrand, maxIpsPerApp: options.maxIpsPerApp ?? 5 }}>
      <IpRows
        rows={rows}
        onAdd={onAdd}
        onRemove={onRemove}
        inputProps={() => ({ defaultValue: '' })}
        errorOf={() => undefined}
        isLocked={options.isLocked ?? false}
      />
      <ToastContainer />
    </BrandProvider>,
  );
  return { onAdd, onRemove };
}

describe('IpRows', () => {
  it('adds a row below the limit', async () => {
    const { onAdd } = renderRows(4);
    await userEvent.click(screen.getByRole('button', { name: 'Add IP address' }));
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it("refuses a row past the portal's configured limit, with that limit in the notice", async () => {
    const { onAdd } = renderRows(3, { maxIpsPerApp: 3 });
    await userEvent.click(screen.getByRole('button', { name: 'Add IP address' }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(
      await screen.findByText('At max 3 unique IPs are allowed per application'),
    ).toBeInTheDocument();
  });

  it('never lets the last row go', () => {
    renderRows(1);
    expect(screen.getByRole('button', { name: 'Remove IP address 1' })).toBeDisabled();
  });

  it('disables add, remove and edit while locked', () => {
    renderRows(2, { isLocked: true });
    expect(screen.getByRole('button', { name: 'Add IP address' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove IP address 2' })).toBeDisabled();
    expect(screen.getByLabelText('IP address 1')).toBeDisabled();
  });
});
