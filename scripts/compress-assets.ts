/**
 * The last step of `npm run build`: writes `<file>.br` (brotli at its best, told it is text) and
 * `<file>.gz` (gzip level 9) beside every text file of the build, for the server to send as they
 * are (server/spa.ts). Compressing once here is what makes brotli's best affordable: it is far
 * too slow to run per request. A copy no smaller than its file is not kept (the file goes out
 * as it is), and copies left from an earlier build whose file is gone are removed.
 *
 *   tsx scripts/compress-assets.ts [dir]    (default build/client)
 */
import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESSED_SUFFIXES, COMPRESSIBLE_EXTENSIONS, isCompressedCopy } from '../server/precompressed';

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

const dir = process.argv[2] ?? 'build/client';
const startedAt = performance.now();

const all = (await readdir(dir, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile())
  .map((entry) => join(entry.parentPath, entry.name));
const present = new Set(all);
const compressible = all.filter((file) => COMPRESSIBLE_EXTENSIONS.includes(extname(file).slice(1)));

const stale = all.filter((file) => isCompressedCopy(file) && !present.has(file.replace(/\.(?:br|gz)$/, '')));
await Promise.all(stale.map((file) => rm(file)));

const totals = { files: compressible.length, raw: 0, br: 0, gzip: 0 };
// zlib works on its own threads: the files compress side by side.
await Promise.all(
  compressible.map(async (file) => {
    const [text, { mtime }] = await Promise.all([readFile(file), stat(file)]);
    const [br, gzipped] = await Promise.all([
      toBrotli(text, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
        },
      }),
      toGzip(text, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    const copies = { br, gzip: gzipped };
    totals.raw += text.length;
    for (const encoding of ['br', 'gzip'] as const) {
      const copy = file + COMPRESSED_SUFFIXES[encoding];
      const bytes = copies[encoding];
      if (bytes.length >= text.length) {
        await rm(copy, { force: true });
        totals[encoding] += text.length;
        continue;
      }
      await writeFile(copy, bytes);
      // The copy is the file in another encoding: it was last modified when the file was, which
      // keeps Last-Modified the same whichever of them a client gets.
      await utimes(copy, mtime, mtime);
      totals[encoding] += bytes.length;
    }
  }),
);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `compress: ${totals.files} files in ${dir}, ${kb(totals.raw)} → brotli ${kb(totals.br)}, gzip ${kb(totals.gzip)}` +
    `${stale.length ? `, ${stale.length} stale copies removed` : ''} in ${Math.round(performance.now() - startedAt)} ms`,
);
