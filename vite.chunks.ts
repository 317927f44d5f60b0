// How the web build groups modules into chunks beyond Rolldown's own splitting (decisions 029,
// 043 and 045): fewer, larger files where a screen would otherwise wait on a score of small ones.

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

/** The screens a module is loaded for: at their first load, and through imports on demand. */
interface Reach {
  /** Screens whose static imports reach the module, or 'entry' when the main script's do. */
  readonly firstLoad: Set<string>;
  /** Screens that reach it through an import on demand (a dialog loaded when it opens). */
  readonly onDemand: Set<string>;
}

/** The route modules a module is loaded for, walking its importers up to the routes. */
function screensUsing(id: string, graph: ModuleGraph): Reach {
  const reach: Reach = { firstLoad: new Set(), onDemand: new Set() };
  const seen = new Set<string>();
  const pending: [string, boolean][] = [[id, false]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [moduleId, isOnDemand] = next;
    const key = `${String(isOnDemand)}:${moduleId}`;
    const node = seen.has(key) ? null : graph.getModuleInfo(moduleId);
    if (node === null) continue;
    seen.add(key);
    const screens = isOnDemand ? reach.onDemand : reach.firstLoad;
    if (node.isEntry) screens.add('entry');
    for (const importer of node.dynamicImporters) {
      if (ROUTES.test(importer)) screens.add(moduleId);
      else pending.push([importer, true]);
    }
    for (const importer of node.importers) pending.push([importer, isOnDemand]);
  }
  return reach;
}

/**
 * Modules the module graph cannot place: the HTTP library, which the main script's HTTP layer
 * imports with the first call, as every signed-in screen does as it opens; and the icons of
 * the signed-in screens and the signed-out ones but /login, which the graph shows imported by
 * every module that imports any icon, the main script's header too.
 */
const SHARED_BY_NAME =
  /\/node_modules\/(?:ky\/|lucide-react\/dist\/esm\/icons\/(?:arrow-left|info)\.mjs$)/;

/**
 * Whether a module goes in the chunk the signed-in screens share with the signed-out ones: one
 * the signed-in screens load at once and another screen loads too (the messages, the HTTP
 * layer and its library, the validation library, the tooltip, a dialog), but neither the main
 * script nor /login at its first load.
 */
export function sharedWithSignedIn(id: string, graph: ModuleGraph): boolean {
  if (SHARED_BY_NAME.test(id)) return true;
  const { firstLoad, onDemand } = screensUsing(id, graph);
  const screens = new Set([...firstLoad, ...onDemand]);
  return (
    screens.size > 1 &&
    [...firstLoad].some((screen) => SIGNED_IN.test(screen)) &&
    ![...firstLoad].some((screen) => screen === 'entry' || LOGIN.test(screen))
  );
}
