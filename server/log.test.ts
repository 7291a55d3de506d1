import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { framesInSources } from './log';

const folder = mkdtempSync(join(tmpdir(), 'log-frames-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A bundle of a TypeScript file, as scripts/build-server.mjs makes the API's, with its map. */
async function bundled(source: string, withMap = true) {
  const entry = join(folder, 'routes.ts');
  writeFileSync(entry, source);
  const bundle = join(folder, withMap ? 'main.mjs' : 'bare.mjs');
  await build({
    entryPoints: [entry],
    outfile: bundle,
    bundle: true,
    format: 'esm',
    sourcemap: withMap,
    logLevel: 'silent',
  });
  const lines = readFileSync(bundle, 'utf8').split('\n');
  /** Where `text` is in the bundle, 1-based, as a stack says it. */
  const at = (text: string) => {
    const line = lines.findIndex((each) => each.includes(text));
    return `${line + 1}:${lines[line]!.indexOf(text) + 1}`;
  };
  return { bundle, entry, at };
}

describe('a stack of the bundle, logged', () => {
  it("names the source's file, line and column, for a frame with a function and one without", async () => {
    const { bundle, entry, at } = await bundled(
      [
        'export function answer(n: number): number {',
        '  if (n < 0) throw new Error("negative");',
        '  return n;',
        '}',
        '',
      ].join('\n'),
    );
    const inSources = framesInSources(bundle);
    const where = at('throw new Error');
    const source = relative(process.cwd(), entry);
    expect(inSources(`    at answer (${pathToFileURL(bundle).href}:${where})`)).toBe(`    at answer (${source}:2:14)`);
    expect(inSources(`    at ${pathToFileURL(bundle).href}:${where}`)).toBe(`    at ${source}:2:14`);
    expect(inSources(`    at answer (${bundle}:${where})`)).toBe(`    at answer (${source}:2:14)`);
  });

  it("leaves Node's frames, other files' and a bundle without a map as they are", async () => {
    const { bundle, at } = await bundled('export const two = () => { throw new Error("two"); };\n', false);
    const node = '    at process.processTicksAndRejections (node:internal/process/task_queues:105:5)';
    const other = `    at run (${pathToFileURL(join(folder, 'elsewhere.mjs')).href}:3:9)`;
    const inSources = framesInSources(bundle);
    expect(inSources(node)).toBe(node);
    expect(inSources(other)).toBe(other);
    const unmapped = `    at two (${pathToFileURL(bundle).href}:${at('throw new Error')})`;
    expect(inSources(unmapped)).toBe(unmapped);
  });
});
