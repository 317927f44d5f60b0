// How the web build groups modules into chunks beyond Rolldown's own splitting (decisions 029
// and 043): fewer, larger files where a screen would otherwise wait on a score of small ones.

/** What Rolldown's chunking context tells of one module. */
interface ModuleNode {
  readonly isEntry: boolean;
  readonly importers: readonly string[];
  readonly dynamicImporters: readonly string[];
}

export interface ModuleGraph {
  getModuleInfo(id: string): ModuleNode | null;
}

/** The route table, whose lazy imports are the screens' roots. */
const ROUTES = /\/src\/web\/routes\.tsx$/;
/** The one module of all signed-in screens (src/web/app-area/screens.ts). */
const SIGNED_IN = /\/src\/web\/app-area\/screens\.ts$/;
/** The first screen most visitors see, held to its script budget (decision 029). */
const LOGIN = /\/src\/web\/pages\/login\/LoginPage\.tsx$/;

/**
 * The route modules a module is loaded for: the screens whose static imports reach it, or
 * 'entry' when the main script's do.
 */
function screensUsing(id: string, graph: ModuleGraph): Set<string> {
  const screens = new Set<string>();
  const seen = new Set([id]);
  const pending = [id];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const node = graph.getModuleInfo(next);
    if (node === null) continue;
    if (node.isEntry) screens.add('entry');
    if (node.dynamicImporters.some((importer) => ROUTES.test(importer))) screens.add(next);
    for (const importer of node.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        pending.push(importer);
      }
    }
  }
  return screens;
}

/**
 * Whether a module is one the signed-in screens share with signed-out ones other than /login
 * (the messages, the HTTP layer, the validation library): such modules go in one chunk.
 */
export function sharedWithSignedIn(id: string, graph: ModuleGraph): boolean {
  const screens = [...screensUsing(id, graph)];
  return (
    screens.length > 1 &&
    screens.some((screen) => SIGNED_IN.test(screen)) &&
    !screens.some((screen) => screen === 'entry' || LOGIN.test(screen))
  );
}
