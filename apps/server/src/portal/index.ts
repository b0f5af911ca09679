// Builds the installation's GstPortal: over HTTP to GST_PORTAL_URL (a GSP, or the standalone sandbox), or, without it,
// to the sandbox mounted in this server under /portal-sandbox and reached through app.inject (no socket, real HTTP
// requests), so tests and the running server use the same adapter.
// Call the portal outside any database transaction: on PGlite the mounted sandbox shares the server's single
// connection, and its own transaction would wait for the caller's to end.
import { PGlite } from '@electric-sql/pglite';
import { ERROR_CATALOGUE } from '@opengst/contracts';
import { portalSandbox, sandboxSqlOfPglite, sandboxSqlOfPostgres } from '@opengst/portal-sandbox';
import type { FastifyInstance } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type postgres from 'postgres';
import type { Config } from '../config';
import type { AppContext } from '../platform/context';
import type { GstPortal } from './gst-portal';
import { createHttpGstPortal, type PortalFetch } from './http-gst-portal';

export * from './gst-portal';

/** Where the mounted sandbox answers. */
export const SANDBOX_PREFIX = '/portal-sandbox';
const PUBLIC_KEY_PATH = '/taxpayerapi/v1.0/public-key';

/**
 * The mounted sandbox answers only this process's own adapter (issue 16: anyone who reached the port used it to read a
 * tenant's filed returns and to claim another tenant's GSTIN). Its requests carry a secret made at start, which no
 * outside request can know; any other request to /portal-sandbox is "not found".
 */
export type SandboxGate = { readonly secret: string };
export const createSandboxGate = (): SandboxGate => ({ secret: randomBytes(32).toString('base64url') });
const GATE_HEADER = 'x-opengst-sandbox-gate';

const opensGate = (gate: SandboxGate, sent: string | string[] | undefined): boolean => {
  const given = Buffer.from(typeof sent === 'string' ? sent : '');
  const secret = Buffer.from(gate.secret);
  return given.length === secret.length && timingSafeEqual(given, secret);
};

const injectFetch =
  (app: () => FastifyInstance, gate: SandboxGate): PortalFetch =>
  async (url, init) => {
    const answer = await app().inject({
      method: init.method as 'GET' | 'POST' | 'PUT',
      url,
      headers: { ...init.headers, [GATE_HEADER]: gate.secret },
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    // The raw bytes: the files of a queued answer are gzip, not text.
    return new Response(answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };

const fetchPublicKey = async (fetcher: PortalFetch, baseUrl: string): Promise<string> => {
  const response = await fetcher(`${baseUrl}${PUBLIC_KEY_PATH}`, { method: 'GET', headers: { accept: 'application/x-pem-file' } });
  if (!response.ok) throw new Error(`The portal's public key could not be fetched (HTTP ${response.status}).`);
  return response.text();
};

/** The adapter for this installation; `app` is the server itself and `gate` its sandbox's, used only in mounted mode. */
export const createGstPortal = (config: Config, now: () => Date, app: () => FastifyInstance, gate: SandboxGate): GstPortal => {
  const settings = config.gstPortal;
  const remote = settings.url?.replace(/\/+$/, '');
  const fetcher: PortalFetch = remote ? (url, init) => fetch(url, init) : injectFetch(app, gate);
  const baseUrl = remote ?? SANDBOX_PREFIX;
  const publicKeyFile = settings.publicKeyFile;
  return createHttpGstPortal({
    baseUrl,
    fetch: fetcher,
    publicKey: publicKeyFile ? () => readFile(publicKeyFile, 'utf8') : () => fetchPublicKey(fetcher, baseUrl),
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    timeoutMs: settings.timeoutMs,
    // A configured key file means the real portal (or a GSP); without one the far end is the project's sandbox.
    sandbox: !publicKeyFile,
    now,
  });
};

/** Where a test sets the mounted sandbox's date, when PORTAL_SANDBOX_CLOCK_CONTROL allows it (body `{ at: ISO | null }`). */
export const SANDBOX_CLOCK_PATH = `${SANDBOX_PREFIX}/testing/clock`;
/** Where a test issues a notice to a GSTIN as an officer would, with the same permission (body: {gstin, ...ISSUE's data}). */
export const SANDBOX_NOTICES_PATH = `${SANDBOX_PREFIX}/testing/notices`;
/** The mounted sandbox's test controls, open without the gate only when the clock control is on. */
const SANDBOX_TESTING_PREFIX = `${SANDBOX_PREFIX}/testing/`;

/** Mounts the sandbox in this server when no portal URL is configured; it keeps its tables in the server's database. */
export const mountPortalSandbox = async (app: FastifyInstance, ctx: AppContext, gate: SandboxGate): Promise<void> => {
  if (ctx.config.gstPortal.url) return;
  const client = (ctx.database.db as unknown as { $client: PGlite | postgres.Sql }).$client;
  const sql = client instanceof PGlite ? sandboxSqlOfPglite(client) : sandboxSqlOfPostgres(client);
  const control = ctx.config.gstPortal.sandboxClockControl;
  // The sandbox's date: the server's, moved by a test when the clock control is on.
  let offsetMs = 0;
  const now = () => new Date(ctx.now().getTime() + offsetMs);
  await app.register(async (scope) => {
    // Answered here, not thrown: the sandbox's own error handler would turn an error into a portal-style 500.
    scope.addHook('onRequest', async (request, reply) => {
      if (control && request.url.startsWith(SANDBOX_TESTING_PREFIX)) return;
      if (!opensGate(gate, request.headers[GATE_HEADER]))
        return reply.code(404).send({ errors: [{ code: 'GEN0003', message: ERROR_CATALOGUE.GEN0003.message, type: 'Error' }] });
    });
    if (control) {
      scope.post(SANDBOX_CLOCK_PATH, async (request) => {
        const at = (request.body as { at?: string | null } | undefined)?.at;
        offsetMs = at ? new Date(at).getTime() - ctx.now().getTime() : 0;
        if (Number.isNaN(offsetMs)) offsetMs = 0;
        return { now: now().toISOString() };
      });
    }
    await scope.register(portalSandbox, {
      prefix: SANDBOX_PREFIX,
      sql,
      now,
      otp: ctx.config.gstPortal.sandboxOtp,
      schemaDir: ctx.config.gstPortal.sandboxSchemaDir,
      testingRoutes: control,
    });
  });
};
