import { describe, expect, it } from 'vitest';
import { testBrand } from '../../../../test/support/brand.js';
import type { Application, IpRecord } from '../../../contract/apps.js';
import { Messages } from '../../../contract/messages.js';
import { documentsToSend, proofStateOf } from '../../app-area/ip-fields.js';
import {
  fieldsOfApp,
  ipRowsOfApp,
  logoUploadPayload,
  updateAppFormSchema,
  updateAppPayload,
  type UpdateAppForm,
} from './update-app-form.js';

const record = (ip: string, overrides: Partial<IpRecord> = {}): IpRecord => ({
  ip,
  familyPending: false,
  adminAccept: false,
  documentUrl: null,
  rejectionReason: null,
  ...overrides,
});

const APP: Application = {
  applicationId: 'app_x',
  applicationName: 'Momentum bot',
  logoUrl: 'https://portal.example.com/uploads/logos/abc.png',
  logoName: 'momentum.png',
  callbackUrl: 'https://bot.example.com/cb',
  postbackUrl: '',
  allowedUsers: 'AB1234',
  isActive: true,
  secret: 's'.repeat(43),
  keys: [{ id: 'key-1', masked: `${'s'.repeat(10)}${'*'.repeat(33)}`, expiresAt: null }],
  description: 'Trades',
  algoId: '',
  renewalDate: '2027-11-26T00:00:00.000Z',
  ipChangeAllowedAt: null,
  ipRecordsWithFamilyPending: [record('203.0.113.10'), record('203.0.113.11')],
  operatorHold: null,
  block: null,
};

const proof = new File([new Uint8Array([1])], 'proof.pdf', { type: 'application/pdf' });

describe('the update form starts from the stored app', () => {
  it('fills every field, the https:// prefix for an empty postback, and a row per IP', () => {
    expect(fieldsOfApp(APP)).toEqual({
      name: 'Momentum bot',
      algo_id: '',
      allowedUsers: 'AB1234',
      callbackUrl: 'https://bot.example.com/cb',
      postbackUrl: 'https://',
      description: 'Trades',
      isActive: true,
    });
    expect(ipRowsOfApp(APP)).toEqual(['203.0.113.10', '203.0.113.11']);
  });

  it('shows one empty IP row for an app without IPs', () => {
    expect(ipRowsOfApp({ ...APP, ipRecordsWithFamilyPending: [] })).toEqual(['']);
  });
});

describe('the update payload (docs/product.md section 3)', () => {
  const form: UpdateAppForm = {
    ...fieldsOfApp(APP),
    ips: ipRowsOfApp(APP).map((value) => ({ value })),
    isActive: false,
    algo_id: ' ALG-7 ',
  };

  it('sends status, logo, skip flag and the cleaned IP list, always', () => {
    const data = updateAppPayload(
      { ...form, ips: [{ value: ' 203.0.113.10 ' }, { value: '' }, { value: '203.0.113.10' }] },
      { logoUrl: APP.logoUrl, skipDuplicates: false, documents: new Map() },
    );
    expect(data.get('isActive')).toBe('false');
    expect(data.get('logoUrl')).toBe(APP.logoUrl);
    expect(data.get('ipRecords')).toBe('203.0.113.10');
    expect(data.get('ipAddressDuplicateSkip')).toBe('false');
    expect(data.get('algo_id')).toBe('ALG-7');
    expect(data.get('allowedUsers')).toBe('AB1234');
  });

  it('sends an empty ipRecords when every row is blank, so the list is cleared', () => {
    const data = updateAppPayload(
      { ...form, ips: [{ value: '' }] },
      { logoUrl: APP.logoUrl, skipDuplicates: false, documents: new Map() },
    );
    expect(data.get('ipRecords')).toBe('');
  });

  it('sends no IP list while the IPs are locked, so the stored ones stay', () => {
    const data = updateAppPayload(form, {
      logoUrl: APP.logoUrl,
      skipDuplicates: false,
      documents: new Map(),
      isIpLocked: true,
    });
    expect(data.has('ipRecords')).toBe(false);
    expect(data.get('name')).toBe(form.name);
  });

  it('names each proof document after its IP', () => {
    const data = updateAppPayload(form, {
      logoUrl: APP.logoUrl,
      skipDuplicates: true,
      documents: new Map([['203.0.113.11', proof]]),
    });
    expect((data.get('document_203_0_113_11') as File).name).toBe('proof.pdf');
    expect(data.get('ipAddressDuplicateSkip')).toBe('true');
  });

  it('keeps only documents of IPs still in the rows', () => {
    const chosen = new Map([
      ['203.0.113.11', proof],
      ['198.51.100.7', proof],
    ]);
    expect([
      ...documentsToSend(
        form.ips.map((row) => row.value),
        chosen,
      ).keys(),
    ]).toEqual(['203.0.113.11']);
  });
});

