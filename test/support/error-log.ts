/**
 * The error-level lines of the test apps' logs (pino: 50 error, 60 fatal). An API test fails
 * on one it did not declare with `expectErrorLog` (test/support/fail-on-error-log.ts): a
 * 5xx or a failed job that a test's answers hide still shows.
 */
const ERROR_LEVEL = 50;
const logged: string[] = [];
const expected: RegExp[] = [];

export function recordLogLine(line: string): void {
  const level = (JSON.parse(line) as { level?: unknown }).level;
  if (typeof level === 'number' && level >= ERROR_LEVEL) logged.push(line);
}

/** Declares, for the running test, error lines whose `msg` matches `pattern`. */
export function expectErrorLog(pattern: RegExp): void {
  expected.push(pattern);
}

/** The lines logged since the last call that no declaration covers; clears both lists. */
export function takeUnexpectedErrorLines(): string[] {
  const unexpected = logged.filter((line) => {
    const message = String((JSON.parse(line) as { msg?: unknown }).msg);
    return !expected.some((pattern) => pattern.test(message));
  });
  logged.length = 0;
  expected.length = 0;
  return unexpected;
}
