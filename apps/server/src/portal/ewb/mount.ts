// Mounts the e-way bill sandbox (apps/portal-sandbox, README.md "E-way bill sandbox") in this server under
// /ewb-sandbox when no EWB_URL is configured; it keeps its ewb_* tables in the server's database, in the sandbox's
// schema. As the GST portal and IRP sandboxes, it answers only this process's own requests (those carrying the
// sandbox gate's secret), and its date moves by a test only when PORTAL_SANDBOX_CLOCK_CONTROL is on.
import { PGlite } from '@electric-sql/pglite';
import { ERROR_CATALOGUE } from '@opengst/contracts';
import { ewbSandbox, sandboxSqlOfPglite, sandboxSqlOfPostgres } from '@opengst/portal-sandbox';
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type postgres from 'postgres';
import type { AppContext } from '../../platform/context';
import type { SandboxGate } from '../index';

/** Where the mounted e-way bill sandbox answers. */
export const EWB_SANDBOX_PREFIX = '/ewb-sandbox';
/** Where a test sets the mounted sandbox's date, when PORTAL_SANDBOX_CLOCK_CONTROL allows it (body `{ at: ISO | null }`). */
export const EWB_SANDBOX_CLOCK_PATH = `${EWB_SANDBOX_PREFIX}/testing/clock`;
/** Where a test has an officer verify an e-way bill in movement (body `{ ewbNo }`), with the clock control on. */
export const EWB_SANDBOX_VERIFY_PATH = `${EWB_SANDBOX_PREFIX}/testing/verify`;
/** The mounted sandbox's test controls, open without the gate only when the clock control is on. */
const EWB_TESTING_PREFIX = `${EWB_SANDBOX_PREFIX}/testing/`;
/** The header the server's own sandbox requests carry (the GST portal sandbox's gate, ../index.ts). */
export const EWB_GATE_HEADER = 'x-opengst-sandbox-gate';

const opensGate = (gate: SandboxGate, sent: string | string[] | undefined): boolean => {
  const given = Buffer.from(typeof sent === 'string' ? sent : '');
  const secret = Buffer.from(gate.secret);
  return given.length === secret.length && timingSafeEqual(given, secret);
};

export const mountEwbSandbox = async (app: FastifyInstance, ctx: AppContext, gate: SandboxGate): Promise<void> => {
  if (ctx.config.ewb.url) return;
  const client = (ctx.database.db as unknown as { $client: PGlite | postgres.Sql }).$client;
  const sql = client instanceof PGlite ? sandboxSqlOfPglite(client) : sandboxSqlOfPostgres(client);
  const control = ctx.config.gstPortal.sandboxClockControl;
  let offsetMs = 0;
  const now = () => new Date(ctx.now().getTime() + offsetMs);
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (control && request.url.startsWith(EWB_TESTING_PREFIX)) return;
      if (!opensGate(gate, request.headers[EWB_GATE_HEADER]))
        return reply.code(404).send({ errors: [{ code: 'GEN0003', message: ERROR_CATALOGUE.GEN0003.message, type: 'Error' }] });
    });
    if (control) {
      scope.post(EWB_SANDBOX_CLOCK_PATH, { config: { access: { public: true } }, schema: { hide: true } }, async (request) => {
        const at = (request.body as { at?: string | null } | undefined)?.at;
        offsetMs = at ? new Date(at).getTime() - ctx.now().getTime() : 0;
        if (Number.isNaN(offsetMs)) offsetMs = 0;
        return { now: now().toISOString() };
      });
    }
    await scope.register(ewbSandbox, { prefix: EWB_SANDBOX_PREFIX, sql, now, testingRoutes: control });
  });
};
