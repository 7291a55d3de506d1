import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository explains itself: a comment or a document points only at what is in it. This
 * finds the pointers that lead nowhere, in every tracked (or new, not ignored) document,
 * stylesheet and script, and in the comments and strings of the code:
 *
 * - a repository path (`app/lib/http.ts`, `server/jobs/`, `./docs/deploy.md`) that names no file
 *   or folder; only paths that start with one of the repository's top-level folders and end in a
 *   file extension or a `/` count, so a route (`'/projects'`, `public/reports/:token`) or an
 *   import (`~/lib/http`) never does. Placeholders (`<area>`, `*`, `NNN`, `…`) are skipped;
 *   `{a,b}` is expanded;
 * - a relative markdown link whose target is missing, and a `#anchor` (in a link or after a
 *   path to a markdown file) that is no heading of that file;
 * - a decision by number (`decision 025`, `docs/decisions/035`) that does not exist;
 * - a pointer outside the repository: the old specification's sections, the old design notes,
 *   an issue number. The regular expressions below say exactly what counts.
 *
 * `npx vitest run --project app scripts/repository-pointers.test.ts` runs it on the working tree.
 */

export interface Finding {
  file: string;
  line: number;
  problem: string;
}

/** The files scanned: source and documentation, by extension, plus the CI script. */
const SCANNED = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|sh|css|md)$/;
const SCANNED_EXACT = new Set(['.ci/run']);
const NEVER_SCANNED = /(?:^|\/)(?:node_modules|build|\.builds)\//;

/**
 * Pointers outside the repository. A section sign with a number is the old specification's
 * section unless an RFC is named just before it (RFC 6749 §4.1.2).
 */
const OUTSIDE_POINTERS: Array<{ pattern: RegExp; problem: (match: RegExpExecArray) => string }> = [
  {
    pattern: /(?<!RFC \d{3,5} )§\s*\d/g,
    problem: () => 'points at a section of a specification outside the repository: point at docs/product.md',
  },
  {
    pattern: /\bDESIGN\.md\b/g,
    problem: (match) => `names ${match[0]}, which is not in the repository: point at the decision that records it`,
  },
  {
    pattern: /\bissues? #?\d+/gi,
    problem: (match) => `names "${match[0]}": say what it asked for instead`,
  },
];

/** Top-level folders make a path; everything after them up to a character no path has. */
function pathPattern(topLevel: string[]): RegExp {
  const roots = topLevel.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  // Not part of a longer path, a URL (`/docs/…`), an alias (`~/lib`) or a word.
  return new RegExp(
    String.raw`(?<![\w.@~/\\-])(?:\./)?((?:${roots})/(?:[\w./\-<>*$…\[\]]|\{[^}\s]*\})*)(?![\w/{]|:[A-Za-z_])(#[\w-]+)?`,
    'g',
  );
}

const PLACEHOLDER = /[<>*$…[\]]|NNN|XXX|\{[^,{}]*\}/;
const FILE_EXTENSION = /\.[A-Za-z0-9]+$/;
const MARKDOWN_LINK = /\[[^\]\n]*\]\(([^)\s]+)\)/g;
const DECISION_NUMBERS = /\bdecisions?\s+(\d{3}(?:(?:\s*,\s*|\s+and\s+|\s*\/\s*)\d{3})*)/gi;
const DECISION_PATH = /(?<![\w/])docs\/decisions\/(\d{3})(?![\d-])/g;

