import { describe, expect, it } from 'vitest';
import { activityCsv, csvCell } from './activity-csv.js';

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

describe('activityCsv', () => {
  it('writes a header and one CRLF line per event: machine columns and the sentence', () => {
    const csv = activityCsv([
      {
        id: 'e1',
        kind: 'app.ips_changed',
        at: '2026-01-15T09:00:00.000Z',
        applicationId: 'app_1',
        ip: '127.0.0.1',
        device: 'Firefox on Linux',
        details: { applicationName: 'A', before: ['1.1.1.1'], after: ['1.1.1.1', '2.2.2.2'] },
      },
    ]);
    expect(csv).toBe(
      'time,event,kind,application,ip,device,details,summary\r\n' +
        '2026-01-15T09:00:00.000Z,IP allowlist changed,app.ips_changed,app_1,127.0.0.1,Firefox on Linux,applicationName=A; before=1.1.1.1; after=1.1.1.1 2.2.2.2,Changed the IP addresses of A: added 2.2.2.2.\r\n',
    );
  });
});

describe('activityCsv summary', () => {
  it('writes the sentence with its times in UTC, named as such', () => {
    const csv = activityCsv([
      {
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
      },
    ]);
    expect(csv.split('\r\n')[1]).toContain(
      'Rolled the API key of Momentum Bot. The old key works until 29 Nov 2026, 15:28 UTC (24 hours).',
    );
  });
});
