import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  EMAIL_PATTERN,
  canonicalIp,
  ipFieldName,
  isAllowedRedirectUrl,
  isBlankUrl,
  isHttpsUrl,
  isValidCode,
  isValidEmail,
  isValidIp,
  isValidIpEntry,
  isValidIpv4,
  isValidIpv6,
  isValidMobile,
  isValidMobileDigits,
  isValidName,
  isValidPassword,
  lastChars,
  maskApiKey,
  normalizeIpList,
  toMobile,
} from './rules.js';

const chars = (s: string) => Array.from(s);
const WORD = chars('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_');
const LETTERS = chars('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
const DIGITS = chars('0123456789');
const LOWER = chars('abcdefghijklmnopqrstuvwxyz');
const UPPER = chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const SPECIAL = chars('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');
const HEX = chars('0123456789abcdefABCDEF');

const stringOf = (alphabet: string[], minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength });

// The best of three runs: a busy CI machine may pause one run, but a backtracking pattern
// is slow every time.
function timeMs(run: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i += 1) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe('isValidEmail', () => {
  it.each([
    'a.b-c+tag@mail.co.in',
    'user@example.com',
    'first_last@sub-domain.example.org',
    'A1@b.io',
    'x+y@d.com',
    `${'a'.repeat(242)}@example.com`,
    // Real endings longer than 3 letters
    'ann@example.info',
    'me@name.email',
    'a@b.comm',
    // an apostrophe, a tag with a hyphen, punycode endings and labels (decision 027)
    "o'brien@example.com",
    'a+b-c@example.com',
    'a@example.xn--p1ai',
    'a@xn--80ak6aa92e.com',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    '.a@b.com',
    'a.@b.com',
    'a..b@c.com',
    'a@b.c',
    `a@b.${'c'.repeat(64)}`,
    'a@b',
    '@b.com',
    'a@.com',
    'a@b..com',
    'a b@c.com',
    'a+b+c@d.com',
    'a+@d.com',
    'a@@b.com',
    ' a@b.com',
    'a@b.com ',
    'a@b.com\n',
    'a@b.c0m',
    'a@b.xn--',
    'a@-b.com',
    'a@b-.com',
    'ä@b.com',
    `${'a'.repeat(243)}@example.com`,
  ])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  const word = stringOf(WORD, 1, 8);
  const separated = fc.array(fc.tuple(fc.constantFrom('.', '-'), word), { maxLength: 3 });
  const joined = (head: string, tail: [string, string][]) =>
    head + tail.map(([sep, w]) => sep + w).join('');
  const validEmail = fc
    .record({
      local: word,
      localTail: separated,
      tag: fc.option(word, { nil: undefined }),
      domain: word,
      domainTail: separated,
      ending: stringOf(LETTERS, 2, 3),
    })
    .map(
      (p) =>
        `${joined(p.local, p.localTail)}${p.tag === undefined ? '' : `+${p.tag}`}@` +
        `${joined(p.domain, p.domainTail)}.${p.ending}`,
    );

  it('accepts every generated address of the spec shape', () => {
    fc.assert(fc.property(validEmail, (email) => isValidEmail(email)));
  });

  it('never throws on random strings and accepts only one @ without whitespace', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => {
        const isValid = isValidEmail(s);
        if (isValid) {
          expect(s.split('@')).toHaveLength(2);
          expect(s).not.toMatch(/\s/);
        }
      }),
    );
  });

  // Lengths grow slowly first, so a pattern that backtracks exponentially fails here in a
  // fraction of a second instead of blocking the run at 10,000 characters.
  const GROWING = [...Array.from({ length: 13 }, (_, i) => 8 + 2 * i), 64, 256, 1024, 4096, 10_000];

  function expectFastAtEveryLength(make: (n: number) => string) {
    for (const n of GROWING) {
      const s = make(n);
      expect(
        timeMs(() => EMAIL_PATTERN.test(s)),
        `length ${s.length}`,
      ).toBeLessThan(50);
    }
  }

  it.each([
    (n: number) => 'a'.repeat(n - 1) + '@',
    (n: number) => 'a.'.repeat(n / 2),
    (n: number) => 'a@' + 'a.'.repeat(n / 2 - 1) + '!',
    (n: number) => 'a@' + 'a-a.'.repeat(n / 4 - 1) + 'a1',
    (n: number) => '_'.repeat(n - 1) + '!',
    (n: number) => 'a+' + 'a'.repeat(n - 2),
  ])('judges adversarial strings up to 10,000 characters quickly (%#)', (make) => {
    expectFastAtEveryLength(make);
    const longest = make(10_000);
    expect(longest.length).toBeGreaterThanOrEqual(10_000);
    expect(timeMs(() => expect(isValidEmail(longest)).toBe(false))).toBeLessThan(50);
  });

  it('stays fast on generated repetitions of near-miss fragments', () => {
    const fragment = stringOf(chars('a.-_+@!'), 1, 4);
    const suffix = fc.constantFrom('', '!', '@', '.', 'a.b');
    fc.assert(
      fc.property(fragment, suffix, (unit, end) => {
        expectFastAtEveryLength((n) => unit.repeat(Math.ceil(n / unit.length)) + end);
      }),
      { numRuns: 30 },
    );
  });
});

