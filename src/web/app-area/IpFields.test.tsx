import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, testBrand } from '../../../test/support/brand.js';
import { fakeApi, json, type Seen } from '../../../test/support/fake-api.js';
import { ApiPaths } from '../../contract/api-paths.js';
import type { IpRecord } from '../../contract/apps.js';
import { classifyIpEntries, IpCheckRequestSchema } from '../../contract/ip-check.js';
import { Messages } from '../../contract/messages.js';
import { BrandProvider } from '../brand.js';
import { StorageKeys } from '../session/storage.js';
import { formatTimeWithZone } from '../ui/format-time.js';
import { ipRowsSchema } from './app-form.js';
import { IpFields } from './IpFields.js';
import { useIpFields, type IpFieldsSource } from './use-ip-fields.js';
import { useIpRows } from './use-ip-rows.js';

const MY_IP = '203.0.113.50';
const ROWS_SCHEMA = ipRowsSchema(testBrand.maxIpsPerApp);
const TAKEN = new Set(['198.51.100.1']);

/** The portal's two IP calls, answered as the server would for `TAKEN`. */
function ipApi(): Seen[] {
  return fakeApi((request) => {
    if (request.url === ApiPaths.myIp) {
      return json(200, { status: 'success', message: Messages.ips.myIpFound, ip: MY_IP });
    }
    const { ips } = IpCheckRequestSchema.parse(JSON.parse(request.body));
    const results = classifyIpEntries(ips, new Set(), TAKEN);
    return json(200, { status: 'success', message: Messages.ips.checked, results });
  });
}

interface Sent {
  documents: string[];
  missing: string | undefined;
}

/** The IP fields as a screen wires them, with a button that reports what a save would send. */
function Harness({
  initial,
  source,
  onSend,
}: {
  initial: string[];
  source: Omit<IpFieldsSource, 'entries'>;
  onSend: (sent: Sent) => void;
}) {
  const rows = useIpRows(initial, ROWS_SCHEMA);
  const ipFields = useIpFields({ entries: rows.entries, ...source });
  return (
    <>
      <IpFields
        ipFields={ipFields}
        entries={rows.entries}
        rows={rows.rows}
        onAdd={rows.add}
        onRemove={rows.remove}
        setRow={rows.set}
        inputProps={rows.inputProps}
        errorOf={rows.errorOf}
        listError={rows.listError}
      />
      <button
        type="button"
        onClick={() =>
          onSend({
            documents: [...ipFields.documentsToSend().keys()],
            missing: ipFields.missingDocument,
          })
        }
      >
        Send
      </button>
    </>
  );
}

function renderFields(initial: string[], source: Omit<IpFieldsSource, 'entries'> = {}) {
  const onSend = vi.fn<(sent: Sent) => void>();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <BrandProvider brand={testBrand}>
        <Harness initial={initial} source={source} onSend={onSend} />
        <ToastContainer />
      </BrandProvider>
    </QueryClientProvider>,
  );
  return onSend;
}

const pdf = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'proof.pdf', {
  type: 'application/pdf',
});

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=nonce.signature';
  localStorage.setItem(StorageKeys.accessToken, fakeJwt(2_000_000_000));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the IP fields', () => {
  it('says at once that a row repeats another, and after a pause that a proof will be needed', async () => {
    const seen = ipApi();
    renderFields(['10.0.0.1', '']);
    await userEvent.type(screen.getByLabelText('IP address 2'), '10.0.0.1');
    expect(screen.getByText(Messages.ips.entryDuplicate)).toBeInTheDocument();
    expect(screen.getByLabelText('IP address 2')).toHaveAccessibleDescription(
      Messages.ips.entryDuplicate,
    );
    await userEvent.clear(screen.getByLabelText('IP address 2'));
    await userEvent.type(screen.getByLabelText('IP address 2'), '198.51.100.1');
    expect(await screen.findByText(Messages.ips.entryProofNeeded)).toBeInTheDocument();
    expect(screen.queryByText(Messages.ips.entryDuplicate)).toBeNull();
    // One call per pause in typing, not one per key.
    const checks = seen.filter((request) => request.url === ApiPaths.ipCheck);
    expect(checks.length).toBeLessThanOrEqual(2);
    expect(JSON.parse(checks.at(-1)?.body ?? '{}')).toEqual({ ips: ['10.0.0.1', '198.51.100.1'] });
    // The skip checkbox shows before any save was refused.
    expect(screen.getByLabelText(Messages.ips.skipDuplicates)).not.toBeChecked();
  });

  it('shows the IP the portal sees and adds it to the first empty row in one click', async () => {
    ipApi();
    renderFields(['10.0.0.1', '']);
    await userEvent.click(
      await screen.findByRole('button', { name: Messages.ips.addYourIp(MY_IP) }),
    );
    expect(screen.getByLabelText('IP address 2')).toHaveValue(MY_IP);
    expect(screen.getByRole('button', { name: Messages.ips.yourIpAdded })).toBeDisabled();
  });

  it('defect 2: a removed IP neither sends its document nor keeps demanding one', async () => {
    ipApi();
    const onSend = renderFields(['10.0.0.1', '198.51.100.1']);
    await userEvent.click(await screen.findByLabelText(Messages.ips.skipDuplicates));
    expect(screen.getByRole('alert')).toHaveTextContent(
      Messages.ips.supportingDocumentRequired('198.51.100.1'),
    );
    await userEvent.upload(screen.getByLabelText('Proof for 198.51.100.1'), pdf);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenLastCalledWith({ documents: ['198.51.100.1'], missing: undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Remove IP address 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenLastCalledWith({ documents: [], missing: undefined });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the lock and the next allowed time, in local time with its zone, before any edit', () => {
    ipApi();
    const at = '2026-12-11T09:00:00.000Z';
    renderFields(['10.0.0.1'], { applicationId: 'app_x', ipChangeAllowedAt: at });
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(Messages.ips.editRestrictedFor(15));
    expect(notice).toHaveTextContent(Messages.ips.nextChangeAt(formatTimeWithZone(at)));
    expect(formatTimeWithZone(at)).toMatch(/(UTC|GMT)/);
    expect(screen.getByLabelText('IP address 1')).toBeDisabled();
  });

  it("links each stored proof and shows a rejected proof's reason above a new upload", () => {
    ipApi();
    const records: IpRecord[] = [
      {
        ip: '198.51.100.1',
        familyPending: true,
        adminAccept: false,
        documentUrl: '/api/v1/documents/d.pdf?expires=1&signature=s',
        rejectionReason: null,
      },
      {
        ip: '198.51.100.2',
        familyPending: true,
        adminAccept: false,
        documentUrl: null,
        rejectionReason: 'The bill is not in a family name.',
      },
    ];
    renderFields(['198.51.100.1', '198.51.100.2'], { applicationId: 'app_x', records });
    expect(
      screen.getByRole('link', { name: Messages.ips.viewDocument('198.51.100.1') }),
    ).toHaveAttribute('href', records[0]?.documentUrl);
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[1] ?? document.body).getByText(Messages.ips.proofRejected)).toBeVisible();
    expect(rows[1]).toHaveTextContent(
      Messages.ips.proofRejectedReason('The bill is not in a family name.'),
    );
    expect(within(rows[1] ?? document.body).getByLabelText('Proof for 198.51.100.2')).toBeVisible();
  });
});
