import { writeFigures } from '../scripts/figures/write-figures.js';

/**
 * A bench file's figures, gathered test by test and written into docs/performance.md
 * between NAME's markers once the file is done (a missed budget is written too).
 */
export function benchFigures(name: string, command: string) {
  const rows: string[][] = [];
  return {
    add(what: string, measured: string, budget: string): void {
      rows.push([what, measured, budget]);
    },
    async write(): Promise<void> {
      if (rows.length === 0) return;
      await writeFigures('docs/performance.md', name, {
        command,
        columns: ['what', 'measured', 'budget'],
        rows,
      });
    },
  };
}
