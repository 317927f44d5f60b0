import { describe, expect, it } from 'vitest';
import { AuditLines, verdictFor } from './audit-verdict.js';
import { readAuditOutput } from './npm-audit-output.js';

// What npm prints is read strictly: output that is not a report, nor the advisory
// endpoint's error, fails; scripts/audit-deps.test.ts covers the real npm.

const EMPTY_COUNTS = { info: 0, low: 0, moderate: 0, high: 0, critical: 0 };

function report(vulnerabilities: object, counts: object): string {
  return JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: { ...EMPTY_COUNTS, ...counts }, dependencies: { prod: 11 } },
  });
}

describe('the verdict on what npm audit printed', () => {
  it('fails on output that is not JSON', () => {
    const verdict = verdictFor(readAuditOutput('npm ERR! something else'), false);
    expect(verdict.exitCode).toBe(1);
    expect(verdict.lines).toEqual([
      AuditLines.broken('npm audit printed no JSON: npm ERR! something else'),
    ]);
  });

  it('fails on JSON of another shape', () => {
    const verdict = verdictFor(readAuditOutput('{"advisories":{}}'), false);
    expect(verdict.exitCode).toBe(1);
    expect(verdict.lines[0]).toContain(AuditLines.broken('npm audit printed JSON of an unknown'));
  });

  it('fails when npm counts a high package it does not list', () => {
    const verdict = verdictFor(readAuditOutput(report({}, { high: 1 })), false);
    expect(verdict).toEqual({ exitCode: 1, lines: [AuditLines.failed(1)] });
  });

  it('passes a report with nothing found, saying how many packages it checked', () => {
    const verdict = verdictFor(readAuditOutput(report({}, {})), true);
    expect(verdict).toEqual({ exitCode: 0, lines: [AuditLines.passed(10, 0)] });
  });
});
