import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { scheduleCommentSync } from './integrations/comment-sync';
import { scheduleCommentDaysFold } from './comments/comment-days';
import { scheduleUpkeep } from './db/upkeep';
import { scheduleAlertDigests } from './alerts/digest';
import { scheduleRetraining } from './sentiment/retraining';
import { createPasswordHasher, DEFAULT_SCRYPT_PARAMS, TEST_SCRYPT_PARAMS } from './auth/passwords';
import { ConfigError, isOwnHostName, parseConfig, realtimeSocketOrigin } from './config';
import { isNewDatabase, openDatabase, startFromEmptyDatabase } from './db/client';
import { describeDatabaseProblem } from './db/connection-problems';
import { BackgroundTasks } from './http/background';
import { serveApi, type ServeOptions } from './http/node-server';
import { JobQueue } from './jobs/queue';
import { createLogger, safeError } from './log';
import { createMailer, MemoryMailer, SmtpMailer } from './mail/mailer';
import { withKeptSecrets } from './secrets';
import { RealtimeHub } from './realtime/hub';
import { createPublisher } from './realtime/publisher';
import { mountSpa } from './spa';
import { seedPasswordsAhead } from './db/seed';
import { setUpDatabase } from './start-up';
import { startUpState } from './health/start-up-state';
import { describeListenProblem } from './http/listen-problems';

// performance.now() counts from the process's start: what came before this line is Node
// starting and loading the bundle and its packages; under `npm start`, first the build's staleness
// check and any build it ran, which scripts/start.mjs marks when it is done.
const startedAt = performance.now();
const checkedAt = (globalThis as { orbitaStartChecked?: number }).orbitaStartChecked;
/** Where the start's time went, in ms, said with "listening" (how a slow start is traced). */
const startUp: Record<string, number> =
  checkedAt === undefined
    ? { load: Math.round(startedAt) }
    : { check: Math.round(checkedAt), load: Math.round(startedAt - checkedAt) };
let phaseStarted = startedAt;
function phaseDone(name: string) {
  const now = performance.now();
  startUp[name] = Math.round(now - phaseStarted);
  phaseStarted = now;
}

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

const started = startUpState();
const passwords = createPasswordHasher(config.nodeEnv === 'test' ? TEST_SCRYPT_PARAMS : DEFAULT_SCRYPT_PARAMS);

const mailer = createMailer(config, (line) => log.info(line));
if (mailer instanceof SmtpMailer) {
  // Said at start rather than at the first reset request; a mail server down now may be up later.
  mailer.verify().catch((error: unknown) => log.warn({ err: safeError(error) }, 'SMTP_URL does not answer yet'));
}
// Work that runs after an answer (reset mails): finished before the database closes.
const background = new BackgroundTasks((error) => log.error({ err: safeError(error) }, 'background task failed'));
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

/**
 * The node http server, listening before the database is even opened (docs/decisions/060): a
 * port another instance holds stops this one before it touches that instance's data, and once
 * the app is built the page and the health check answer at once while the API's requests wait
 * for the database. The Pusher-protocol websocket attaches to its 'upgrade' event.
 */
// Replaced by the app's own below: nothing between listening and that awaits, so no request is
// taken before it (this answer is never given).
let answer: ServeOptions['fetch'] = () => new Response(null, { status: 503 });
let listened!: (port: number) => void;
const listening = new Promise<number>((resolve) => (listened = resolve));
const server = serveApi(
  { fetch: (request, env) => answer(request, env), port: config.port, hostname: config.listenHost },
  (info) => listened(info.port),
);
// A port another program holds is one line that says so and how to choose another, not a stack.
server.once('error', (error) => {
  const problem = describeListenProblem(error, config.port);
  if (!problem) throw error;
  log.error({ setting: 'PORT', code: safeError(error).code }, problem);
  process.exit(1);
});
const port = await listening;
phaseDone('listen');
// Its sockets share the API's port: `/app/{key}` upgrades are the real-time server's.
realtime?.attach(server);

