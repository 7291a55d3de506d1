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

/**
 * Groups the sign-in path's own code into one file (`guest`), and i18n and forms libraries
 * into one each, instead of the thirty small files Rollup's default splitting makes of them:
 * on HTTP/1.1 a browser opens six connections to a host, and each file is a request and a
 * header more before the first screen. Only what the guest routes import statically goes in,
 * so nothing that loads on demand (a menu, a dialog, the signed-in pages) is pulled forward.
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
  if (id.includes('/node_modules/') || !/\.(tsx?|css)$/.test(id.split('?')[0])) return undefined;
  const seen = new Set<string>();
  const onGuestPath = (module: string): boolean => {
    if (GUEST_ENTRIES.some((entry) => entry.test(module))) return true;
    if (seen.has(module)) return false;
    seen.add(module);
    return (getModuleInfo(module)?.importers ?? []).some(onGuestPath);
  };
  return onGuestPath(id) && !GUEST_ENTRIES.some((entry) => entry.test(id)) ? 'guest' : undefined;
};
