/**
 * The figures a script measured, written into its doc between marker comments
 * (`<!-- figures:NAME -->` ... `<!-- /figures:NAME -->`), with when and on what code they
 * were made: docs/performance.md and docs/reliability.md hold the current figures only,
 * and their history is git's.
 */
export interface Figures {
  /** The command that made them, as a reader would type it. */
  readonly command: string;
  /** Column headings, then one row per figure. */
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

export interface Provenance {
  readonly at: Date;
  readonly commit: string;
  /** The machine's one-minute load average when the figures were written. */
  readonly load: number;
  readonly cores: number;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

export function figuresBlock(figures: Figures, made: Provenance): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const minute = made.at.toISOString().slice(0, 16).replace('T', ' ');
  return [
    `Made by \`${figures.command}\` on ${minute} UTC at commit \`${made.commit}\`, ` +
      `${String(made.cores)} cores, load average ${made.load.toFixed(1)}.`,
    '',
    line(figures.columns),
    line(figures.columns.map(() => '---')),
    ...figures.rows.map(line),
  ].join('\n');
}

/** The doc with the block between NAME's markers replaced; a doc without them is an error. */
export function replaceFigures(doc: string, name: string, block: string): string {
  const start = `<!-- figures:${name} -->`;
  const end = `<!-- /figures:${name} -->`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from === -1 || to < from) throw new Error(`no ${start} ... ${end} markers in the doc`);
  return `${doc.slice(0, from + start.length)}\n\n${block}\n\n${doc.slice(to)}`;
}
