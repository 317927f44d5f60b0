import type { AuditOutcome, Finding, Severity } from './npm-audit-output.js';

// docs/decisions/032-dependency-audit.md: a high or critical advisory in a production
// dependency fails `npm test`; an advisory service that cannot be asked is said loudly and
// fails only when AUDIT_REQUIRED=true.

export const AUDIT_REQUIRED_VARIABLE = 'AUDIT_REQUIRED';

const FAILING_SEVERITIES: readonly Severity[] = ['high', 'critical'];
const SEVERITY_ORDER: readonly Severity[] = ['critical', 'high', 'moderate', 'low', 'info'];

export const AuditLines = {
  notChecked: (reason: string) => `dependency audit NOT CHECKED: ${reason}`,
  endpointAnswered: (statusCode: number) =>
    `the registry's advisory endpoint answered ${statusCode}`,
  endpointUnreachable: 'the registry could not be asked for advisories',
  requiredFails: `${AUDIT_REQUIRED_VARIABLE}=true, so an unchecked audit fails`,
  requiredHint: `set ${AUDIT_REQUIRED_VARIABLE}=true where the public registry is reachable to fail on this`,
  failed: (packages: number) =>
    `dependency audit FAILED: high or critical advisories affect ${packages} production packages`,
  passed: (packages: number, below: number) =>
    `dependency audit passed: ${packages} production packages checked, no high or critical advisory` +
    (below > 0 ? ` (${below} below high listed above)` : ''),
  broken: (detail: string) => `dependency audit BROKEN: ${detail}`,
} as const;

export interface Verdict {
  readonly exitCode: 0 | 1;
  readonly lines: readonly string[];
}

function findingLine(finding: Finding): string {
  const through =
    finding.pulledInBy.length > 0 ? ` (through ${finding.pulledInBy.join(', ')})` : '';
  return `  ${finding.severity.padEnd(8)} ${finding.packageName} ${finding.range}: ${finding.title} ${finding.url}${through}`;
}

function bySeverity(a: Finding, b: Finding): number {
  return SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity);
}

function checkedVerdict(outcome: Extract<AuditOutcome, { kind: 'checked' }>): Verdict {
  const findings = [...outcome.findings].sort(bySeverity);
  const failing = new Set(
    findings.filter((f) => FAILING_SEVERITIES.includes(f.severity)).map((f) => f.packageName),
  );
  // npm's own counts too (they include the dependents): a failing package never passes.
  const failingPackages = Math.max(failing.size, outcome.counts.high + outcome.counts.critical);
  const lines = findings.map(findingLine);
  if (failingPackages > 0) {
    return { exitCode: 1, lines: [...lines, AuditLines.failed(failingPackages)] };
  }
  return {
    exitCode: 0,
    lines: [...lines, AuditLines.passed(outcome.productionPackages, findings.length)],
  };
}

export function verdictFor(outcome: AuditOutcome, isRequired: boolean): Verdict {
  switch (outcome.kind) {
    case 'checked':
      return checkedVerdict(outcome);
    case 'not-checked': {
      const reason =
        outcome.statusCode === null
          ? AuditLines.endpointUnreachable
          : AuditLines.endpointAnswered(outcome.statusCode);
      return {
        exitCode: isRequired ? 1 : 0,
        lines: [
          AuditLines.notChecked(`${reason} (${outcome.detail})`),
          isRequired ? AuditLines.requiredFails : AuditLines.requiredHint,
        ],
      };
    }
    case 'broken':
      return { exitCode: 1, lines: [AuditLines.broken(outcome.detail)] };
  }
}
