// Mounts the IRP sandbox (apps/portal-sandbox, README.md "IRP sandbox") in this server under /irp-sandbox when no
// IRP_URL is configured; it keeps its irp_* tables in the server's database, in the sandbox's schema. As the GST
// portal sandbox, it answers only this process's own requests (those carrying the sandbox gate's secret).
import { PGlite } from '@electric-sql/pglite';
import { ERROR_CATALOGUE } from '@opengst/contracts';
import { irpSandbox, sandboxSqlOfPglite, sandboxSqlOfPostgres } from '@opengst/portal-sandbox';
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type postgres from 'postgres';
import type { AppContext } from '../../platform/context';
import type { SandboxGate } from '../index';

/** Where the mounted IRP sandbox answers. */
export const IRP_SANDBOX_PREFIX = '/irp-sandbox';
/** Where a test sets the mounted IRP sandbox's date, when PORTAL_SANDBOX_CLOCK_CONTROL allows it (body `{ at: ISO | null }`). */
export const IRP_SANDBOX_CLOCK_PATH = `${IRP_SANDBOX_PREFIX}/testing/clock`;
/** The header the server's own sandbox requests carry (the GST portal sandbox's gate, ../index.ts). */
export const IRP_GATE_HEADER = 'x-opengst-sandbox-gate';

const opensGate = (gate: SandboxGate, sent: string | string[] | undefined): boolean => {
  const given = Buffer.from(typeof sent === 'string' ? sent : '');
  const secret = Buffer.from(gate.secret);
  return given.length === secret.length && timingSafeEqual(given, secret);
};

export const mountIrpSandbox = async (app: FastifyInstance, ctx: AppContext, gate: SandboxGate): Promise<void> => {
  if (ctx.config.irp.url) return;
  const client = (ctx.database.db as unknown as { $client: PGlite | postgres.Sql }).$client;
  const sql = client instanceof PGlite ? sandboxSqlOfPglite(client) : sandboxSqlOfPostgres(client);
  const control = ctx.config.gstPortal.sandboxClockControl;
  let offsetMs = 0;
  const now = () => new Date(ctx.now().getTime() + offsetMs);
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (control && request.url === IRP_SANDBOX_CLOCK_PATH) return;
      if (!opensGate(gate, request.headers[IRP_GATE_HEADER]))
        return reply.code(404).send({ errors: [{ code: 'GEN0003', message: ERROR_CATALOGUE.GEN0003.message, type: 'Error' }] });
    });
    if (control) {
      scope.post(IRP_SANDBOX_CLOCK_PATH, { config: { access: { public: true } }, schema: { hide: true } }, async (request) => {
        const at = (request.body as { at?: string | null } | undefined)?.at;
        offsetMs = at ? new Date(at).getTime() - ctx.now().getTime() : 0;
        if (Number.isNaN(offsetMs)) offsetMs = 0;
        return { now: now().toISOString() };
      });
    }
    await scope.register(irpSandbox, { prefix: IRP_SANDBOX_PREFIX, sql, now });
  });
};
