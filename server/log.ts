import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Keys whose values never reach a log line, wherever they sit in the logged object (one level
 * deep covers what the server logs: request and event fields).
 */
const SECRET_KEYS = [
  'password',
  'passwordHash',
  'password_hash',
  'token',
  'access_token',
  'refresh_token',
  'refreshToken',
  'tokenHash',
  'cookie',
  'authorization',
  'secret',
];

/**
 * The server's one logger: one JSON object a line (pino), so user input is always an escaped
 * string inside a field and can never start a line of its own. A request's lines carry its id
 * (server/app.ts); secrets are redacted by key as a last line of defence, the first being that
 * nobody logs them.
 */
export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: {
        paths: SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
        censor: '[redacted]',
      },
    },
    options.destination,
  );
}

/** An error whose message is ours alone (no user input, no SQL): safe to log in full. */
export class LoggableError extends Error {
  readonly loggable = true;
}

/**
 * What of an unexpected error may be logged: its kind, its SQLSTATE code and where it was
 * thrown. Not its message (unless it is a `LoggableError`): a database error's message holds the SQL and its parameters (an
 * email, a password hash), and other messages may hold user input.
 */
export function safeError(error: unknown): { type: string; code?: string; message?: string; stack?: string } {
  if (!(error instanceof Error)) return { type: typeof error };
  const message = error instanceof LoggableError ? error.message : undefined;
  let code: string | undefined;
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const candidate = (e as { code?: unknown }).code;
    if (typeof candidate === 'string') {
      code = candidate;
      break;
    }
  }
  const frames = error.stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 10)
    .map(inSources)
    .join('\n');
  return {
    type: error.name,
    ...(code ? { code } : {}),
    ...(message ? { message } : {}),
    ...(frames ? { stack: frames } : {}),
  };
}

/**
 * A frame of `bundle` as the line of TypeScript (or of a package) it was built from,
 * `server/comments/routes.ts:120:7`, read from the bundle's source map (`bundle.map`), which is
 * read once, at the first frame of the bundle asked for. Other frames (Node's, a package left out
 * of the bundle, a process run with source maps on) and a bundle without a map stay as they are.
 */
export function framesInSources(bundle: string): (frame: string) => string {
  let map: SourceMap | null | undefined;
  return (frame) => {
    const at = frame.lastIndexOf(`${bundle}:`);
    const position = at < 0 ? null : /^:(\d+):(\d+)/.exec(frame.slice(at + bundle.length));
    if (!position) return frame;
    if (map === undefined) {
      const file = `${bundle}.map`;
      map = existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : null;
    }
    const entry = map?.findEntry(Number(position[1]) - 1, Number(position[2]) - 1);
    if (!entry || !('originalSource' in entry)) return frame;
    const source = relative(process.cwd(), resolve(dirname(bundle), entry.originalSource));
    const start = frame.slice(at - 'file://'.length, at) === 'file://' ? at - 'file://'.length : at;
    const end = at + bundle.length + position[0].length;
    return `${frame.slice(0, start)}${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}${frame.slice(end)}`;
  };
}

/**
 * The API's stacks in its sources' lines. It starts without `--enable-source-maps`, which read
 * and decoded the bundle's 6 MB map before the first request: half a second of every start
 * (docs/decisions/076). The map is read when a stack is first logged instead. Under tsx (the
 * tests, `npm run dev`) this module is its own source, whose stacks name the TypeScript already.
 */
const inSources = framesInSources(fileURLToPath(import.meta.url));

/** A logger that keeps its lines in memory, for tests that read what was logged. */
export function memoryLogger(): { log: Logger; lines: () => Array<Record<string, unknown>>; text: () => string } {
  const chunks: string[] = [];
  const destination = { write: (chunk: string) => void chunks.push(chunk) };
  const log = createLogger({ level: 'debug', destination });
  const text = () => chunks.join('');
  return {
    log,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
