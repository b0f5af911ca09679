// The IRP implementation's tables (apps/portal-sandbox/src/irp/store.ts, schema portal_sandbox, irp_*) in this server's
// database: what the mounted IRP, the IRP mode's open API and the e-invoicing portal's screens (modules/irp-portal)
// all read and write, migrated once per database before the first use.
import { PGlite } from '@electric-sql/pglite';
import { migrateIrpSandbox, sandboxSqlOfPglite, sandboxSqlOfPostgres, type SandboxSql } from '@opengst/portal-sandbox';
import type postgres from 'postgres';
import type { AppContext } from '../../platform/context';

export const irpSqlOf = (ctx: AppContext): SandboxSql => {
  const client = (ctx.database.db as unknown as { $client: PGlite | postgres.Sql }).$client;
  return client instanceof PGlite ? sandboxSqlOfPglite(client) : sandboxSqlOfPostgres(client);
};

const migrated = new WeakMap<object, Promise<SandboxSql>>();

/** The IRP's tables, migrated (idempotently, under the IRP's advisory lock) at the first call for this database. */
export const irpStoreOf = (ctx: AppContext): Promise<SandboxSql> => {
  let pending = migrated.get(ctx.database);
  if (!pending) {
    const sql = irpSqlOf(ctx);
    pending = migrateIrpSandbox(sql).then(
      () => sql,
      (error: unknown) => {
        migrated.delete(ctx.database);
        throw error;
      },
    );
    migrated.set(ctx.database, pending);
  }
  return pending;
};
