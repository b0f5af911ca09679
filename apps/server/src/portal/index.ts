// Builds the installation's GstPortal: over HTTP to GST_PORTAL_URL (a GSP, or the standalone sandbox), or, without it,
// to the sandbox mounted in this server under /portal-sandbox and reached through app.inject (no socket, real HTTP
// requests), so tests and the running server use the same adapter.
// Call the portal outside any database transaction: on PGlite the mounted sandbox shares the server's single
// connection, and its own transaction would wait for the caller's to end.
import { portalSandbox } from '@opengst/portal-sandbox';
import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import type { Config } from '../config';
import type { AppContext } from '../platform/context';
import type { GstPortal } from './gst-portal';
import { createHttpGstPortal, type PortalFetch } from './http-gst-portal';
import { mountGatedSandbox, sandboxInjectFetch, type SandboxGate } from './sandbox-mount';

export * from './gst-portal';

/** Where the mounted sandbox answers. */
export const SANDBOX_PREFIX = '/portal-sandbox';
const PUBLIC_KEY_PATH = '/taxpayerapi/v1.0/public-key';

export { createSandboxGate, type SandboxGate } from './sandbox-mount';

const fetchPublicKey = async (fetcher: PortalFetch, baseUrl: string): Promise<string> => {
  const response = await fetcher(`${baseUrl}${PUBLIC_KEY_PATH}`, { method: 'GET', headers: { accept: 'application/x-pem-file' } });
  if (!response.ok) throw new Error(`The portal's public key could not be fetched (HTTP ${response.status}).`);
  return response.text();
};

/** The adapter for this installation; `app` is the server itself and `gate` its sandbox's, used only in mounted mode. */
export const createGstPortal = (config: Config, now: () => Date, app: () => FastifyInstance, gate: SandboxGate): GstPortal => {
  const settings = config.gstPortal;
  const remote = settings.url?.replace(/\/+$/, '');
  const fetcher: PortalFetch = remote ? (url, init) => fetch(url, init) : sandboxInjectFetch(app, gate);
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

/** Mounts the sandbox in this server when no portal URL is configured. */
export const mountPortalSandbox = async (app: FastifyInstance, ctx: AppContext, gate: SandboxGate): Promise<void> => {
  if (ctx.config.gstPortal.url) return;
  await mountGatedSandbox(app, ctx, gate, SANDBOX_PREFIX, (scope, sandbox) =>
    scope.register(portalSandbox, {
      prefix: SANDBOX_PREFIX,
      ...sandbox,
      otp: ctx.config.gstPortal.sandboxOtp,
      schemaDir: ctx.config.gstPortal.sandboxSchemaDir,
    }),
  );
};
