import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  findPointerProblems,
  headingAnchor,
  markdownAnchors,
  readRepository,
  type Repository,
} from './repository-pointers';

/** This file: its examples of what the check finds are there to be found. */
const EXAMPLES = 'scripts/repository-pointers.test.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

function fixture(files: Record<string, string>, others: string[] = []): Repository {
  return { files: new Map(Object.entries(files)), paths: new Set([...Object.keys(files), ...others]) };
}

const problems = (files: Record<string, string>, others: string[] = []) =>
  findPointerProblems(fixture(files, others)).map(({ file, line, problem }) => `${file}:${line}: ${problem}`);

describe('the pointer check', () => {
  const tree = ['app/lib/http.ts', 'server/jobs/queue.ts', 'docs/decisions/025-integrations.md'];

  it('finds a path to a file or folder that is not there, and nothing for one that is', () => {
    expect(
      problems(
        {
          'app/a.ts': [
            '// See app/lib/http.ts, server/jobs/ and ./app/lib/http.ts.',
            '// Moved: app/lib/guards.ts and server/gone/.',
            "const words = 'see app/lib/nothing.tsx';",
          ].join('\n'),
        },
        tree,
      ),
    ).toEqual([
      'app/a.ts:2: names app/lib/guards.ts, which does not exist',
      'app/a.ts:2: names server/gone/, which does not exist',
      'app/a.ts:3: names app/lib/nothing.tsx, which does not exist',
    ]);
  });

  it('leaves routes, imports, URLs, data, folders without a slash and placeholders alone', () => {
    expect(
      problems(
        {
          'app/a.ts': [
            "route('public/reports/:token'); paths.to('/projects'); import x from '~/lib/http';",
            "const madeUp = 'app/lib/probe.ts';",
            '// http://localhost:3000/docs/openapi.json, /app/{key}, app/features, app/features/<area>/api.ts',
            '// server/<resource>/routes.ts, tests/e2e/*.spec.ts, docs/decisions/NNN-title.md, app/…/x.ts',
          ].join('\n'),
        },
        tree,
      ),
    ).toEqual([]);
  });

  it('expands braces, and reads a sentence-ending full stop as punctuation', () => {
    expect(problems({ 'a.md': 'Ends at app/lib/{http,gone}.ts.' }, tree)).toEqual([
      'a.md:1: names app/lib/gone.ts, which does not exist',
    ]);
  });

  it('checks relative markdown links and their anchors', () => {
    const files = {
      'docs/decisions/025-integrations.md': '# 025 — Connected accounts\n\n[api](../api.md#errors) [x](../nope.md)',
      'docs/api.md': '# API\n\n## Errors\n',
      'README.md': '[a](docs/api.md#sessions) [b](https://example.com/x.md) [c](#top)',
    };
    expect(problems(files, tree)).toEqual([
      'docs/decisions/025-integrations.md:3: links to ../nope.md, which does not exist',
      'README.md:1: links to docs/api.md#sessions, a heading docs/api.md does not have',
      'README.md:1: links to #top, a heading README.md does not have',
    ]);
  });

  it('checks the anchor after a path to a markdown file', () => {
    const files = {
      'docs/product.md': '# Product\n\n## Comments\n',
      'app/a.ts': '// docs/product.md#comments, docs/product.md#replies',
    };
    expect(problems(files)).toEqual([
      'app/a.ts:1: names docs/product.md#replies, a heading docs/product.md does not have',
    ]);
  });

  it('checks decisions named by number', () => {
    expect(problems({ 'a.md': 'Decisions 025 and 099; docs/decisions/025, docs/decisions/026.' }, tree)).toEqual([
      'a.md:1: names decision 099, which does not exist',
      'a.md:1: names docs/decisions/026, which does not exist',
    ]);
  });

  it('finds pointers outside the repository, and not an RFC section', () => {
    const text = [
      'spec §4 and (§2, §8).',
      'DESIGN.md "Forms"; issue 12, Issue #3, issues 12 and 13.',
      'RFC 6749 §4.1.2',
    ];
    const code = text.map((line) => `// ${line}`).join('\n') + "\nconst description = 'As issue 7 asked.';";
    expect(problems({ 'a.ts': code }).map((finding) => finding.split(': ')[0])).toEqual([
      'a.ts:1',
      'a.ts:1',
      'a.ts:1',
      'a.ts:2',
      'a.ts:2',
      'a.ts:2',
      'a.ts:2',
      'a.ts:4',
    ]);
  });

  it('makes anchors as GitHub does', () => {
    expect(headingAnchor('Sign-in, with Facebook')).toBe('sign-in-with-facebook');
    expect(headingAnchor('`/admin` — the admin area')).toBe('admin--the-admin-area');
    expect([...markdownAnchors('## A\n```\n# not\n```\n## A\n')]).toEqual(['a', 'a-1']);
  });
});

describe('the repository', () => {
  const findings = findPointerProblems(readRepository(root)).filter(({ file }) => file !== EXAMPLES);

  it('points only at what is in it', () => {
    expect(findings.map(({ file, line, problem }) => `${file}:${line}: ${problem}`)).toEqual([]);
  });
});
