import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The browser bundle is built from app/ and contract/. Classic zod (`zod`, `zod/v4`) hangs every
 * method on every schema, so one import of it puts ~25 KB gzipped on the sign-in page, which
 * `zod/mini` (the same core, functions instead of methods) does not (decision 021). This holds
 * every module there to `zod/mini`; tests run in Node and may import what they like.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BROWSER_FOLDERS = ['app', 'contract'];
const ALLOWED = 'zod/mini';

/** Every `import … from`, `export … from`, `import '…'` and `import('…')` of a zod module. */
const ZOD_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](zod(?:\/[^'"]*)?)['"]/g;

function browserModules(): string[] {
  return BROWSER_FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|tsx|js|jsx|mjs)$/.test(file) && !/\.test\.\w+$/.test(file))
      .map((file) => join(folder, file)),
  );
}

function classicZodImports(source: string): string[] {
  return [...source.matchAll(ZOD_IMPORT)].map((match) => match[1]).filter((specifier) => specifier !== ALLOWED);
}

describe('browser modules', () => {
  it('import zod only as zod/mini', () => {
    const modules = browserModules();
    expect(modules).toContain(join('contract', 'fields.ts'));
    const offenders = modules.flatMap((file) =>
      classicZodImports(readFileSync(join(ROOT, file), 'utf8')).map((specifier) => `${file}: '${specifier}'`),
    );
    expect(offenders).toEqual([]);
  });

  it('the check sees every way of importing classic zod', () => {
    const source = [
      "import { z } from 'zod';",
      'import type { z } from "zod/v4";',
      "export { z } from 'zod/v4/classic';",
      "import 'zod';",
      "const lazy = await import('zod');",
      "import { z } from 'zod/mini';",
      "import { parseWithZod } from '@conform-to/zod/v4';",
    ].join('\n');
    expect(classicZodImports(source)).toEqual(['zod', 'zod/v4', 'zod/v4/classic', 'zod', 'zod']);
  });
});
