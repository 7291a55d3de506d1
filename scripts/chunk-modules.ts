import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { ManualChunksOption } from 'rollup';
import type { Plugin } from 'vite';

/**
 * Writes `<build>/chunk-modules.json` beside the client build (never inside it, so it is not
 * served): each emitted script and the source modules in it, by path relative to the project.
 * The first-load budget test (tests/e2e/first-load.spec.ts) reads it to name what a page
 * loads, so a change that drags a heavy library onto the sign-in path fails with its name.
 */
export function chunkModules(): Plugin {
  let outDir = '';
  let root = '';
  let isClient = false;
  return {
    name: 'chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
      isClient = !config.build.ssr;
    },
    writeBundle(_options, bundle) {
      if (!isClient) return;
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const sources = Object.keys(output.modules).map((id) => relative(root, id.replace(/^\0/, '').split('?')[0]));
        chunks[`/${output.fileName}`] = [...new Set(sources)].sort();
      }
      const file = join(dirname(resolve(root, outDir)), 'chunk-modules.json');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}

/** The routes a visitor may land on first without an account: what their first load needs. */
const GUEST_ENTRIES = [/\/app\/root\.tsx$/, /\/app\/routes\/auth\/[^/]+\.tsx$/];
/** What every page loads before its route: the guest entries and the client's entry. */
const EVERY_PAGE = [...GUEST_ENTRIES, /\/app\/entry\.client\.tsx$/];
/** The signed-in pages' frame (header, navigation, bell), around every page behind sign-in. */
const SIGNED_IN_LAYOUT = /\/app\/routes\/app\/layout\.tsx$/;
/** The screen's size class (`useScreen`), which both the guest pages and the signed-in ones read. */
const SCREEN_SIZE = /\/app\/lib\/screen\.ts$/;
/** The app's small shared building blocks: UI components, helpers and the API's contract. */
const SHARED_BLOCKS = /\/app\/(components\/ui|lib)\/|\/contract\//;

/**
 * Fewer, larger files on a first load (docs/decisions/021 and 097): on HTTP/1.1 a browser opens six
 * connections to a host, and each file is a request and a header more before the screen; in the
 * browser each is a module to fetch, parse and link. Rollup's default splitting made some thirty
 * small files of the sign-in path and sixty of a signed-in page, most under 2 kB.
 *
 * - `framework`, `i18n`, `forms`: libraries every page needs.
 * - `guest`: what the guest routes import statically, so nothing that loads on demand (a menu, a
 *   dialog, the signed-in pages) is pulled forward onto the sign-in path.
 * - `headless`, `query`, `realtime`: Headless UI (and the positioning and focus code under it),
 *   the data cache and the live socket, each in one file, none of them on the sign-in path.
 * - `signed-in`: the signed-in frame's code, and every shared building block that no page
 *   reaches before sign-in (not even on demand, as the update prompt is): every signed-in page
 *   uses most of them, and a page's own code stays in its route's file.
 */
export const firstLoadChunks: ManualChunksOption = (id, { getModuleInfo }) => {
  if (
    /node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream)\//.test(id)
  )
    return 'framework';
  // <Trans> (and the HTML parser under it) is for the few texts with links inside: not in here.
  if (/node_modules\/(i18next|react-i18next|remix-i18next)\//.test(id) && !/\/Trans(WithoutContext)?\.js$/.test(id))
    return 'i18n';
  if (/node_modules\/(@conform-to\/[^/]+|zod)\//.test(id)) return 'forms';
  if (
    /node_modules\/(@headlessui|@floating-ui|@react-aria|react-aria|react-stately|use-sync-external-store)\//.test(id)
  )
    return 'headless';
  if (/node_modules\/@tanstack\/(query-core|react-query)\//.test(id)) return 'query';
  if (/node_modules\/(pusher-js|laravel-echo)\//.test(id)) return 'realtime';
  if (id.includes('/node_modules/') || !/\.(tsx?|css)$/.test(id.split('?')[0])) return undefined;

  /** Whether `id` is imported, through other modules, by one of `entries` (not one itself). */
  const importedBy = (entries: RegExp[], { onDemand = false } = {}) => {
    const seen = new Set<string>();
    const reaches = (module: string): boolean => {
      if (entries.some((entry) => entry.test(module))) return true;
      if (seen.has(module)) return false;
      seen.add(module);
      const info = getModuleInfo(module);
      return [...(info?.importers ?? []), ...(onDemand ? (info?.dynamicImporters ?? []) : [])].some(reaches);
    };
    return !entries.some((entry) => entry.test(id)) && reaches(id);
  };
  if (importedBy(GUEST_ENTRIES)) return 'guest';
  // The screen's size class is read on every page once it has started (the chat widget, in
  // after-startup) and by the signed-in pages' long lists (DataTable). Left to Rollup, it would
  // join `signed-in` (a manual chunk takes in what its modules import) and bring that whole file,
  // and what it needs, onto the sign-in path; in `guest` it is a few hundred bytes.
  if (SCREEN_SIZE.test(id)) return 'guest';
  if (importedBy([SIGNED_IN_LAYOUT])) return 'signed-in';
  if (SHARED_BLOCKS.test(id) && !importedBy(EVERY_PAGE, { onDemand: true })) return 'signed-in';
  return undefined;
};