// A new database's demo accounts: their password hashes, most of a first seed's time, begin
// now, on the password thread, while the database opens on this one.
const seedPasswords = !config.deployment && isNewDatabase(config) ? seedPasswordsAhead(passwords) : passwords;
// A new PGlite folder starts as a copy of the build's migrated empty database (docs/decisions/061).
if (startFromEmptyDatabase(config, fileURLToPath(new URL('./empty-database', import.meta.url)))) {
  log.info(`a new database in ${config.dataDir}, begun as a copy of the build's empty one`);
}
// Opens in the background (PGlite's WASM takes about half a second); queries wait for it.
const database = openDatabase({
  ...config,
  onIdleConnectionLost: (error) => log.warn({ err: safeError(error) }, 'an idle PostgreSQL connection was lost'),
});
// Jobs kept in the database (the Facebook data deletion): this instance runs its share of them.
const jobs = new JobQueue(database.db, {
  onError: (error) => log.error({ err: safeError(error) }, 'job queue error'),
  supervise: true,
});
// Events go out through the Pusher SDK: to the embedded server over this API's own port, or to the service named.
const publisher = createPublisher(config, { db: database.db, clock: Date.now });
const app = createApp({
  db: database.db,
  config,
  mailer,
  passwords,
  log,
  background,
  jobs,
  realtime,
  publisher,
  startUp: started,
});
// Every route is added before anything can send the app a request: a job calling the sandbox
// in-process builds Hono's router, and a route added after that stops the process.
const socketOrigin = realtimeSocketOrigin(config.realtime);
const spaMounted = mountSpa(app, config.staticDir, { connectSrc: socketOrigin ? [socketOrigin] : [] });
answer = app.fetch;
phaseDone('app');
{
  const where = database.driver === 'postgres' ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
  log.info(
    `listening on http://localhost:${port} (${config.deployment ? 'deployment' : 'local mode'}, ` +
      `${config.listenHost ? `on ${config.listenHost} only, ` : ''}` +
      `${config.nodeEnv}, ${where}${config.devEndpoints ? ', dev endpoints on' : ''}` +
      `${spaMounted ? `, serving ${config.staticDir}` : ''}) ${Math.round(performance.now())} ms after the process started`,
  );
  if (mailer instanceof MemoryMailer) log.info(`mail is kept in the outbox: ${config.appUrl}/dev/outbox`);
}
// The app has registered its jobs: the start creates their queues along with the rest.
try {
  await database.opened;
  phaseDone('open');
  await setUpDatabase(database, jobs, {
    passwords: seedPasswords,
    seed: {
      demoAccounts: !config.deployment,
      scaleUsers: config.seedScaleUsers,
      scaleComments: config.seedScaleComments,
      sentimentThreshold: config.sentimentThreshold,
      sentimentSampleShare: config.sentimentSampleShare,
      projectComments: config.seedProjectComments,
    },
    onWait: () => log.info('another instance is starting: waiting for it to set the database up'),
    onPhase: phaseDone,
  });
} catch (error) {
  started.failed(error);
  // A database it cannot reach or open is the operator's to fix: say what to check, not a stack.
  const problem = config.databaseUrl ? describeDatabaseProblem(error, config.databaseUrl) : undefined;
  if (!problem) throw error;
  log.error({ setting: 'DATABASE_URL', code: safeError(error).code }, problem);
  await database.close().catch(() => {});
  process.exit(1);
}
started.ready('database');
await jobs.start();
// The webhooks' safety net (docs/decisions/044): the first round now, each queuing the next.
if (config.commentSyncMinutes > 0) await scheduleCommentSync(jobs);
// The counts of a project's comments, folded every minute (docs/decisions/062).
await scheduleCommentDaysFold(jobs);
// PGlite's vacuum, analyze and checkpoint (docs/decisions/084, 085), the first round now: a
// database just seeded or grown since the last start is analyzed before its pages are read much,
// and the WAL its seed wrote is checkpointed and trimmed.
if (database.driver === 'pglite') await scheduleUpkeep(jobs);
// The alerts' hourly digest, at each full hour (docs/product.md#alerts).
await scheduleAlertDigests(jobs, Date.now());
if (config.sentimentRetrainHours > 0) await scheduleRetraining(jobs, config.sentimentRetrainHours * 3600);
started.ready('jobs');
phaseDone('jobs');
log.info({ startUp }, `ready ${Math.round(performance.now())} ms after the process started (each part's ms)`);

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
