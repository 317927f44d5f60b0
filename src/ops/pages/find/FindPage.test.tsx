import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderOpsPage } from '../../../../test/support/ops-page.js';
import { fakeApi, json } from '../../../../test/support/fake-api.js';
import {
  OpsApiPaths,
  OpsClientPaths,
  opsApplicationPath,
  opsDeveloperPath,
  type SearchResponse,
} from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import FindPage from './FindPage.js';

const text = OpsMessages.find;
const FOUND: SearchResponse = {
  developers: [{ id: 'dev_1', email: 'asha@example.com', name: 'Asha Rao', matchedBy: 'email' }],
  applications: [
    {
      id: 'app_1',
      name: 'Momentum bot',
      clientId: 'CID123',
      developerId: 'dev_1',
      developerEmail: 'asha@example.com',
      isActive: false,
      matchedBy: 'ip',
    },
  ],
};

function searchApi() {
  return fakeApi((request) =>
    request.url === OpsApiPaths.search
      ? json(
          200,
          new URLSearchParams(request.search).get('q') === 'nobody'
            ? { developers: [], applications: [] }
            : FOUND,
        )
      : json(404, { status: 'error', code: 'not_found', message: 'Not found' }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FindPage', () => {
  it('searches by the query of the URL and links each result to its page with what matched', async () => {
    const seen = searchApi();
    renderOpsPage(FindPage, OpsClientPaths.find, `${OpsClientPaths.find}?q=asha`);
    const developers = await screen.findByRole('region', { name: text.developers });
    expect(within(developers).getByRole('link', { name: 'asha@example.com' })).toHaveAttribute(
      'href',
      opsDeveloperPath('dev_1'),
    );
    expect(developers).toHaveTextContent(text.matched(text.matchedBy.email));
    const applications = screen.getByRole('region', { name: text.applications });
    expect(within(applications).getByRole('link', { name: 'Momentum bot' })).toHaveAttribute(
      'href',
      opsApplicationPath('app_1'),
    );
    expect(applications).toHaveTextContent(text.matched(text.matchedBy.ip));
    expect(applications).toHaveTextContent(OpsMessages.application.paused);
    expect(seen[0]?.search).toBe('?q=asha');
    expect(screen.getByLabelText(text.label)).toHaveValue('asha');
  });

  it('puts a new search in the URL, and going back shows the earlier one', async () => {
    searchApi();
    const router = renderOpsPage(FindPage, OpsClientPaths.find, `${OpsClientPaths.find}?q=asha`);
    await screen.findByRole('region', { name: text.developers });
    const box = screen.getByLabelText(text.label);
    await userEvent.clear(box);
    await userEvent.type(box, 'nobody{Enter}');
    expect(await screen.findByText(text.none)).toBeVisible();
    expect(router.state.location.search).toBe('?q=nobody');
    await router.navigate(-1);
    expect(await screen.findByRole('region', { name: text.developers })).toBeVisible();
    expect(screen.getByLabelText(text.label)).toHaveValue('asha');
  });

  it("ends a client code's Connect sessions with a reason and announces how many ended", async () => {
    const connect = OpsMessages.connect;
    const seen = fakeApi(() => json(200, { message: connect.ended(3) }));
    renderOpsPage(FindPage, OpsClientPaths.find, OpsClientPaths.find);
    const form = screen.getByRole('form', { name: connect.clientTitle });
    await userEvent.click(within(form).getByRole('button', { name: connect.endClient }));
    expect(within(form).getByLabelText(connect.clientCode)).toHaveAccessibleDescription(
      connect.clientCodeRequired,
    );
    expect(seen).toHaveLength(0);
    await userEvent.type(within(form).getByLabelText(connect.clientCode), ' AB1234 ');
    await userEvent.type(within(form).getByLabelText(connect.reason), 'Phone stolen');
    await userEvent.click(within(form).getByRole('button', { name: connect.endClient }));
    expect(await screen.findByRole('status')).toHaveTextContent(connect.ended(3));
    expect(seen.map(({ method, url, body }) => [method, url, body])).toEqual([
      [
        'POST',
        OpsApiPaths.clientEndConnect,
        JSON.stringify({ clientCode: 'AB1234', reason: 'Phone stolen' }),
      ],
    ]);
    expect(within(form).getByLabelText(connect.clientCode)).toHaveValue('');
  });

  it('asks for two characters before searching', async () => {
    const seen = searchApi();
    renderOpsPage(FindPage, OpsClientPaths.find, OpsClientPaths.find);
    await userEvent.type(screen.getByLabelText(text.label), 'a{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(text.tooShort);
    expect(screen.getByLabelText(text.label)).toHaveAttribute('aria-invalid', 'true');
    expect(seen).toHaveLength(0);
  });
});
