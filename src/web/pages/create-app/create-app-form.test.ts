import { describe, expect, it } from 'vitest';
import { testBrand } from '../../../../test/support/brand.js';
import { Messages } from '../../../contract/messages.js';
import { createAppFormSchema, createAppPayload, type CreateAppForm } from './create-app-form.js';

const FORM: CreateAppForm = {
  name: '  Momentum bot ',
  algo_id: ' ALG-7 ',
  allowedUsers: 'AB1234',
  callbackUrl: 'https://bot.example.com/cb',
  postbackUrl: 'https://',
  description: 'Trades momentum',
  ips: [
    { value: ' 203.0.113.10 ' },
    { value: '' },
    { value: '203.0.113.10' },
    { value: '2001:DB8:0:0:0:0:0:1' },
  ],
  isFamily: true,
};

const OPTIONS = {
  icon: null,
  defaultIconUrl: 'https://portal.example.com/default-app-icon.png',
  skipDuplicates: false,
  documents: new Map<string, File>(),
};

describe('the create-app payload (docs/product.md section 3)', () => {
  it('sends trimmed, canonical, unique IPs comma-joined, the default icon and a trimmed algo id', () => {
    const data = createAppPayload(FORM, OPTIONS);
    expect(data.get('name')).toBe('Momentum bot');
    expect(data.get('ipRecords')).toBe('203.0.113.10,2001:db8:0:0:0:0:0:1');
    expect(data.get('logoUrl')).toBe(OPTIONS.defaultIconUrl);
    expect(data.has('file')).toBe(false);
    expect(data.has('logoName')).toBe(false);
    expect(data.get('algo_id')).toBe('ALG-7');
    expect(data.get('ipAddressDuplicateSkip')).toBe('false');
    expect(data.get('allowedUsers')).toBe('AB1234');
  });

  it('leaves out empty IPs and a blank algo id, and sends the icon as defaultimage.png', () => {
    const icon = new File([new Uint8Array([1, 2])], 'mine.png', { type: 'image/png' });
    const data = createAppPayload(
      { ...FORM, ips: [{ value: '' }], algo_id: '  ' },
      { ...OPTIONS, icon },
    );
    expect(data.has('ipRecords')).toBe(false);
    expect(data.has('algo_id')).toBe(false);
    expect((data.get('file') as File).name).toBe('defaultimage.png');
    expect(data.get('logoName')).toBe('mine.png');
    expect(data.has('logoUrl')).toBe(false);
  });

  it('adds one document per duplicate IP under document_<ip with underscores>', () => {
    const proof = new File(['%PDF-1.4'], 'proof.pdf', { type: 'application/pdf' });
    const data = createAppPayload(FORM, {
      ...OPTIONS,
      skipDuplicates: true,
      documents: new Map([['203.0.113.10', proof]]),
    });
    expect(data.get('ipAddressDuplicateSkip')).toBe('true');
    expect((data.get('document_203_0_113_10') as File).name).toBe('proof.pdf');
  });
});

describe('the create-app form', () => {
  const schema = createAppFormSchema(testBrand);
  const issues = (form: CreateAppForm) => {
    const result = schema.safeParse(form);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('accepts the spec example', () => {
    expect(issues(FORM)).toEqual([]);
  });

  it('needs the family-members confirmation once an IP is listed', () => {
    expect(issues({ ...FORM, isFamily: false })).toEqual([Messages.ips.confirmOwnOrFamily]);
    expect(issues({ ...FORM, isFamily: false, ips: [{ value: '' }] })).toEqual([]);
  });

  it.each([
    [{ name: '' }, Messages.app.appNameRequired],
    [{ allowedUsers: '' }, Messages.app.clientIdRequired],
    // The brand's client-code shape, as the server checks it
    [{ allowedUsers: 'any text at all' }, Messages.app.clientIdInvalid],
    [{ callbackUrl: 'https://' }, Messages.app.redirectUrlRequired],
    [{ callbackUrl: 'http://bot.example.com/cb' }, Messages.app.redirectUrlInvalid],
    [{ description: 'x'.repeat(201) }, Messages.app.descriptionTooLong],
    [{ ips: [{ value: '256.0.0.1' }] }, Messages.ips.invalid],
    [
      {
        ips: ['1.1.1.1', '1.1.1.2', '1.1.1.3', '1.1.1.4', '1.1.1.5', '1.1.1.6'].map((value) => ({
          value,
        })),
      },
      Messages.ips.maxIps,
    ],
  ])('refuses %o', (change, message) => {
    expect(issues({ ...FORM, ...change })).toContain(message);
  });

  it('allows plain http for the local test host only', () => {
    expect(issues({ ...FORM, callbackUrl: 'http://127.0.0.1:3000/cb' })).toEqual([]);
  });

  it("caps the unique IPs at the portal's configured limit", () => {
    const three = createAppFormSchema({ ...testBrand, maxIpsPerApp: 3 });
    const rows = (values: string[]) => ({ ...FORM, ips: values.map((value) => ({ value })) });
    expect(three.safeParse(rows(['1.1.1.1', '1.1.1.2', '1.1.1.3', '1.1.1.3'])).success).toBe(true);
    const refused = three.safeParse(rows(['1.1.1.1', '1.1.1.2', '1.1.1.3', '1.1.1.4']));
    expect(refused.error?.issues.map((i) => i.message)).toEqual([Messages.ips.maxIpsFor(3)]);
  });
});
