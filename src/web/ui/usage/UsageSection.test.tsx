import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { usageAnswer } from '../../../../test/support/usage-answer.js';
import {
  UsageMessages,
  UsageReasonLabels,
  type Usage,
  type UsageWindow,
} from '../../../contract/usage.js';
import { UsageSection } from './UsageSection.js';

const text = UsageMessages;

const busyWeek = usageAnswer(
  '7d',
  [
    { allowed: 12, refused: 0, reasons: [] },
    {
      allowed: 30,
      refused: 7,
      reasons: [
        { reason: 'address_not_allowed', count: 5 },
        { reason: 'app_paused', count: 2 },
      ],
    },
  ],
  [
    {
      ip: '203.0.113.9',
      reason: 'address_not_allowed',
      message: "203.0.113.9 is not on this app's list",
      at: '2026-11-28T10:05:00.000Z',
    },
  ],
);

function renderSection(load: (window: UsageWindow) => Promise<Usage>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <UsageSection queryKey={['usage', 'app-1']} load={load} />
    </QueryClientProvider>,
  );
}

describe('the usage section', () => {
  it('draws the window as a picture named by its totals, with every count in a table', async () => {
    renderSection((window) => Promise.resolve(window === '7d' ? busyWeek : usageAnswer(window)));
    await userEvent.click(screen.getByRole('button', { name: text.windows['7d'] }));

    const chart = await screen.findByRole('img');
    expect(chart).toHaveAccessibleName(`${text.chartTitle['7d']}: ${text.chartSummary(42, 7)}`);
    expect(screen.getByRole('button', { name: text.windows['7d'] })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await userEvent.click(screen.getByText(text.showTable));
    const table = screen.getByRole('table', { name: text.chartTitle['7d'] });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      `${text.bucketHeading['7d']}${text.allowed}${text.refused}${text.reasonsHeading}`,
      '2026-11-2200',
      '2026-11-2300',
      '2026-11-2400',
      '2026-11-2500',
      '2026-11-2600',
      '2026-11-27120',
      `2026-11-28307${UsageReasonLabels.address_not_allowed}: 5, ${UsageReasonLabels.app_paused}: 2`,
    ]);

    const reasons = screen.getByRole('list', { name: text.byReason });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`${UsageReasonLabels.address_not_allowed} 5`, `${UsageReasonLabels.app_paused} 2`]);
    const addresses = screen.getByRole('table', { name: text.refusedAddresses });
    expect(within(addresses).getByRole('rowheader')).toHaveTextContent('203.0.113.9');
    expect(within(addresses).getByText("203.0.113.9 is not on this app's list")).toBeVisible();
  });

  it('says there were no calls, without a chart, when the window has none', async () => {
    const load = vi.fn((window: UsageWindow) => Promise.resolve(usageAnswer(window)));
    renderSection(load);

    expect(await screen.findByText(text.noCalls['24h'])).toBeVisible();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText(text.noRefusedAddresses)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: text.windows['7d'] }));
    expect(await screen.findByText(text.noCalls['7d'])).toBeVisible();
    expect(load.mock.calls.map(([window]) => window)).toEqual(['24h', '7d']);
  });
});
