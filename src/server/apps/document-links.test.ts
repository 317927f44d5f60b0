import { describe, expect, it } from 'vitest';
import { DOCUMENT_LINK_TTL_MS, isValidDocumentLink, signDocumentLink } from './document-links.js';

const SECRET = 'l'.repeat(32);
const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);

function partsOf(link: string) {
  const url = new URL(link, 'http://portal.test');
  return {
    key: decodeURIComponent(url.pathname.split('/').pop() ?? ''),
    expires: url.searchParams.get('expires') ?? '',
    signature: url.searchParams.get('signature') ?? '',
  };
}

describe('signed document links', () => {
  it('are valid for their key until they expire', () => {
    const { key, expires, signature } = partsOf(signDocumentLink(SECRET, 'ab1', NOW));
    expect(key).toBe('ab1');
    expect(isValidDocumentLink(SECRET, key, expires, signature, NOW)).toBe(true);
    const later = NOW + DOCUMENT_LINK_TTL_MS + 1;
    expect(isValidDocumentLink(SECRET, key, expires, signature, later)).toBe(false);
  });

  it('cannot be re-cut into another key and expiry', () => {
    // Key "ab1" expiring at E signed the same text as key "ab" expiring at "1E": ten times later.
    const { expires, signature } = partsOf(signDocumentLink(SECRET, 'ab1', NOW));
    const recut = `1${expires}`;
    expect(Number(recut)).toBeGreaterThan(NOW);
    expect(isValidDocumentLink(SECRET, 'ab', recut, signature, NOW)).toBe(false);
    // And the other way: a digit of the expiry moved into the key.
    const start = Date.UTC(2001, 8, 9, 1, 46, 40) - DOCUMENT_LINK_TTL_MS;
    const early = partsOf(signDocumentLink(SECRET, 'ab', start));
    expect(early.expires.startsWith('1')).toBe(true);
    const shifted = early.expires.slice(1);
    expect(isValidDocumentLink(SECRET, 'ab1', shifted, early.signature, 0)).toBe(false);
  });
});
