import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Messages } from '../../contract/messages.js';
import { ipRowsSchema } from './app-form.js';
import { useIpRows } from './use-ip-rows.js';

const MAX = 3;
const SCHEMA = ipRowsSchema(MAX);

/** The rows as a screen shows them: an input each with its message, and the list's message. */
function Rows({ initial, restore }: { initial: string[]; restore: string[] }) {
  const rows = useIpRows(initial, SCHEMA);
  return (
    <>
      {rows.rows.map((row, index) => (
        <p key={row.id}>
          <input aria-label={`IP ${String(index + 1)}`} {...rows.inputProps(index)} />
          {rows.errorOf(index)}
        </p>
      ))}
      {rows.listError !== undefined && <p role="alert">{rows.listError}</p>}
      <button type="button" onClick={() => rows.add('')}>
        Add
      </button>
      <button type="button" onClick={() => rows.remove(0)}>
        Remove first
      </button>
      <button type="button" onClick={() => rows.replace(restore)}>
        Restore
      </button>
    </>
  );
}

describe('the IP rows of the app forms', () => {
  it("shows a row's message once that row has changed, and only that row's", async () => {
    render(<Rows initial={['10.0.0', 'nope']} restore={[]} />);
    expect(screen.queryByText(Messages.ips.invalid)).toBeNull();
    await userEvent.type(screen.getByLabelText('IP 1'), '.300');
    expect(screen.getAllByText(Messages.ips.invalid)).toHaveLength(1);
    await userEvent.clear(screen.getByLabelText('IP 1'));
    await userEvent.type(screen.getByLabelText('IP 1'), '10.0.0.1');
    expect(screen.queryByText(Messages.ips.invalid)).toBeNull();
  });

  it('focuses a row once added, and keeps each row with its text when one is removed', async () => {
    render(<Rows initial={['10.0.0.1', '10.0.0.2']} restore={[]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByLabelText('IP 3')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Remove first' }));
    expect(screen.getByLabelText('IP 1')).toHaveValue('10.0.0.2');
    expect(screen.getByLabelText('IP 2')).toHaveValue('');
  });

  it('starts again from the rows given, with no message shown', async () => {
    render(<Rows initial={['10.0.0.1']} restore={['10.0.0.9']} />);
    await userEvent.type(screen.getByLabelText('IP 1'), 'x');
    expect(screen.getByText(Messages.ips.invalid)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText('IP 1')).toHaveValue('10.0.0.9');
    expect(screen.queryByText(Messages.ips.invalid)).toBeNull();
  });

  it('says at once when the rows hold more IPs than the portal allows', () => {
    render(<Rows initial={['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']} restore={[]} />);
    expect(screen.getByRole('alert')).toHaveTextContent(Messages.ips.maxIpsFor(MAX));
  });
});
