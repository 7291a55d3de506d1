import { spawn, type ChildProcess } from 'node:child_process';

/**
 * An API the bench starts (`node build/api/main.mjs`, as `npm start` runs it) and stops. What it
 * prints is kept, so that when it dies the bench says why: its exit code or signal and its last
 * lines, instead of a later `kill ESRCH` or a fetch that fails with nothing to go on.
 */
export type BenchServer = {
  origin: string;
  process: ChildProcess;
  /** Throws, saying why, once the server has exited. */
  alive(): void;
  /** Stops it (SIGTERM, or `signal`), whether or not it is still running; resolves once it exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
};

/** How much of what it printed is kept: the last lines are the ones that tell. */
const KEPT = 8 * 1024;

export async function startBenchServer(
  port: number,
  env: Record<string, string | undefined>,
  { timeoutMs = 120_000, name = 'the API' }: { timeoutMs?: number; name?: string } = {},
): Promise<BenchServer> {
  const origin = `http://localhost:${port}`;
  const child = spawn('node', ['build/api/main.mjs'], {
    env: { ...process.env, PORT: String(port), APP_URL: origin, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString('utf8')).slice(-KEPT);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let ended: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = { code, signal };
      resolve();
    }),
  );
  const why = () =>
    `${name} on port ${port} exited (${ended?.signal ?? `code ${ended?.code}`}); its last lines:\n${printed.trimEnd()}`;
  const server: BenchServer = {
    origin,
    process: child,
    alive() {
      if (ended && !stopping) throw new Error(why());
    },
    async stop(signal = 'SIGTERM') {
      stopping = true;
      if (!ended && child.pid) {
        try {
          process.kill(-child.pid, signal);
        } catch (error) {
          // Exited between the check and the kill: nothing left to stop.
          if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
        }
      }
      await exited;
    },
  };
  const start = performance.now();
  for (;;) {
    server.alive();
    const up = await fetch(`${origin}/v1.0/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) return server;
    if (performance.now() - start > timeoutMs) {
      await server.stop('SIGKILL');
      throw new Error(`${name} did not answer within ${timeoutMs / 1000} s; its last lines:\n${printed.trimEnd()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
