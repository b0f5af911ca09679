// How this server mounts the project's sandboxes of the government APIs (GST portal, IRP, e-way bill: apps/portal-sandbox)
// when no real API's URL is configured, and how its own clients reach them. Each keeps its tables in the server's
// database, in the sandbox's schema.
//
// A mounted sandbox answers only this process's own clients (issue 16: anyone who reached the port used the GST portal
// sandbox to read a tenant's filed returns and to claim another tenant's GSTIN). Their requests, made through
// app.inject, carry a secret made at start that no outside request can know; any other request is "not found". With
// PORTAL_SANDBOX_CLOCK_CONTROL on (tests only), a sandbox's `/testing/` controls are open: its date (`/testing/clock`,
// body `{ at: ISO | null }`) and whatever else it offers a test.
import { PGlite } from '@electric-sql/pglite';
import { ERROR_CATALOGUE } from '@opengst/contracts';
import type { SandboxSql } from '@opengst/portal-sandbox';
import { sandboxSqlOfPglite, sandboxSqlOfPostgres } from '@opengst/portal-sandbox';
import type { FastifyInstance } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type postgres from 'postgres';
import type { AppContext } from '../platform/context';
import type { PortalFetch } from './http-gst-portal';

export type SandboxGate = { readonly secret: string };
export const createSandboxGate = (): SandboxGate => ({ secret: randomBytes(32).toString('base64url') });
/** The header the server's own sandbox requests carry. */
export const SANDBOX_GATE_HEADER = 'x-opengst-sandbox-gate';

const opensGate = (gate: SandboxGate, sent: string | string[] | undefined): boolean => {
  const given = Buffer.from(typeof sent === 'string' ? sent : '');
  const secret = Buffer.from(gate.secret);
  return given.length === secret.length && timingSafeEqual(given, secret);
};

/** A fetch that reaches a sandbox mounted in `app` through inject, with the gate's secret (raw bytes: some answers are gzip). */
export const sandboxInjectFetch =
  (app: () => FastifyInstance, gate: SandboxGate): PortalFetch =>
  async (url, init) => {
    const answer = await app().inject({
      method: init.method as 'GET' | 'POST' | 'PUT',
      url,
      headers: { ...init.headers, [SANDBOX_GATE_HEADER]: gate.secret },
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    return new Response(answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };

/** What a sandbox plugin is given: the server's database, its own date, and whether the test controls are on. */
export type MountedSandbox = { sql: SandboxSql; now: () => Date; testingRoutes: boolean };

/** Mounts a sandbox under `prefix`, gated; `register` registers its plugin in the gated scope. */
export const mountGatedSandbox = async (
  app: FastifyInstance,
  ctx: AppContext,
  gate: SandboxGate,
  prefix: string,
  register: (scope: FastifyInstance, sandbox: MountedSandbox) => PromiseLike<unknown>,
): Promise<void> => {
  const client = (ctx.database.db as unknown as { $client: PGlite | postgres.Sql }).$client;
  const sql = client instanceof PGlite ? sandboxSqlOfPglite(client) : sandboxSqlOfPostgres(client);
  const control = ctx.config.gstPortal.sandboxClockControl;
  const testing = `${prefix}/testing/`;
  // The sandbox's date: the server's, moved by a test when the clock control is on.
  let offsetMs = 0;
  const now = () => new Date(ctx.now().getTime() + offsetMs);
  await app.register(async (scope) => {
    // Answered here, not thrown: a sandbox's own error handler would turn an error into its API's 500.
    scope.addHook('onRequest', async (request, reply) => {
      if (control && request.url.startsWith(testing)) return;
      if (!opensGate(gate, request.headers[SANDBOX_GATE_HEADER]))
        return reply.code(404).send({ errors: [{ code: 'GEN0003', message: ERROR_CATALOGUE.GEN0003.message, type: 'Error' }] });
    });
    if (control)
      scope.post(`${testing}clock`, { config: { access: { public: true } }, schema: { hide: true } }, async (request) => {
        const at = (request.body as { at?: string | null } | undefined)?.at;
        offsetMs = at ? new Date(at).getTime() - ctx.now().getTime() : 0;
        if (Number.isNaN(offsetMs)) offsetMs = 0;
        return { now: now().toISOString() };
      });
    await register(scope as unknown as FastifyInstance, { sql, now, testingRoutes: control });
  });
};
