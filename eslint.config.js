import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports run one way (docs/decisions/012-app-shape.md):
 *   contract ← lib ← components/ui ← features/<area> ← components (the shell) ← routes
 * and the app and the API never import each other (both import `contract/`). Each rule below
 * forbids what a layer may not reach; a wrong import fails `npm run lint`, static or dynamic.
 */
const features = readdirSync(new URL('./app/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const forbid = (groups, message) => ({ group: groups, message });
const noServer = forbid(['**/server/**'], 'The app never imports the API: share through contract/.');
const noRoutes = forbid(['~/routes/**', '~/root', '**/routes/**'], 'Nothing imports a route module.');
const noFeatures = forbid(['~/features/**', '**/features/**'], 'This layer sits below features.');
const shellMessage = 'Only the ui primitives (~/components/ui/*) are below this layer; the shell is above it.';
const noShell = forbid(['~/components/*', '!~/components/ui'], shellMessage);
// Inside components/ui a relative `../` leaves the primitives for the shell.
const noShellFromUi = forbid(['~/components/*', '!~/components/ui', '../*'], shellMessage);
const noComponents = forbid(['~/components/**', '**/components/**'], 'lib sits below every component.');

/**
 * ESLint's `no-restricted-imports` judges a specifier as written: `import('…')` it does not see at
 * all, and `../projects/api` from `app/features/integrations/` matches no `~/features/*` pattern
 * though it lands in another feature. This rule runs the same check, with the same options and
 * words, on every import of an app file (static, `export … from`, and `import('…')`) with its
 * specifier resolved to the app's own `~/…` form, as `import/no-restricted-paths` judges the file
 * an import reaches. A computed specifier cannot be judged and is left alone.
 */
const APP_DIR = fileURLToPath(new URL('./app/', import.meta.url));
const restrictedImports = builtinRules.get('no-restricted-imports');
const restrictedResolvedImports = {
  meta: { ...restrictedImports.meta, docs: { description: 'no-restricted-imports, on where an import lands' } },
  create(context) {
    const check = restrictedImports.create(context).ImportDeclaration;
    /** `./x` or `../x` from an app file as `~/…`; anything else as written. */
    const resolve = (specifier) => {
      if (!specifier.startsWith('.')) return specifier;
      const target = path.resolve(path.dirname(context.filename), specifier);
      return target.startsWith(APP_DIR) ? `~/${path.relative(APP_DIR, target).split(path.sep).join('/')}` : specifier;
    };
    const judge = (node, source, dynamic) => {
      const specifier =
        source.type === 'Literal'
          ? source.value
          : source.type === 'TemplateLiteral' && source.expressions.length === 0
            ? source.quasis[0].value.cooked
            : undefined;
      if (typeof specifier !== 'string') return;
      const landing = resolve(specifier);
      // A static import as written is the built-in rule's; this one judges where it lands.
      if (dynamic) check({ ...node, source: { ...source, value: specifier } });
      if (landing !== specifier) check({ ...node, source: { ...source, value: landing } });
    };
    return {
      ImportExpression: (node) => judge(node, node.source, true),
      ImportDeclaration: (node) => judge(node, node.source, false),
      ExportNamedDeclaration: (node) => node.source && judge(node, node.source, false),
      ExportAllDeclaration: (node) => judge(node, node.source, false),
    };
  },
};

/**
 * A contract module's operations and functions (its camelCase values) are used through the module's
 * namespace, `import * as projects from '~contract/projects'` then `projects.listProjects`, never a
 * named import that could rename them; types, schemas and UPPER_CASE constants may be named.
 * `no-restricted-syntax` takes one list per file, so a block that sets it for these files again
 * spreads these entries into its own list.
 */
const CONTRACT_USERS = '{app,server,scripts,tests}/**/*.{js,mjs,ts,tsx}';
const CONTRACT_MODULE = '[source.value=/(^~|^|\\/)contract\\//]';
const contractNamespaceMessage =
  "Import a contract module's operations and functions as its namespace: import * as projects from '~contract/projects', then projects.listProjects (CONTRIBUTING.md#import-from-the-contract).";
const contractNamespaces = [
  {
    selector: `ImportDeclaration[importKind!='type']${CONTRACT_MODULE} > ImportSpecifier[importKind!='type'][imported.name=/^[a-z]/]`,
    message: contractNamespaceMessage,
  },
  {
    selector: `ExportNamedDeclaration[exportKind!='type']${CONTRACT_MODULE} > ExportSpecifier[exportKind!='type'][local.name=/^[a-z]/]`,
    message: contractNamespaceMessage,
  },
];

const restrict = (files, patterns) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns }],
    'layers/no-restricted-resolved-imports': ['error', { patterns }],
  },
});

