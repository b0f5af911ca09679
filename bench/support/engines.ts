// The engines a benchmark runs on: PGlite, and PostgreSQL in a database of its own when one is given.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';

export type Engine = 'pglite' | 'postgres';

/** A database of its own on the server of `url`, dropped afterwards. */
export const scratchPostgres = async (url: string) => {
  const name = `opengst_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    drop: async () => {
      const s = postgres(url, { max: 1, onnotice: () => {} });
      await s.unsafe(`drop database if exists ${name} with (force)`);
      await s.end();
    },
  };
};

/**
 * Runs `runEngine` on PGlite unless `engine` (the --engine option) is 'postgres'; then on PostgreSQL at
 * TEST_DATABASE_URL or DATABASE_URL when set, else prints the line of the PostgreSQL case saying why it was skipped.
 */
export const forEachEngine = async (
  bench: string,
  engine: string,
  runEngine: (engine: Engine, databaseUrl?: string) => Promise<void>,
): Promise<void> => {
  if (engine !== 'postgres') await runEngine('pglite');
  const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (engine === 'pglite') console.log(JSON.stringify({ bench, case: 'postgres', skipped: '--engine pglite' }));
  else if (postgresUrl) await runEngine('postgres', postgresUrl);
  else console.log(JSON.stringify({ bench, case: 'postgres', skipped: 'set TEST_DATABASE_URL or DATABASE_URL to run on PostgreSQL too' }));
};
