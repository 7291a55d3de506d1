/** How far a start has got: what the health endpoint says, and what the API's requests wait for. */
export type PartState = 'starting' | 'ready';

export interface StartUpParts {
  /** Migrated and seeded: the API answers. */
  database: PartState;
  /** Polling for jobs (deliveries, syncs, trainings): work queued meanwhile waits in the database. */
  jobs: PartState;
}

export interface StartUpState {
  readonly parts: Readonly<StartUpParts>;
  /** Resolves once the database is ready: every API request but the health check waits for it. */
  readonly databaseReady: Promise<void>;
}

/**
 * The start's progress (server/main.ts, docs/decisions/060): the server listens first, so a
 * first answer (the page, the health check) never waits for the database to open, and each
 * part is marked ready as it gets there.
 */
export function startUpState() {
  const parts: StartUpParts = { database: 'starting', jobs: 'starting' };
  let databaseIsReady!: () => void;
  let databaseFailed!: (error: unknown) => void;
  const databaseReady = new Promise<void>((resolve, reject) => {
    databaseIsReady = resolve;
    databaseFailed = reject;
  });
  // A start that fails ends the process; nobody need be told of the rejection meanwhile.
  databaseReady.catch(() => {});
  return {
    parts,
    databaseReady,
    ready(part: keyof StartUpParts) {
      parts[part] = 'ready';
      if (part === 'database') databaseIsReady();
    },
    failed: (error: unknown) => databaseFailed(error),
  };
}

/** A process that has everything (tests build the app on a database already set up). */
export const ALREADY_STARTED: StartUpState = {
  parts: { database: 'ready', jobs: 'ready' },
  databaseReady: Promise.resolve(),
};