export default tseslint.config(
  {
    ignores: ['build', 'node_modules', '.data', 'test-results', 'playwright-report', 'server/db/migrations', '.builds'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { layers: { rules: { 'no-restricted-resolved-imports': restrictedResolvedImports } } },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Focusing the first field of a sign-in form is what users of such a form expect.
      'jsx-a11y/no-autofocus': 'off',
    },
  },

  // One name for a contract operation in every layer: the namespace it comes from.
  { files: [CONTRACT_USERS], rules: { 'no-restricted-syntax': ['error', ...contractNamespaces] } },

  // One way to the data cache (docs/decisions/043-one-cache.md): through ~/lib/cache, never the
  // instance; components read what loaders return, and page an infinite list with useInfiniteQuery.
  // The block above's entries are repeated: a later block's options replace an earlier one's.
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/lib/cache.ts', 'app/lib/query-client.ts', 'app/routes/app/layout.tsx', 'app/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...contractNamespaces,
        {
          selector: 'ImportDeclaration[source.value=/(^|\\/)query-client$/]',
          message: 'Reach the data cache through ~/lib/cache (docs/decisions/043-one-cache.md).',
        },
        {
          selector: 'ImportExpression[source.value=/(^|\\/)query-client$/]',
          message: 'Reach the data cache through ~/lib/cache (docs/decisions/043-one-cache.md).',
        },
        {
          selector:
            "ImportDeclaration[source.value='@tanstack/react-query'] > ImportSpecifier[imported.name=/^(useQuery|useQueryClient|useMutation|useSuspenseQuery)$/]",
          message:
            'Components read what loaders return and change data through intents (docs/decisions/035, 043); paging an infinite list is useInfiniteQuery.',
        },
      ],
    },
  },

  // One way to a formatter: ~/lib/format makes each once and reuses it (docs/decisions/096).
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/lib/format.ts', 'app/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'Intl',
          message: 'Take a formatter from ~/lib/format: each is made once (docs/decisions/096).',
        },
      ],
    },
  },

  // The one-way imports.
  restrict(['contract/**'], [forbid(['~/**', '**/app/**', '**/server/**'], 'contract/ imports zod and itself only.')]),
  restrict(
    ['server/**'],
    [
      forbid(['~/**', '**/app/**'], 'The API never imports the app: share through contract/.'),
      // One zod for the API, the one its contract is written in (docs/decisions/037).
      { regex: '^zod(/v4(/classic)?)?$', message: 'The API uses zod/mini, as the contract does.' },
    ],
  ),
  restrict(['app/**'], [noServer]),
  restrict(['app/lib/**'], [noServer, noRoutes, noFeatures, noComponents]),
  restrict(['app/components/ui/**'], [noServer, noRoutes, noFeatures, noShellFromUi]),
  restrict(['app/components/*.{ts,tsx}'], [noServer, noRoutes]),
  // A feature uses lib, the ui primitives and its own files; never another feature's internals.
  ...features.map((feature) =>
    restrict(
      [`app/features/${feature}/**`],
      [
        noServer,
        noRoutes,
        noShell,
        forbid(
          ['~/features/*', `!~/features/${feature}`, '**/features/*', `!**/features/${feature}`],
          `A feature does not reach into another feature (${feature}).`,
        ),
      ],
    ),
  ),
);