/** `a/{b,c}/d.ts` as `a/b/d.ts` and `a/c/d.ts`. */
function expandBraces(value: string): string[] {
  const match = /\{([^{}]*)\}/.exec(value);
  if (!match) return [value];
  const [whole, inside] = match as unknown as [string, string];
  return inside
    .split(',')
    .flatMap((part) => expandBraces(value.slice(0, match.index) + part + value.slice(match.index + whole.length)));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a markdown text's headings, with GitHub's -1, -2… for repeats. */
export function markdownAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = headingAnchor(heading[1] ?? '');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

export interface Repository {
  /** The text of every file scanned, by its path from the root. */
  files: Map<string, string>;
  /** Paths of every file there is, whether scanned or not. */
  paths: Set<string>;
}

/** Every problem in the repository's scanned files, in file then line order. */
export function findPointerProblems(repository: Repository): Finding[] {
  const { files, paths } = repository;
  const folders = new Set<string>();
  for (const file of paths) {
    const parts = file.split('/');
    for (let index = 1; index < parts.length; index += 1) folders.add(parts.slice(0, index).join('/'));
  }
  const topLevel = [...folders].filter((folder) => !folder.includes('/'));
  // No folder at all (a test's tiny tree): no path can be named.
  const anyPath = topLevel.length ? pathPattern(topLevel) : /(?!)/g;
  const decisions = new Set(
    [...paths].flatMap((file) => /^docs\/decisions\/(\d{3})-.*\.md$/.exec(file)?.[1] ?? []).map(String),
  );
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    let found = anchorsOf.get(file);
    if (!found) {
      found = markdownAnchors(files.get(file) ?? '');
      anchorsOf.set(file, found);
    }
    return found;
  };
  const isFile = (target: string) => paths.has(target);
  const exists = (target: string) => isFile(target) || folders.has(target.replace(/\/$/, ''));

  const findings: Finding[] = [];
  for (const [file, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const say = (line: number, problem: string) => findings.push({ file, line, problem });
    const isMarkdown = file.endsWith('.md');

    for (const { text: segment, line: firstLine, prose } of segmentsOf(file, text)) {
      segment.split('\n').forEach((content, index) => {
        const line = firstLine + index;
        for (const { pattern, problem } of OUTSIDE_POINTERS) {
          for (const match of content.matchAll(pattern)) say(line, problem(match as RegExpExecArray));
        }
        for (const match of content.matchAll(DECISION_NUMBERS)) {
          for (const number of (match[1] ?? '').match(/\d{3}/g) ?? []) {
            if (!decisions.has(number)) say(line, `names decision ${number}, which does not exist`);
          }
        }
        for (const match of content.matchAll(DECISION_PATH)) {
          if (!decisions.has(match[1] ?? '')) say(line, `names docs/decisions/${match[1]}, which does not exist`);
        }
        if (!prose) return;

        // A markdown link's target is checked as a link, below.
        const text = isMarkdown ? content.replace(MARKDOWN_LINK, (link) => ' '.repeat(link.length)) : content;
        for (const match of text.matchAll(anyPath)) {
          const written = (match[1] ?? '').replace(/[.,;:]+$/, '');
          const anchor = match[2]?.slice(1);
          if (PLACEHOLDER.test(written)) continue;
          for (const target of expandBraces(written)) {
            if (/[{}]/.test(target)) continue;
            const last = target.split('/').pop() ?? '';
            if (!target.endsWith('/') && !FILE_EXTENSION.test(last)) continue;
            if (!exists(target)) {
              say(line, `names ${target}, which does not exist`);
            } else if (anchor && target.endsWith('.md') && !anchors(target).has(anchor)) {
              say(line, `names ${target}#${anchor}, a heading ${target} does not have`);
            }
          }
        }

        if (!isMarkdown) return;
        for (const match of content.matchAll(MARKDOWN_LINK)) {
          const href = match[1] ?? '';
          if (/^(?:[a-z][a-z+.-]*:|\/|<)/i.test(href)) continue;
          const [target = '', anchor] = href.split('#');
          const resolved = target ? path.posix.normalize(path.posix.join(path.posix.dirname(file), target)) : file;
          if (target && !exists(resolved)) {
            say(line, `links to ${href}, which does not exist`);
          } else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) {
            say(line, `links to ${href}, a heading ${resolved} does not have`);
          }
        }
      });
    }
  }
  return findings;
}

const CODE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;

interface Segment {
  text: string;
  line: number;
  prose: boolean;
}

/**
 * The parts of a file that say something to a reader, each with the line it starts on. A
 * document, a stylesheet or a script is all of it. In code, the comments and the string
 * literals (an API description is a string): a string without a space (a file a test makes up, a
 * glob, a route) is data, so it is checked for pointers outside the repository but not as a path.
 */
