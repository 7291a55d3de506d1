import { CONNECT_TIMEOUT_MS } from './client';

/** Where DATABASE_URL points, without its password: what an operator needs to find the fault. */
export type DatabaseTarget = { host: string; port: string; database: string; user: string };

/** The parts of DATABASE_URL a message may name (node-postgres's defaults where one is left out). */
export function databaseTarget(databaseUrl: string): DatabaseTarget | undefined {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return undefined;
  }
  const user = decodeURIComponent(url.username) || 'postgres';
  return {
    // `?host=/var/run/postgresql` names a socket directory instead of a host.
    host: url.searchParams.get('host') ?? (url.hostname.replace(/^\[|\]$/g, '') || 'localhost'),
    port: url.port || url.searchParams.get('port') || '5432',
    database: decodeURIComponent(url.pathname.slice(1)) || user,
    user,
  };
}

/** The error and its causes, and what an AggregateError (one try per address) holds. */
function* causes(error: unknown, depth = 0): Generator<Error> {
  if (!(error instanceof Error) || depth > 5) return;
  yield error;
  if (error instanceof AggregateError) for (const inner of error.errors) yield* causes(inner, depth + 1);
  yield* causes(error.cause, depth + 1);
}

/** A connection closed by the other end: at the handshake (not PostgreSQL, SSL) or later (a restart). */
const CLOSED_ADVICE =
  "Check that the port is PostgreSQL's, the SSL setting (sslmode) in DATABASE_URL, and whether PostgreSQL restarted.";

const TLS_CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/;

/** What went wrong and what to try, for each way a first connection fails. */
function problemOf(error: Error, target: DatabaseTarget): string | undefined {
  const code = (error as { code?: unknown }).code;
  const message = error.message;
  const hostAndPort = 'the host and port in DATABASE_URL';
  const silentAdvice = `Check ${hostAndPort}, and that no firewall or security group silently drops the connection.`;
  switch (code) {
    case 'ECONNREFUSED':
      return `the connection was refused (nothing listens on port ${target.port} there). Check that PostgreSQL is running and listening on that address, and ${hostAndPort}.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `the host name "${target.host}" does not resolve. Check the host in DATABASE_URL and this machine's DNS.`;
    case 'ETIMEDOUT':
      return `it did not answer (ETIMEDOUT). ${silentAdvice}`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `there is no route to it (${code}). Check ${hostAndPort}, and that the network and any firewall or security group let this machine reach PostgreSQL.`;
    case 'ECONNRESET':
      return `the connection was reset. ${CLOSED_ADVICE}`;
    case '28P01':
      return `PostgreSQL refused the password of role "${target.user}". Check the user name and password in DATABASE_URL (percent-encode special characters).`;
    case '28000':
      return `PostgreSQL refused role "${target.user}" from this machine (${message.includes('no encryption') ? 'it requires SSL: add ?sslmode=require to DATABASE_URL' : "check the role and the server's pg_hba.conf"}).`;
    case '3D000':
      return `the database "${target.database}" does not exist. Create it (CREATE DATABASE) or correct its name in DATABASE_URL.`;
    case '53300':
      return `PostgreSQL has no connection left (max_connections). Each instance opens up to 11; raise the limit or put PgBouncer in front.`;
    case '57P03':
      return `PostgreSQL is starting up or shutting down. Try again in a moment.`;
  }
  if (typeof code === 'string' && TLS_CERTIFICATE.test(code)) {
    return `its TLS certificate was not accepted (${code}). Give the certificate authority with sslrootcert in DATABASE_URL, and check that the host name is the one the certificate names.`;
  }
  if (message === 'timeout expired') {
    return `it did not answer within ${CONNECT_TIMEOUT_MS / 1000} s. ${silentAdvice}`;
  }
  if (message.includes('does not support SSL')) {
    return `the server does not accept SSL connections. Remove sslmode from DATABASE_URL, or turn SSL on in PostgreSQL.`;
  }
  if (message.startsWith('Connection terminated')) {
    return `the server closed the connection. ${CLOSED_ADVICE}`;
  }
  return undefined;
}

/**
 * The sentence a start that cannot reach or open its database ends with, instead of a stack:
 * the setting to check, where it points (never the password) and what to try; undefined for
 * any other error, which is a fault of ours and keeps its stack.
 */
export function describeDatabaseProblem(error: unknown, databaseUrl: string): string | undefined {
  const target = databaseTarget(databaseUrl) ?? { host: 'its host', port: 'its port', database: '', user: '' };
  for (const cause of causes(error)) {
    const problem = problemOf(cause, target);
    if (problem) {
      const where = `${target.host} port ${target.port}${target.database ? `, database "${target.database}"` : ''}`;
      return `Cannot use the database DATABASE_URL points at (${where}): ${problem}`;
    }
  }
  return undefined;
}
