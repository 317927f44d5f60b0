import { writeFigures } from '../scripts/figures/write-figures.js';

/** What one engine's part of `npm run proof:crash` counted. */
export interface CrashCounts {
  readonly engine: string;
  readonly runs: number;
  readonly starts: number;
  readonly operations: number;
  readonly acknowledged: number;
  readonly uncertain: number;
  readonly findings: readonly string[];
}

const ENGINE_NAMES: Readonly<Record<string, string>> = {
  sqlite: 'SQLite',
  postgres: 'PostgreSQL',
  s3: 'PostgreSQL + S3',
};

/** The run's counts, per engine, into docs/reliability.md's crash figures. */
export async function writeCrashFigures(
  reports: readonly CrashCounts[],
  args: readonly string[],
  commit: string,
): Promise<void> {
  const count = (n: number) => n.toLocaleString('en-US');
  await writeFigures(
    'docs/reliability.md',
    'crash',
    {
      command: ['npm run proof:crash', ...(args.length === 0 ? [] : ['--', ...args])].join(' '),
      columns: [
        'engine',
        'kills',
        'starts',
        'answers',
        'acknowledged writes checked',
        'apps cut mid-write',
        'findings',
      ],
      rows: reports.map((r) => [
        ENGINE_NAMES[r.engine] ?? r.engine,
        count(r.runs),
        count(r.starts),
        count(r.operations),
        count(r.acknowledged),
        count(r.uncertain),
        count(r.findings.length),
      ]),
    },
    commit,
  );
}
