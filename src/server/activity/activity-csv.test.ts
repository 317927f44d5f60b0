import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_CSV_HEADER,
  activityCsvCells,
  csvCell,
  csvChunks,
  csvLine,
} from './activity-csv.js';

describe('csvCell', () => {
  it('prefixes a cell a spreadsheet would run as a formula with a quote', () => {
    for (const cell of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCell(cell).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });
});

async function textOf(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe('csvChunks', () => {
  it('asks for each batch after the last row of the one before until one comes back short', async () => {
    const rows = [5, 4, 3, 2, 1];
    const asked: (number | undefined)[] = [];
    const text = await textOf(
      csvChunks(
        ['n'],
        2,
        (last: number | undefined) => {
          asked.push(last);
          return Promise.resolve(
            rows.filter((row) => last === undefined || row < last).slice(0, 2),
          );
        },
        (row) => [String(row)],
      ),
    );
    expect(text).toBe('n\r\n5\r\n4\r\n3\r\n2\r\n1\r\n');
    expect(asked).toEqual([undefined, 4, 2]);
  });
});

describe('activityCsvCells', () => {
  it('writes a header and one CRLF line per event: machine columns and the sentence', () => {
    const csv =
      csvLine(ACTIVITY_CSV_HEADER) +
      csvLine(
        activityCsvCells({
          id: 'e1',
          kind: 'app.ips_changed',
          at: '2026-01-15T09:00:00.000Z',
          applicationId: 'app_1',
          ip: '127.0.0.1',
          device: 'Firefox on Linux',
          details: { applicationName: 'A', before: ['1.1.1.1'], after: ['1.1.1.1', '2.2.2.2'] },
        }),
      );
    expect(csv).toBe(
      'time,event,kind,application,ip,device,details,summary\r\n' +
        '2026-01-15T09:00:00.000Z,IP allowlist changed,app.ips_changed,app_1,127.0.0.1,Firefox on Linux,applicationName=A; before=1.1.1.1; after=1.1.1.1 2.2.2.2,Changed the IP addresses of A: added 2.2.2.2.\r\n',
    );
  });
});

describe('activityCsv summary', () => {
  it('writes the sentence with its times in UTC, named as such', () => {
    const cells = activityCsvCells({
      id: 'e2',
      kind: 'key.rolled',
      at: '2026-11-28T15:28:07.292Z',
      applicationId: 'app_2',
      ip: null,
      device: null,
      details: {
        applicationName: 'Momentum Bot',
        grace: '24h',
        oldKeyStopsAt: '2026-11-29T15:28:07.292Z',
      },
    });
    expect(cells.at(-1)).toBe(
      'Rolled the API key of Momentum Bot. The old key works until 29 Nov 2026, 15:28 UTC (24 hours).',
    );
  });
});
