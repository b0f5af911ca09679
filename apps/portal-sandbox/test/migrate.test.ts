// Servers mounting the sandbox on one PostgreSQL start together: its migration must run one at a time (two at once
// collided on pg_type when both created the schema, and would both apply a version). Needs TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { sandboxSqlOfPostgres } from '../src/sql';
import { migrateSandbox } from '../src/store';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!ADMIN_URL)('the sandbox migration on PostgreSQL (skipped: TEST_DATABASE_URL is not set)', () => {
  it('runs from several processes at once on a fresh database, each version applied once', async () => {
    const admin = postgres(ADMIN_URL ?? '', { max: 1, onnotice: () => {} });
    const name = `sandbox_migrate_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(ADMIN_URL ?? '');
    url.pathname = `/${name}`;
    const clients = Array.from({ length: 4 }, () => postgres(url.toString(), { max: 2, onnotice: () => {} }));
    try {
      await Promise.all(clients.map((client) => migrateSandbox(sandboxSqlOfPostgres(client))));
      const versions = await clients[0]?.unsafe<{ n: string; distinct: string }[]>(
        'SELECT count(*) AS n, count(DISTINCT version) AS distinct FROM portal_sandbox.schema_versions',
      );
      expect(versions?.[0]?.n).toBe(versions?.[0]?.distinct);
    } finally {
      await Promise.all(clients.map((client) => client.end({ timeout: 5 })));
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end({ timeout: 5 });
    }
  });
});
