import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseUrlFor } from '../test/postgres-admin';
import { createDatabase } from './client';
import { databaseTarget, describeDatabaseProblem } from './connection-problems';

const URL_WITH_PASSWORD = 'postgres://orbita:Secret-pass-9@db.internal:6432/orbita_live';

/** An error as node-postgres or Node's socket layer hands it over. */
const failure = (code: string | undefined, message = 'failed') => Object.assign(new Error(message), { code });

/** A TCP server on 127.0.0.1 that does `onSocket` with each connection, and its port. */
const servers: Server[] = [];
async function tcpServer(onSocket: (socket: Socket) => void): Promise<number> {
  const server = createServer(onSocket).listen(0, '127.0.0.1');
  servers.push(server);
  await once(server, 'listening');
  return (server.address() as { port: number }).port;
}
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** What connecting node-postgres to `url` throws. */
async function connectError(url: string, connectionTimeoutMillis = 0): Promise<unknown> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => {});
  }
  throw new Error(`connected to ${url}`);
}

describe('describeDatabaseProblem', () => {
  it('names the setting, the host, the port and the database, never the password', () => {
    const said = describeDatabaseProblem(failure('ECONNREFUSED'), URL_WITH_PASSWORD)!;
    expect(said).toMatch(
      /^Cannot use the database DATABASE_URL points at \(db\.internal port 6432, database "orbita_live"\): /,
    );
    expect(said).not.toContain('Secret-pass-9');
  });

  it.each([
    ['refused', failure('ECONNREFUSED'), /refused .*Check that PostgreSQL is running .*host and port/],
    [
      'a host name that does not resolve',
      failure('ENOTFOUND'),
      /"db\.internal" does not resolve\. Check the host .*DNS/,
    ],
    ['a DNS server that does not answer', failure('EAI_AGAIN'), /does not resolve/],
    ['no answer in time', failure(undefined, 'timeout expired'), /did not answer within 10 s\. .*firewall/],
    ['a timeout of the operating system', failure('ETIMEDOUT'), /did not answer \(ETIMEDOUT\)\. .*firewall/],
    ['no route', failure('EHOSTUNREACH'), /no route .*firewall or security group/],
    ['a wrong password', failure('28P01'), /refused the password of role "orbita"\. Check the user name and password/],
    ['a role pg_hba.conf refuses', failure('28000', 'no pg_hba.conf entry for host'), /pg_hba\.conf/],
    [
      'a server that requires SSL',
      failure('28000', 'no pg_hba.conf entry for host "10.0.0.2", user "orbita", no encryption'),
      /requires SSL: add \?sslmode=require/,
    ],
    ['a missing database', failure('3D000'), /"orbita_live" does not exist\. Create it/],
    [
      'a server that does not do SSL',
      failure(undefined, 'The server does not support SSL connections'),
      /Remove sslmode/,
    ],
    ['a certificate not trusted', failure('SELF_SIGNED_CERT_IN_CHAIN'), /certificate was not accepted .*sslrootcert/],
    ['a full server', failure('53300'), /max_connections/],
    ['a server starting up', failure('57P03'), /starting up or shutting down/],
    ['a connection reset', failure('ECONNRESET'), /was reset\. .*whether PostgreSQL restarted/],
  ])('says what to check for %s', (_, error, expected) => {
    expect(describeDatabaseProblem(error, URL_WITH_PASSWORD)).toMatch(expected);
  });

  it('finds the cause inside an error that wraps it, or one try of several addresses', () => {
    const wrapped = new Error('start failed', { cause: failure('ECONNREFUSED') });
    expect(describeDatabaseProblem(wrapped, URL_WITH_PASSWORD)).toMatch(/refused/);
    const everyAddress = new AggregateError([failure('ECONNREFUSED'), failure('ECONNREFUSED')]);
    expect(describeDatabaseProblem(everyAddress, URL_WITH_PASSWORD)).toMatch(/refused/);
  });

  it('leaves any other error alone: a fault of ours keeps its stack', () => {
    expect(describeDatabaseProblem(new TypeError('x is undefined'), URL_WITH_PASSWORD)).toBeUndefined();
    expect(describeDatabaseProblem(failure('23505', 'duplicate key'), URL_WITH_PASSWORD)).toBeUndefined();
  });

  it('words what node-postgres really throws: refused, silent, closed at once', async () => {
    const closed = await tcpServer(() => {});
    const server = servers.pop()!;
    server.close();
    await once(server, 'close');
    const refused = await connectError(`postgres://u:pw@127.0.0.1:${closed}/app`);
    expect(describeDatabaseProblem(refused, `postgres://u:pw@127.0.0.1:${closed}/app`)).toMatch(
      /connection was refused/,
    );

    const silent = await tcpServer(() => {});
    const timedOut = await connectError(`postgres://u:pw@127.0.0.1:${silent}/app`, 200);
    expect(describeDatabaseProblem(timedOut, `postgres://u:pw@127.0.0.1:${silent}/app`)).toMatch(
      /did not answer within/,
    );

    const hangsUp = await tcpServer((socket) => socket.destroy());
    const cut = await connectError(`postgres://u:pw@127.0.0.1:${hangsUp}/app`);
    expect(describeDatabaseProblem(cut, `postgres://u:pw@127.0.0.1:${hangsUp}/app`)).toMatch(
      /the server closed the connection\. Check that the port is PostgreSQL's, the SSL setting/,
    );
  });
});

const adminUrl = process.env.TEST_DB_BACKEND === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

describe.runIf(adminUrl)('a start on PostgreSQL', () => {
  it('says a database that does not exist does not exist', async () => {
    const url = databaseUrlFor(adminUrl!, 'orbita_never_created');
    const database = await createDatabase({ databaseUrl: url, dataDir: 'memory://' });
    const error = await database.startUp(() => database.migrate()).catch((error: unknown) => error);
    await database.close();
    expect(describeDatabaseProblem(error, url)).toMatch(/the database "orbita_never_created" does not exist/);
  });
});

describe('databaseTarget', () => {
  it('reads node-postgres defaults where the URL leaves them out', () => {
    expect(databaseTarget('postgres://orbita@db.internal')).toEqual({
      host: 'db.internal',
      port: '5432',
      database: 'orbita',
      user: 'orbita',
    });
    expect(databaseTarget('postgresql://a:b@[::1]:5433/app%20db')).toMatchObject({
      host: '::1',
      port: '5433',
      database: 'app db',
    });
    expect(databaseTarget('postgres:///app?host=/var/run/postgresql')).toMatchObject({ host: '/var/run/postgresql' });
    expect(databaseTarget('not a url')).toBeUndefined();
  });
});
