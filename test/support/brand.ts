import type { Brand } from '../../src/contract/brand.js';

/** A complete Brand for component tests. */
export const testBrand: Brand = {
  productName: 'Acme Trade',
  supportPhone: '+91 22 4000 4000',
  supportUrl: 'https://support.example.com/',
  apiDocsUrl: 'https://docs.example.com/api/',
  privacyUrl: 'https://www.example.com/privacy',
  disclaimerUrl: 'https://www.example.com/disclaimer',
  legacyDomains: ['oldbroker.com', 'oldbroker.in'],
  newServiceAddresses: [
    'trade.example.com',
    'api.example.com',
    'developers.example.com',
    'docs.example.com',
  ],
  sisterProducts: [{ name: 'Acme Invest', url: 'https://invest.example.com/' }],
  rebrandingBlogUrl: 'https://blog.example.com/rebranding',
  defaultAppIconUrl: 'https://portal.example.com/default-app-icon.png',
  maxIpsPerApp: 5,
  ipChangeCooldownDays: 15,
  localTestHost: '127.0.0.1',
  postbackLocalTestHost: '127.0.0.1',
  clientCodePattern: '^[A-Za-z0-9]{1,20}$',
  environment: 'staging',
  publicUrl: 'https://portal.example.com',
  flowLoginUrl: 'https://portal.example.com/dev/flow',
  flowApplicationId: 'developer-portal',
  passkeySignIn: false,
};

/** An unsigned JWT with the given exp (seconds): enough for the client's exp check. */
export function fakeJwt(exp: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'dev-1', exp })}.signature`;
}
