import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isNewDatabase, startFromEmptyDatabase } from './client';

describe("a new PGlite folder begins as a copy of the build's empty database", () => {
  let root: string;
  let empty: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'empty-database-'));
    // What the build puts beside the bundle, in miniature: a data folder PGlite has set up.
    empty = join(root, 'empty-database');
    mkdirSync(join(empty, 'base'), { recursive: true });
    writeFileSync(join(empty, 'PG_VERSION'), '17\n');
    writeFileSync(join(empty, 'base', 'table'), 'rows');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('copies it into a folder that is not there yet, and the folder is then not new', () => {
    const dataDir = join(root, '.data', 'pglite');
    expect(isNewDatabase({ dataDir })).toBe(true);
    expect(startFromEmptyDatabase({ dataDir }, empty)).toBe(true);
    expect(readFileSync(join(dataDir, 'base', 'table'), 'utf8')).toBe('rows');
    expect(isNewDatabase({ dataDir })).toBe(false);
    // The next start finds its own database and leaves it as it is.
    writeFileSync(join(dataDir, 'base', 'table'), 'changed');
    expect(startFromEmptyDatabase({ dataDir }, empty)).toBe(false);
    expect(readFileSync(join(dataDir, 'base', 'table'), 'utf8')).toBe('changed');
  });

  it('copies it into an empty folder, but never into one that holds anything', () => {
    const emptyFolder = join(root, 'empty');
    mkdirSync(emptyFolder);
    expect(startFromEmptyDatabase({ dataDir: emptyFolder }, empty)).toBe(true);

    const someonesFolder = join(root, 'someones');
    mkdirSync(someonesFolder);
    writeFileSync(join(someonesFolder, 'notes.txt'), 'mine');
    expect(startFromEmptyDatabase({ dataDir: someonesFolder }, empty)).toBe(false);
    expect(existsSync(join(someonesFolder, 'PG_VERSION'))).toBe(false);
  });

  it('does nothing in memory, on PostgreSQL, or where the build left no copy (the API run from its sources)', () => {
    expect(startFromEmptyDatabase({ dataDir: 'memory://' }, empty)).toBe(false);
    const dataDir = join(root, 'data');
    expect(isNewDatabase({ dataDir, databaseUrl: 'postgres://localhost/app' })).toBe(false);
    expect(startFromEmptyDatabase({ dataDir, databaseUrl: 'postgres://localhost/app' }, empty)).toBe(false);
    expect(startFromEmptyDatabase({ dataDir }, join(root, 'not-built'))).toBe(false);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
  });
});