describe('isValidName', () => {
  it.each([
    'John Doe',
    'Mary-Jane',
    'a_b',
    '-x',
    'Name2 ',
    'a'.repeat(100),
    // Real names
    "O'Brien",
    'José Müller',
    'Zoë',
    'J. R. Tolkien',
    'अनन्या शर्मा',
  ])('accepts %j', (name) => {
    expect(isValidName(name)).toBe(true);
  });

  it.each(['', ' John', 'John!', 'a@b', '<b>', 'tab\there', 'a'.repeat(101)])(
    'rejects %j',
    (name) => {
      expect(isValidName(name)).toBe(false);
    },
  );
});

describe('isValidPassword', () => {
  it.each([
    ['9 characters', 'Abcdef1!x', true],
    ['16 characters', 'Abcdefghijk1!xyz', true],
    ['8 characters', 'Abcde1!x', false],
    ['17 characters', 'Abcdefghijk1!xyzw', false],
    ['no digit', 'Abcdefgh!', false],
    ['no lowercase', 'ABCDEFG1!', false],
    ['no uppercase', 'abcdefg1!', false],
    ['no special', 'Abcdefgh1', false],
    ['a space', 'Abcd ef1!x', false],
    ['a tab', 'Abcd\tef1!x', false],
    ['a non-ASCII uppercase letter', 'Äbcdefg1!', true],
    ['a non-ASCII letter as its only "special"', 'Abcdefg1é', false],
    ['empty', '', false],
  ])('%s: %j -> %s', (_label, password, expected) => {
    expect(isValidPassword(password)).toBe(expected);
  });

  const CLASSES = { digit: DIGITS, lower: LOWER, upper: UPPER, special: SPECIAL } as const;
  const ALLOWED = [...DIGITS, ...LOWER, ...UPPER, ...SPECIAL];
  const withEveryClass = (fillerMin: number, fillerMax: number) =>
    fc
      .tuple(
        fc.constantFrom(...DIGITS),
        fc.constantFrom(...LOWER),
        fc.constantFrom(...UPPER),
        fc.constantFrom(...SPECIAL),
        fc.array(fc.constantFrom(...ALLOWED), { minLength: fillerMin, maxLength: fillerMax }),
      )
      .chain(([d, l, u, s, filler]) => {
        const all = [d, l, u, s, ...filler];
        return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
      })
      .map((all) => all.join(''));

  it('accepts generated passwords that follow the policy', () => {
    fc.assert(fc.property(withEveryClass(5, 12), (password) => isValidPassword(password)));
  });

  it('rejects passwords missing any one class', () => {
    const missingOne = fc
      .constantFrom(...(Object.keys(CLASSES) as (keyof typeof CLASSES)[]))
      .chain((missing) => {
        const alphabet = Object.entries(CLASSES)
          .filter(([name]) => name !== missing)
          .flatMap(([, members]) => members);
        return stringOf(alphabet, 9, 16);
      });
    fc.assert(fc.property(missingOne, (password) => !isValidPassword(password)));
  });

  it('rejects lengths outside 9 to 16 even with every class', () => {
    const tooShort = withEveryClass(0, 4);
    const tooLong = withEveryClass(13, 40);
    fc.assert(fc.property(fc.oneof(tooShort, tooLong), (password) => !isValidPassword(password)));
  });

  it('rejects an otherwise valid password with whitespace inserted', () => {
    fc.assert(
      fc.property(
        withEveryClass(4, 11),
        fc.constantFrom(' ', '\t', '\n', '\u00a0'),
        fc.nat(),
        (password, space, at) => {
          const index = at % (password.length + 1);
          return !isValidPassword(password.slice(0, index) + space + password.slice(index));
        },
      ),
    );
  });
});

