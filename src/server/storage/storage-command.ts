import { importDataDirFiles, type ImportDeps } from './data-dir-import.js';

/** Runs `storage migrate`; answers the lines to print and the exit code. */
export async function runStorageCommand(
  deps: ImportDeps,
  args: readonly string[],
): Promise<{ lines: string[]; exitCode: number }> {
  if (args[0] !== 'storage' || args[1] !== 'migrate' || args.length !== 2) {
    return { lines: ['usage: admin storage migrate'], exitCode: 2 };
  }
  const moved = await importDataDirFiles(deps);
  return {
    lines: [
      `Moved ${moved.icons} icons and ${moved.documents} documents from ${deps.dataDir} into the ${deps.store.backend} store.`,
    ],
    exitCode: 0,
  };
}