describe('the logo upload payload', () => {
  it('carries the stored fields, the IPs as ip_address and the icon as defaultimage.png', () => {
    const icon = new File([new Uint8Array([1])], 'mine.png', { type: 'image/png' });
    const data = logoUploadPayload(APP, icon);
    expect(data.get('name')).toBe('Momentum bot');
    expect(data.get('ip_address')).toBe('203.0.113.10,203.0.113.11');
    expect(data.get('isActive')).toBe('true');
    expect(data.has('ipRecords')).toBe(false);
    expect((data.get('file') as File).name).toBe('defaultimage.png');
    expect(data.get('logoName')).toBe('mine.png');
  });
});

describe('the family-proof state of an IP (docs/product.md section 4)', () => {
  const none = new Map<string, File>();
  const records = [
    record('203.0.113.1'),
    record('203.0.113.2', { familyPending: true }),
    record('203.0.113.3', { familyPending: true, documentUrl: '/api/v1/documents/d.pdf' }),
    record('203.0.113.4', { familyPending: true, adminAccept: true, documentUrl: '/d' }),
  ];

  it.each([
    ['203.0.113.1', 'notNeeded'],
    ['203.0.113.2', 'uploadRequired'],
    ['203.0.113.3', 'pending'],
    ['203.0.113.4', 'accepted'],
    [' 203.0.113.4 ', 'accepted'],
    ['198.51.100.9', 'notNeeded'],
    ['not an ip', 'notNeeded'],
  ] as const)('%s is %s', (ip, state) => {
    expect(proofStateOf(ip, records, [], none)).toBe(state);
  });

  it('a stored IP awaiting proof is pending once a document is chosen', () => {
    expect(proofStateOf('203.0.113.2', records, [], new Map([['203.0.113.2', proof]]))).toBe(
      'pending',
    );
  });

  it('a new IP the server named a duplicate needs an upload, then is pending', () => {
    expect(proofStateOf('198.51.100.9', records, ['198.51.100.9'], none)).toBe('uploadRequired');
    expect(
      proofStateOf('198.51.100.9', records, ['198.51.100.9'], new Map([['198.51.100.9', proof]])),
    ).toBe('pending');
  });
});

describe('the update form with a client id the client-code pattern no longer matches', () => {
  const legacy = { ...APP, allowedUsers: 'legacy client-7' };
  const formOf = (app: Application): UpdateAppForm => ({
    ...fieldsOfApp(app),
    ips: ipRowsOfApp(app).map((value) => ({ value })),
  });

  it('stays savable: the read-only field keeps the stored id', () => {
    expect(
      updateAppFormSchema(testBrand, legacy.allowedUsers).safeParse(formOf(legacy)).success,
    ).toBe(true);
  });

  it('still refuses any other id without the shape', () => {
    const result = updateAppFormSchema(testBrand, legacy.allowedUsers).safeParse({
      ...formOf(legacy),
      allowedUsers: 'other client-8',
    });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([
      Messages.app.clientIdInvalid,
    ]);
  });
});
