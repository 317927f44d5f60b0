import * as z from 'zod/mini';

// What `npm audit --json` (npm 10 and 11) prints on stdout, read into one of three outcomes.
// Anything that is neither a report nor the advisory endpoint's error is "broken": the
// caller fails on it, so a change of npm's output can never pass as "nothing found".

export const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

const SeveritySchema = z.enum(SEVERITIES);

const AdvisorySchema = z.object({
  name: z.string(),
  title: z.string(),
  url: z.string(),
  severity: SeveritySchema,
  range: z.optional(z.string()),
});

// `via` holds an advisory for the package itself, or the name of a vulnerable dependency.
const VulnerabilitySchema = z.object({
  name: z.string(),
  severity: SeveritySchema,
  via: z.array(z.union([z.string(), AdvisorySchema])),
  effects: z.array(z.string()),
});

const ReportSchema = z.object({
  auditReportVersion: z.literal(2),
  vulnerabilities: z.record(z.string(), VulnerabilitySchema),
  metadata: z.object({
    vulnerabilities: z.object({
      info: z.number(),
      low: z.number(),
      moderate: z.number(),
      high: z.number(),
      critical: z.number(),
    }),
    dependencies: z.object({ prod: z.number() }),
  }),
});

// npm's `audit endpoint returned an error`: the HTTP error (statusCode) or a network error.
const EndpointErrorSchema = z.object({
  message: z.string(),
  uri: z.optional(z.string()),
  statusCode: z.optional(z.number()),
});

// Any other npm failure (no lockfile, a crash on odd advisory data, ...).
const NpmErrorSchema = z.object({
  error: z.object({ code: z.optional(z.string()), summary: z.string() }),
});

export interface Finding {
  readonly packageName: string;
  readonly severity: Severity;
  readonly title: string;
  readonly url: string;
  readonly range: string;
  /** Production packages that are vulnerable because they depend on this one. */
  readonly pulledInBy: readonly string[];
}

export type AuditOutcome =
  | {
      readonly kind: 'checked';
      readonly productionPackages: number;
      readonly findings: readonly Finding[];
      /** Counts by severity as npm's summary gives them (packages, not advisories). */
      readonly counts: Readonly<Record<Severity, number>>;
    }
  | { readonly kind: 'not-checked'; readonly statusCode: number | null; readonly detail: string }
  | { readonly kind: 'broken'; readonly detail: string };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function findingsOf(report: z.infer<typeof ReportSchema>): Finding[] {
  return Object.values(report.vulnerabilities).flatMap((vulnerability) =>
    vulnerability.via
      .filter((via) => typeof via !== 'string')
      .map((advisory) => ({
        packageName: advisory.name,
        severity: advisory.severity,
        title: advisory.title,
        url: advisory.url,
        range: advisory.range ?? '',
        pulledInBy: vulnerability.effects,
      })),
  );
}

export function readAuditOutput(stdout: string): AuditOutcome {
  const json = parseJson(stdout);
  if (json === undefined) {
    return { kind: 'broken', detail: `npm audit printed no JSON: ${stdout.slice(0, 200)}` };
  }
  const report = ReportSchema.safeParse(json);
  if (report.success) {
    return {
      kind: 'checked',
      // npm counts the project itself among its production packages.
      productionPackages: report.data.metadata.dependencies.prod - 1,
      findings: findingsOf(report.data),
      counts: report.data.metadata.vulnerabilities,
    };
  }
  const endpointError = EndpointErrorSchema.safeParse(json);
  if (endpointError.success) {
    const { message, statusCode } = endpointError.data;
    return { kind: 'not-checked', statusCode: statusCode ?? null, detail: message };
  }
  const npmError = NpmErrorSchema.safeParse(json);
  if (npmError.success) {
    const { code, summary } = npmError.data.error;
    return { kind: 'broken', detail: `npm audit failed: ${code ?? 'no code'} ${summary}` };
  }
  return { kind: 'broken', detail: `npm audit printed JSON of an unknown shape: ${stdout}` };
}