function segmentsOf(file: string, text: string): Segment[] {
  if (!CODE.test(file)) return [{ text, line: 1, prose: true }];
  const segments: Segment[] = [];
  let line = 1;
  let index = 0;
  /** For each template literal open here, the braces open inside its current `${…}`. */
  const templates: number[] = [];
  /** The last code token's end: a `/` after a value divides, anywhere else it starts a regex. */
  let afterValue = false;

  const take = (start: number, end: number, isComment: boolean) => {
    const value = text.slice(start, end);
    segments.push({ text: value, line, prose: isComment || /\s/.test(value) });
    for (let at = value.indexOf('\n'); at !== -1; at = value.indexOf('\n', at + 1)) line += 1;
  };
  /** A string's end: its closing quote, or the line's end for one left open (JSX text's "don't"). */
  const stringEnd = (from: number, quote: string) => {
    let at = from;
    while (at < text.length && text[at] !== quote && text[at] !== '\n') at += text[at] === '\\' ? 2 : 1;
    return Math.min(at, text.length);
  };
  /** A template's text from `from`, up to its end or its next `${`. */
  const template = (from: number) => {
    let at = from;
    while (at < text.length && text[at] !== '`' && !(text[at] === '$' && text[at + 1] === '{')) {
      at += text[at] === '\\' ? 2 : 1;
    }
    take(from, Math.min(at, text.length), false);
    if (text[at] === '`') return at + 1;
    templates.push(0);
    return at + 2;
  };

  while (index < text.length) {
    const char = text[index]!;
    const next = text[index + 1];
    if (char === '\n') {
      line += 1;
      index += 1;
    } else if (char === '/' && next === '/') {
      const end = text.indexOf('\n', index);
      take(index, end === -1 ? text.length : end, true);
      index = end === -1 ? text.length : end;
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', index + 2);
      const stop = end === -1 ? text.length : end + 2;
      take(index, stop, true);
      index = stop;
    } else if (char === '"' || char === "'") {
      const end = stringEnd(index + 1, char);
      take(index + 1, end, false);
      index = text[end] === '\n' ? end : end + 1;
      afterValue = true;
    } else if (char === '`') {
      index = template(index + 1);
      afterValue = true;
    } else if (char === '}' && templates.length && templates[templates.length - 1] === 0) {
      templates.pop();
      index = template(index + 1);
      afterValue = true;
    } else if (char === '/' && !afterValue) {
      // A regular expression: skipped, so a quote inside it starts no string.
      let at = index + 1;
      let inClass = false;
      while (at < text.length && text[at] !== '\n' && (inClass || text[at] !== '/')) {
        if (text[at] === '[') inClass = true;
        else if (text[at] === ']') inClass = false;
        at += text[at] === '\\' ? 2 : 1;
      }
      index = text[at] === '\n' ? at : at + 1;
      afterValue = true;
    } else {
      if (templates.length && char === '{') templates[templates.length - 1] += 1;
      if (templates.length && char === '}') templates[templates.length - 1] -= 1;
      if (!/\s/.test(char)) {
        const word = /^[\w$]+/.exec(text.slice(index, index + 12))?.[0];
        if (word) {
          afterValue = !/^(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/.test(word);
          index += word.length;
          continue;
        }
        afterValue = /[)\]}]/.test(char);
      }
      index += 1;
    }
  }
  return segments;
}

/** The working tree's files as git sees them: tracked, and new ones not ignored. */
export function readRepository(root: string): Repository {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter(Boolean);
  const paths = new Set<string>();
  const files = new Map<string, string>();
  for (const file of listed) {
    if (NEVER_SCANNED.test(file)) continue;
    let text: string;
    try {
      text = SCANNED.test(file) || SCANNED_EXACT.has(file) ? readFileSync(path.join(root, file), 'utf8') : '';
    } catch {
      continue; // Deleted in the working tree, not yet in the index.
    }
    paths.add(file);
    if (SCANNED.test(file) || SCANNED_EXACT.has(file)) files.set(file, text);
  }
  return { files, paths };
}