describe('mobile', () => {
  it.each([
    ['9876543210', true],
    ['0000000000', true],
    ['987654321', false],
    ['98765432101', false],
    ['98765 43210', false],
    ['+919876543210', false],
    ['９８７６５４３２１０', false],
    ['٩٨٧٦٥٤٣٢١٠', false],
    ['', false],
  ])('isValidMobileDigits(%j) is %s', (s, expected) => {
    expect(isValidMobileDigits(s)).toBe(expected);
  });

  it.each([
    ['+919876543210', true],
    ['919876543210', false],
    ['+9198765432', false],
    ['+929876543210', false],
    ['+91 9876543210', false],
  ])('isValidMobile(%j) is %s', (s, expected) => {
    expect(isValidMobile(s)).toBe(expected);
  });

  it('accepts any 10 digits, alone or with the +91 prefix', () => {
    fc.assert(
      fc.property(stringOf(DIGITS, 10, 10), (digits) => {
        expect(isValidMobileDigits(digits)).toBe(true);
        expect(toMobile(digits)).toBe(`+91${digits}`);
        expect(isValidMobile(toMobile(digits))).toBe(true);
      }),
    );
  });

  it('rejects digit strings of any other length', () => {
    const otherLength = fc.oneof(stringOf(DIGITS, 0, 9), stringOf(DIGITS, 11, 30));
    fc.assert(fc.property(otherLength, (digits) => !isValidMobileDigits(digits)));
  });

  it('rejects 10 characters with any non-digit', () => {
    const nonDigit = fc
      .string({ unit: 'binary', minLength: 1, maxLength: 1 })
      .filter((c) => !/^[0-9]$/.test(c));
    fc.assert(
      fc.property(stringOf(DIGITS, 9, 9), nonDigit, fc.nat(9), (digits, bad, at) => {
        const s = digits.slice(0, at) + bad + digits.slice(at);
        return !isValidMobileDigits(s) && !isValidMobile(toMobile(s));
      }),
    );
  });
});

describe('isValidCode', () => {
  it.each([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['12a456', false],
    [' 123456', false],
    ['１２３４５６', false],
    ['', false],
  ])('%j -> %s', (s, expected) => {
    expect(isValidCode(s)).toBe(expected);
  });
});

describe('IPv4', () => {
  it.each([
    ['0.0.0.0', true],
    ['255.255.255.255', true],
    ['192.168.1.10', true],
    ['010.1.1.1', false],
    ['1.01.1.1', false],
    ['00.1.1.1', false],
    ['256.0.0.1', false],
    ['1.2.3', false],
    ['1.2.3.4.5', false],
    ['1.2.3.', false],
    ['1..3.4', false],
    [' 1.2.3.4', false],
    ['1.2.3.4\n', false],
    ['١.2.3.4', false],
    ['+1.2.3.4', false],
    ['', false],
  ])('isValidIpv4(%j) is %s', (s, expected) => {
    expect(isValidIpv4(s)).toBe(expected);
  });

  const bytes = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255));

  it('accepts every address made of 4 bytes and keeps it as canonical', () => {
    fc.assert(
      fc.property(bytes, (parts) => {
        const ip = parts.join('.');
        expect(isValidIpv4(ip)).toBe(true);
        expect(isValidIp(ip)).toBe(true);
        expect(canonicalIp(ip)).toBe(ip);
      }),
    );
  });

  it('rejects any part above 255', () => {
    fc.assert(
      fc.property(bytes, fc.integer({ min: 256, max: 99_999 }), fc.nat(3), (parts, big, at) => {
        const changed = parts.map((part, i) => (i === at ? big : part));
        const ip = changed.join('.');
        return !isValidIpv4(ip) && canonicalIp(ip) === null;
      }),
    );
  });
});

