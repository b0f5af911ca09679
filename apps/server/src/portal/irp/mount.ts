// Mounts the IRP sandbox (apps/portal-sandbox, README.md "IRP sandbox") in this server under /irp-sandbox when no
// IRP_URL is configured, gated as the other sandboxes (../sandbox-mount.ts).
import { irpSandbox } from '@opengst/portal-sandbox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { mountGatedSandbox, type SandboxGate } from '../sandbox-mount';

/** Where the mounted IRP sandbox answers. */
export const IRP_SANDBOX_PREFIX = '/irp-sandbox';
/** Where a test sets the mounted IRP sandbox's date, when PORTAL_SANDBOX_CLOCK_CONTROL allows it (body `{ at: ISO | null }`). */
export const IRP_SANDBOX_CLOCK_PATH = `${IRP_SANDBOX_PREFIX}/testing/clock`;

export const mountIrpSandbox = async (app: FastifyInstance, ctx: AppContext, gate: SandboxGate): Promise<void> => {
  if (ctx.config.irp.url) return;
  await mountGatedSandbox(app, ctx, gate, IRP_SANDBOX_PREFIX, (scope, { sql, now }) =>
    scope.register(irpSandbox, { prefix: IRP_SANDBOX_PREFIX, sql, now }),
  );
};
