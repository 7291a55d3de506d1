import type { Plugin } from 'vite';

/**
 * @conform-to/zod wraps a form's schema for coercion with four functions it imports from
 * classic zod (`zod/v4`), which would pull all of classic zod into every page with a form.
 * zod/mini exports the same four over the same core, so the app's builds (and Vite's dev
 * server) hand it zod/mini instead. docs/decisions/040-first-load-less-machinery.md gives what
 * it saves; `app/browser-imports.test.ts` keeps classic zod out of the app's own code.
 */
export function conformOnZodMini(): Plugin {
  return {
    name: 'conform-on-zod-mini',
    config: () => ({ resolve: { alias: [{ find: /^zod\/v4$/, replacement: 'zod/mini' }] } }),
  };
}