describe('IPv6', () => {
  it.each([
    ['2001:DB8:0:0:0:0:0:1', '2001:db8:0:0:0:0:0:1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8:0:0:0:0:0:1'],
    ['FFFF:ffff:0:00:000:0000:a:B', 'ffff:ffff:0:0:0:0:a:b'],
    ['  fe80:0:0:0:0:0:0:1 ', 'fe80:0:0:0:0:0:0:1'],
  ])('canonicalIp(%j) is %j', (s, expected) => {
    expect(canonicalIp(s)).toBe(expected);
  });

  it.each([
    '2001:db8::1',
    '::1',
    '::',
    '1:2:3:4:5:6:7::',
    'fe80:0:0:0:0:0:0:1%eth0',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '12345:0:0:0:0:0:0:1',
    'g:0:0:0:0:0:0:1',
    '::ffff:1.2.3.4',
    '0:0:0:0:0:ffff:1.2.3.4',
    '[2001:db8:0:0:0:0:0:1]',
    '1:2:3:4:5:6:7:8:',
  ])('rejects %j', (s) => {
    expect(isValidIpv6(s)).toBe(false);
    expect(isValidIp(s)).toBe(false);
    expect(canonicalIp(s)).toBeNull();
  });

  const groups = fc.array(stringOf(HEX, 1, 4), { minLength: 8, maxLength: 8 });

  it('accepts every 8-group address; its canonical form is valid, lower case and stable', () => {
    fc.assert(
      fc.property(groups, (g) => {
        const ip = g.join(':');
        expect(isValidIpv6(ip)).toBe(true);
        fc.pre(!/^(?:0+:){5}f{4}:/i.test(ip));
        const canonical = canonicalIp(ip);
        expect(canonical).not.toBeNull();
        if (canonical === null) return;
        expect(isValidIpv6(canonical)).toBe(true);
        expect(canonicalIp(canonical)).toBe(canonical);
        expect(canonicalIp(ip.toUpperCase())).toBe(canonical);
        expect(canonical).toMatch(
          /^(?:0|[1-9a-f][0-9a-f]{0,3})(?::(?:0|[1-9a-f][0-9a-f]{0,3})){7}$/,
        );
      }),
    );
  });

  it.each([
    ['0:0:0:0:0:ffff:102:304', '1.2.3.4'],
    ['0000:0:0:0:0:FFFF:c0a8:0001', '192.168.0.1'],
    ['0:0:0:0:0:ffff:0:0', '0.0.0.0'],
    ['0:0:0:0:0:ffff:ffff:ffff', '255.255.255.255'],
    // Not mapped: the IPv4-compatible and the NAT64 forms stay IPv6.
    ['0:0:0:0:0:0:102:304', '0:0:0:0:0:0:102:304'],
    ['64:ff9b:0:0:0:0:102:304', '64:ff9b:0:0:0:0:102:304'],
  ])('folds the IPv4-mapped %s to %s', (ip, expected) => {
    expect(canonicalIp(ip)).toBe(expected);
    expect(normalizeIpList([ip, expected])).toEqual([expected]);
  });

  it('rejects compressed forms', () => {
    fc.assert(
      fc.property(groups, fc.nat(8), fc.nat(8), (g, a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const ip = `${g.slice(0, from).join(':')}::${g.slice(to).join(':')}`;
        return !isValidIpv6(ip) && canonicalIp(ip) === null;
      }),
    );
  });

  it('rejects any other number of groups', () => {
    const otherCount = fc.oneof(
      fc.array(stringOf(HEX, 1, 4), { minLength: 1, maxLength: 7 }),
      fc.array(stringOf(HEX, 1, 4), { minLength: 9, maxLength: 12 }),
    );
    fc.assert(fc.property(otherCount, (g) => !isValidIpv6(g.join(':'))));
  });
});

describe('IP lists', () => {
  it.each([
    ['', true],
    ['   ', true],
    [' 1.2.3.4 ', true],
    ['2001:db8:0:0:0:0:0:1', true],
    ['1.2.3', false],
    ['2001:db8::1', false],
  ])('isValidIpEntry(%j) is %s', (s, expected) => {
    expect(isValidIpEntry(s)).toBe(expected);
  });

  it('keeps unique canonical valid IPs in input order', () => {
    expect(
      normalizeIpList([
        ' 1.2.3.4 ',
        '',
        'bad',
        '1.2.3.4',
        '2001:DB8:0:0:0:0:0:1',
        '256.1.1.1',
        '2001:db8:0:0:0:0:0:0001',
        '10.0.0.1',
        '2001:db8::2',
      ]),
    ).toEqual(['1.2.3.4', '2001:db8:0:0:0:0:0:1', '10.0.0.1']);
  });

  it('returns only valid, unique, canonical IPs, each from the input', () => {
    const entry = fc.oneof(
      fc.tuple(fc.nat(300), fc.nat(255), fc.nat(255), fc.nat(255)).map((p) => p.join('.')),
      fc.array(stringOf(HEX, 1, 4), { minLength: 7, maxLength: 9 }).map((g) => g.join(':')),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('', ' ', ' 10.0.0.1\t'),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 12 }), (entries) => {
        const result = normalizeIpList(entries);
        expect(new Set(result).size).toBe(result.length);
        const canonicals = entries.map(canonicalIp).filter((ip) => ip !== null);
        expect(result).toEqual([...new Set(canonicals)]);
        for (const ip of result) {
          expect(isValidIp(ip)).toBe(true);
          expect(canonicalIp(ip)).toBe(ip);
        }
      }),
    );
  });

  it.each([
    ['192.168.1.10', 'document_192_168_1_10'],
    [' 10.0.0.1 ', 'document_10_0_0_1'],
    ['2001:DB8:0:0:0:0:0:1', 'document_2001_db8_0_0_0_0_0_1'],
  ])('ipFieldName(%j) is %j', (ip, expected) => {
    expect(ipFieldName(ip)).toBe(expected);
  });

  it('gives distinct IPs distinct safe field names', () => {
    const ip = fc.oneof(
      fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((p) => p.join('.')),
      fc.array(stringOf(HEX, 1, 4), { minLength: 8, maxLength: 8 }).map((g) => g.join(':')),
    );
    fc.assert(
      fc.property(ip, ip, (a, b) => {
        expect(ipFieldName(a)).toMatch(/^document_[0-9a-f_]+$/);
        expect(ipFieldName(a) === ipFieldName(b)).toBe(canonicalIp(a) === canonicalIp(b));
      }),
    );
  });
});

