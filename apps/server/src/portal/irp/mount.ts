// Mounts the IRP sandbox (apps/portal-sandbox, README.md "IRP sandbox") in this server under /irp-sandbox when no
// IRP_URL is configured, gated as the other sandboxes (../sandbox-mount.ts). In IRP mode (IRP_MODE=true, README.md
// "IRP mode") the same IRP implementation also answers other systems at /irp, open to the network but only to client
// systems registered for the GSTIN they call for (the e-invoicing portal's API registration).
import { IRP_API_DOCS } from '@opengst/contracts';
import { irpSandbox } from '@opengst/portal-sandbox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { mountGatedSandbox, type SandboxGate } from '../sandbox-mount';
import { irpSqlOf } from './irp-store';

/** Where the mounted IRP sandbox answers. */
export const IRP_SANDBOX_PREFIX = '/irp-sandbox';
/** Where a test sets the mounted IRP sandbox's date, when PORTAL_SANDBOX_CLOCK_CONTROL allows it (body `{ at: ISO | null }`). */
export const IRP_SANDBOX_CLOCK_PATH = `${IRP_SANDBOX_PREFIX}/testing/clock`;
/** Where the IRP's API answers other systems in IRP mode. */
export const IRP_API_PREFIX = '/irp';

export const mountIrpSandbox = async (app: FastifyInstance, ctx: AppContext, gate: SandboxGate): Promise<void> => {
  if (ctx.config.irp.mode)
    await app.register(irpSandbox, {
      prefix: IRP_API_PREFIX,
      sql: irpSqlOf(ctx),
      now: ctx.now,
      requireRegisteredClients: true,
      describeRoute: ({ method, path }) => {
        const doc = IRP_API_DOCS[`${method} ${path}`];
        return doc ? { ...doc, tags: ['IRP API (IRP mode)'] } : undefined;
      },
    });
  if (ctx.config.irp.url) return;
  await mountGatedSandbox(app, ctx, gate, IRP_SANDBOX_PREFIX, (scope, { sql, now }) =>
    scope.register(irpSandbox, { prefix: IRP_SANDBOX_PREFIX, sql, now }),
  );
};
