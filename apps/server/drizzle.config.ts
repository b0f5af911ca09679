import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config apps/server/drizzle.config.ts` writes the next forward-only migration.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema/index.ts',
  out: './apps/server/migrations',
});