describe('URLs', () => {
  it.each([
    ['https://example.com', true],
    ['https://example.com/cb?x=1#top', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['https://localhost:8443/cb', true],
    ['http://example.com', false],
    ['https://', false],
    ['https:example.com', false],
    ['https:\\\\example.com', false],
    ['ftp://example.com', false],
    ['https://exa mple.com', false],
    [' https://example.com', false],
    ['https://example.com/\n', false],
    ['https://user:pw@example.com', false],
    ['https://trusted.com@evil.com', false],
    ['javascript:alert(1)', false],
    ['/relative/path', false],
    ['', false],
  ])('isHttpsUrl(%j) is %s', (s, expected) => {
    expect(isHttpsUrl(s)).toBe(expected);
  });

  it.each([
    ['', true],
    ['https://', true],
    ['  https://  ', true],
    ['https://a', false],
    ['http://', false],
  ])('isBlankUrl(%j) is %s', (s, expected) => {
    expect(isBlankUrl(s)).toBe(expected);
  });

  it.each([
    ['https://example.com/cb', '', true],
    ['https://example.com/cb', 'localhost', true],
    ['http://localhost:3000/cb', 'localhost', true],
    ['http://LOCALHOST/cb', 'localhost', true],
    ['http://localhost:3000/cb', 'localhost:3000', true],
    ['http://localhost:4000/cb', 'localhost:3000', false],
    ['http://localhost:3000/cb', '', false],
    ['http://127.0.0.1/cb', 'localhost', false],
    ['http://localhost.evil.com/', 'localhost', false],
    ['http://evil.com/?localhost', 'localhost', false],
    ['http://localhost@evil.com/', 'localhost', false],
    ['ftp://localhost/', 'localhost', false],
    ['https://', 'localhost', false],
  ])('isAllowedRedirectUrl(%j, %j) is %s', (s, host, expected) => {
    expect(isAllowedRedirectUrl(s, host)).toBe(expected);
  });

  it('never throws on random strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (s) => {
        const isHttps = isHttpsUrl(s);
        expect(isAllowedRedirectUrl(s, '')).toBe(isHttps);
        expect(isHttps && isBlankUrl(s)).toBe(false);
      }),
    );
  });
});

describe('display helpers', () => {
  it.each([
    ['abcdefghijklmnop', 'abcdefghij******'],
    ['abcdefghijklmno', 'abcdefghijklmno'],
    ['short', 'short'],
    ['', ''],
    ['0123456789abcdefghijklmnopqrstuv', '0123456789**********************'],
  ])('maskApiKey(%j) is %j', (key, expected) => {
    expect(maskApiKey(key)).toBe(expected);
  });

  it('masks keys longer than 15 characters after the first 10, keeping the length', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 64 }), (key) => {
        const masked = maskApiKey(key);
        expect(masked).toHaveLength(key.length);
        if (key.length <= 15) expect(masked).toBe(key);
        else expect(masked).toBe(key.slice(0, 10) + '*'.repeat(key.length - 10));
      }),
    );
  });

  it.each([
    ['very-long-logo-name.png', 12, 'ogo-name.png'],
    ['icon.png', 12, 'icon.png'],
    ['abc', 0, ''],
    ['abc', -1, ''],
    ['📷📷📷📷', 2, '📷📷'],
  ])('lastChars(%j, %i) is %j', (name, n, expected) => {
    expect(lastChars(name, n)).toBe(expected);
  });
});
