import type { PasswordHasher } from './auth/passwords';
import type { DatabaseHandle } from './db/client';
import { seed, type SeedOptions } from './db/seed';
import type { JobQueue } from './jobs/queue';

/**
 * Everything a start creates in the database, in order: the migrations, the seed (the promo
 * coupon everywhere, the demo data in local mode), then pg-boss's schema and the queues of the
 * jobs `jobs` has registered (so the app is built first). All of it under the start-up lock,
 * so any number of instances may start at once, on a new database or after a release that adds
 * a table or a queue: one sets up, the others wait and find it done (docs/decisions/032).
 */
export async function setUpDatabase(
  database: DatabaseHandle,
  jobs: JobQueue,
  options: {
    passwords: PasswordHasher;
    seed: SeedOptions;
    onWait?: () => void;
    /** Called as each part ends ('migrate', 'seed', 'queues'): the start's log says each one's time. */
    onPhase?: (name: string) => void;
  },
): Promise<void> {
  await database.startUp(
    async () => {
      await database.migrate();
      options.onPhase?.('migrate');
      await seed(database.db, options.passwords, options.seed);
      options.onPhase?.('seed');
      await jobs.setUp();
      options.onPhase?.('queues');
    },
    { onWait: options.onWait },
  );
}
