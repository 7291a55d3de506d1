import { createApp } from './app';
import { scheduleCommentSync } from './integrations/comment-sync';
import { scheduleRetraining } from './sentiment/retraining';
import { createPasswordHasher, DEFAULT_SCRYPT_PARAMS, TEST_SCRYPT_PARAMS } from './auth/passwords';
import { ConfigError, isOwnHostName, parseConfig, realtimeSocketOrigin } from './config';
import { createDatabase } from './db/client';
import { describeDatabaseProblem } from './db/connection-problems';
import { BackgroundTasks } from './http/background';
import { serveApi } from './http/node-server';
import { JobQueue } from './jobs/queue';
import { createLogger, safeError } from './log';
import { createMailer, MemoryMailer, SmtpMailer } from './mail/mailer';
import { withKeptSecrets } from './secrets';
import { RealtimeHub } from './realtime/hub';
import { createPublisher } from './realtime/publisher';
import { mountSpa } from './spa';
import { setUpDatabase } from './start-up';

const startedAt = performance.now();

/** The configuration, or the list of what is wrong with it and exit 1 (nothing is opened). */
function loadConfig() {
  try {
    return withKeptSecrets(parseConfig(process.env, { refuseUndeclaredDeployment: true }));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = loadConfig();
// One JSON object a line, from here on (server/log.ts).
const log = createLogger();
if (config.jwtSecretGenerated) {
  log.warn(
    'JWT_SECRET is not set and the database is in memory: using a random secret for this process. ' +
      'Access tokens end at restart (clients refresh with their cookie).',
  );
}
if (config.facebookAppSecretGenerated) {
  log.warn(
    'FACEBOOK_APP_SECRET is not set and the database is in memory: using a random secret for this process. ' +
      'Only signed requests from POST /dev/facebook/signed-request verify.',
  );
}

const database = await createDatabase({
  ...config,
  onIdleConnectionLost: (error) => log.warn({ err: safeError(error) }, 'an idle PostgreSQL connection was lost'),
});
const passwords = createPasswordHasher(config.nodeEnv === 'test' ? TEST_SCRYPT_PARAMS : DEFAULT_SCRYPT_PARAMS);

const mailer = createMailer(config, (line) => log.info(line));
if (mailer instanceof SmtpMailer) {
  // Said at start rather than at the first reset request; a mail server down now may be up later.
  mailer.verify().catch((error: unknown) => log.warn({ err: safeError(error) }, 'SMTP_URL does not answer yet'));
}
// Work that runs after an answer (reset mails): finished before the database closes.
const background = new BackgroundTasks((error) => log.error({ err: safeError(error) }, 'background task failed'));
// Jobs kept in the database (the Facebook data deletion): this instance runs its share of them.
const jobs = new JobQueue(database.db, {
  onError: (error) => log.error({ err: safeError(error) }, 'job queue error'),
  supervise: true,
});
// The embedded Pusher-protocol server (decisions 026, 029), unless this instance is told another serves it.
const ownHostNames = config.ownHostNames;
const realtime = config.realtime.embedded
  ? new RealtimeHub(config.realtime, {
      maxConnections: config.realtime.maxConnections,
      maxConnectionsPerAddress: config.realtime.maxConnectionsPerAddress,
      trustProxy: config.trustProxy,
      acceptsHostName: ownHostNames && ((hostname) => isOwnHostName(ownHostNames, hostname)),
      onProblem: (problem) => log.warn(problem),
    })
  : undefined;
// Events go out through the Pusher SDK: to the embedded server over this API's own port, or to the service named.
const publisher = createPublisher(config, { db: database.db, clock: Date.now });
const app = createApp({ db: database.db, config, mailer, passwords, log, background, jobs, realtime, publisher });
// The app has registered its jobs: the start creates their queues along with the rest.
try {
  await setUpDatabase(database, jobs, {
    passwords,
    seed: {
      demoAccounts: !config.deployment,
      scaleUsers: config.seedScaleUsers,
      scaleComments: config.seedScaleComments,
      sentimentThreshold: config.sentimentThreshold,
      sentimentSampleShare: config.sentimentSampleShare,
      projectComments: config.seedProjectComments,
    },
    onWait: () => log.info('another instance is starting: waiting for it to set the database up'),
  });
} catch (error) {
  // A database it cannot reach or open is the operator's to fix: say what to check, not a stack.
  const problem = config.databaseUrl ? describeDatabaseProblem(error, config.databaseUrl) : undefined;
  if (!problem) throw error;
  log.error({ setting: 'DATABASE_URL', code: safeError(error).code }, problem);
  await database.close().catch(() => {});
  process.exit(1);
}
// Every route is added before anything can send the app a request: a job calling the sandbox
// in-process builds Hono's router, and a route added after that stops the process.
const socketOrigin = realtimeSocketOrigin(config.realtime);
const spaMounted = mountSpa(app, config.staticDir, { connectSrc: socketOrigin ? [socketOrigin] : [] });
await jobs.start();
// The webhooks' safety net (docs/decisions/044): the first round now, each queuing the next.
if (config.commentSyncMinutes > 0) await scheduleCommentSync(jobs);
if (config.sentimentRetrainHours > 0) await scheduleRetraining(jobs, config.sentimentRetrainHours * 3600);

/** The node http server; the Pusher-protocol websocket will attach to its 'upgrade' event. */
const server = serveApi({ fetch: app.fetch, port: config.port, hostname: config.listenHost }, (info) => {
  const where = database.driver === 'postgres' ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
  log.info(
    `listening on http://localhost:${info.port} (${config.deployment ? 'deployment' : 'local mode'}, ` +
      `${config.listenHost ? `on ${config.listenHost} only, ` : ''}` +
      `${config.nodeEnv}, ${where}${config.devEndpoints ? ', dev endpoints on' : ''}` +
      `${spaMounted ? `, serving ${config.staticDir}` : ''}) in ${Math.round(performance.now() - startedAt)} ms`,
  );
  if (mailer instanceof MemoryMailer) log.info(`mail is kept in the outbox: ${config.appUrl}/dev/outbox`);
});

// Its sockets share the API's port: `/app/{key}` upgrades are the real-time server's.
realtime?.attach(server);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal}: shutting down`);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Sockets are told to reconnect (4200): to another instance, or to this one once it is back.
  await realtime?.close();
  // Idle keep-alive sockets would hold close() open; requests in flight get a moment to finish.
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), 5_000).unref();
  await closed;
  await background.idle();
  await jobs.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
