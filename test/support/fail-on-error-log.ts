import { afterAll, afterEach } from 'vitest';
import { takeUnexpectedErrorLines } from './error-log.js';

// House rule: an API test fails on an error-level log line it did not declare.
function failOnUnexpected(when: string): void {
  const lines = takeUnexpectedErrorLines();
  if (lines.length > 0) {
    throw new Error(`unexpected error log ${when}:\n${lines.join('\n')}`);
  }
}

afterEach(() => {
  failOnUnexpected('during the test');
});

// Registered first, so it runs after the file's own afterAll (which closes its apps).
afterAll(() => {
  failOnUnexpected('outside a test');
});
