import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseUrlFor, withAdmin } from '../test/postgres-admin';
import { createDatabase } from './client';

// The `server-postgres` project only: PGlite is one process's own database.
const adminUrl = process.env.TEST_DB_BACKEND === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

describe.skipIf(!adminUrl)('migrate, on PostgreSQL', () => {
  it('lets several instances start together on an empty database: one migrates, the others wait', async () => {
    const admin = adminUrl!;
    const name = `migrate_${randomBytes(4).toString('hex')}`;
    await withAdmin(admin, (client) => client.query(`CREATE DATABASE "${name}"`));
    const instances = await Promise.all(
      [1, 2, 3].map(() => createDatabase({ databaseUrl: databaseUrlFor(admin, name), dataDir: 'memory://' })),
    );
    try {
      await Promise.all(instances.map((instance) => instance.migrate()));
      // node-postgres answers a QueryResult; the shared Database type leaves it unknown.
      const applied = (await instances[0].db.execute(
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(applied.rows[0].n).toBeGreaterThan(0);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await withAdmin(admin, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    }
  });
});
