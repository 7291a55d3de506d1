import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations that both drivers (PGlite and node-postgres) apply
// at start-up; see server/db/client.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
