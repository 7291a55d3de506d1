import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The one-way imports (eslint.config.js; CONTRIBUTING "Imports run one way") hold for a module
 * loaded later as for one imported at once: `import('…')` depends on its module just the same.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The import-direction complaints `code` gets as the module at `path`. */
async function refusals(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result!.messages
    .filter((message) => /restricted/.test(message.ruleId ?? ''))
    .map((message) => `${message.line}: ${message.message}`);
}

// Loading the lint configuration (and TypeScript's parser) takes seconds on a busy machine.
describe('the import direction', { timeout: 60_000 }, () => {
  it('refuses a dynamic import that runs the wrong way, as it refuses a static one', async () => {
    const shell = 'Only the ui primitives (~/components/ui/*) are below this layer; the shell is above it.';
    const found = await refusals(
      'app/features/integrations/probe.ts',
      [
        "import { openLiveSession } from '~/components/live-updates';",
        "export const later = () => import('~/components/live-updates');",
        'export const quoted = () => import(`~/components/app-nav`);',
        "export const other = () => import('~/features/projects/api');",
        "export const own = () => import('./api');",
        "export const lower = () => import('~/components/ui/dialog');",
        'export const computed = (name: string) => import(`./${name}`);',
        'export { openLiveSession };',
      ].join('\n'),
    );
    expect(found).toEqual([
      `1: '~/components/live-updates' import is restricted from being used by a pattern. ${shell}`,
      `2: '~/components/live-updates' import is restricted from being used by a pattern. ${shell}`,
      `3: '~/components/app-nav' import is restricted from being used by a pattern. ${shell}`,
      "4: '~/features/projects/api' import is restricted from being used by a pattern. A feature does not reach into another feature (integrations).",
    ]);
  });

  it('judges a relative import by where it lands: a relative path into another feature or up a layer is refused', async () => {
    const feature = 'A feature does not reach into another feature (integrations).';
    const found = await refusals(
      'app/features/integrations/probe.ts',
      [
        "import { getProjects } from '../projects/api';",
        "export const later = () => import('../projects/api');",
        "export { leave } from '../../components/live-updates';",
        "export const own = () => import('./api');",
        "import { Button } from '../../components/ui/button';",
        'export { getProjects, Button };',
      ].join('\n'),
    );
    expect(found).toEqual([
      `1: '~/features/projects/api' import is restricted from being used by a pattern. ${feature}`,
      `2: '~/features/projects/api' import is restricted from being used by a pattern. ${feature}`,
      "3: '~/components/live-updates' import is restricted from being used by a pattern. Only the ui primitives (~/components/ui/*) are below this layer; the shell is above it.",
    ]);
    expect(await refusals('app/lib/probe.ts', "import { api } from '../features/auth/api';\nexport { api };")).toEqual([
      // As written (a `**/features/**` pattern) and where it lands: the same refusal.
      "1: '../features/auth/api' import is restricted from being used by a pattern. This layer sits below features.",
      "1: '~/features/auth/api' import is restricted from being used by a pattern. This layer sits below features.",
    ]);
  });

  it('lets a layer load what is below it later', async () => {
    expect(
      await refusals('app/routes/probe.tsx', "export const later = () => import('~/components/live-updates');"),
    ).toEqual([]);
    expect(await refusals('app/lib/probe.ts', "export const later = () => import('~/features/auth/api');")).toEqual([
      "1: '~/features/auth/api' import is restricted from being used by a pattern. This layer sits below features.",
    ]);
  });
});
