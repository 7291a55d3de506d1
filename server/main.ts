import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createPasswordHasher } from './auth/passwords';
import { ConfigError, parseConfig } from './config';
import { createDatabase } from './db/client';
import { seed } from './db/seed';
import { createMailer } from './mail/mailer';
import { mountSpa } from './spa';

const startedAt = performance.now();

function loadConfig() {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = loadConfig();
if (config.jwtSecretGenerated) {
  console.warn(
    '[api] JWT_SECRET is not set: using a random secret for this process. Access tokens end ' +
      'at restart (clients refresh with their cookie); set JWT_SECRET to keep them.',
  );
}

const database = await createDatabase(config);
await database.migrate();
const passwords = createPasswordHasher();
await seed(database.db, passwords);

const app = createApp({ db: database.db, config, mailer: createMailer(config), passwords });
const spaMounted = mountSpa(app, config.staticDir);

/** The node http server; the Pusher-protocol websocket will attach to its 'upgrade' event. */
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  const where = database.driver === 'postgres' ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
  console.log(
    `[api] listening on http://localhost:${info.port} (${config.nodeEnv}, ${where}` +
      `${config.devEndpoints ? ', dev endpoints on' : ''}${spaMounted ? `, serving ${config.staticDir}` : ''}) ` +
      `in ${Math.round(performance.now() - startedAt)} ms`,
  );
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[api] ${signal}: shutting down`);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Idle keep-alive sockets would hold close() open; requests in flight get a moment to finish.
  if ('closeIdleConnections' in server) {
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 5_000).unref();
  }
  await closed;
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
