/**
 * The build's compressed copies: `scripts/compress-assets.ts` writes `<file>.br` and `<file>.gz`
 * beside every file of these kinds once, at build, and `server/spa.ts` answers each request with
 * the one its client accepts. The other files the build holds (fonts, pictures, icons) are
 * compressed formats already: a second pass would only cost the client time to undo it.
 */
export const COMPRESSIBLE_EXTENSIONS = ['js', 'mjs', 'css', 'html', 'json', 'svg', 'webmanifest', 'txt', 'xml'];

/** The copies' suffixes, by the `Content-Encoding` each is served with. */
export const COMPRESSED_SUFFIXES = { br: '.br', gzip: '.gz' } as const;

const COMPRESSED_COPY = new RegExp(`\\.(?:${COMPRESSIBLE_EXTENSIONS.join('|')})\\.(?:br|gz)$`);

/** Whether `path` names a compressed copy (`app-AbC123.js.br`) rather than a file of the app. */
export const isCompressedCopy = (path: string) => COMPRESSED_COPY.test(path);
