// The project's GST portal sandbox: a Fastify plugin answering the GSTN taxpayer API for a whole installation
// (README.md). Mounted in the server (under /portal-sandbox) or run alone (main.ts).
import type { FastifyError, FastifyInstance } from 'fastify';
import { authRoutes } from './auth';
import { challanRoutes } from './challans';
import { generateKeyPair } from './crypto';
import { drc01Routes } from './drc01';
import { PortalFault } from './faults';
import { gstr1Routes } from './gstr1';
import { gstr2bRoutes } from './gstr2b';
import { gstr3bRoutes } from './gstr3b';
import { imsRoutes } from './ims';
import { ledgerRoutes } from './ledgers';
import { noticeRoutes } from './notices';
import { fileRoutes } from './queued';
import { recipientRoutes } from './recipient';
import { taxpayerSearchRoutes } from './taxpayer-search';
import { DEFAULT_QUEUE, type QueueSettings, type Sandbox } from './sandbox';
import { loadSaveSchema } from './schema-check';
import type { SandboxSql } from './sql';
import { loadOrCreateKeys, migrateSandbox } from './store';

export { sandboxSqlOfPglite, sandboxSqlOfPostgres, type SandboxSql } from './sql';
export { DEFAULT_QUEUE, type QueueSettings } from './sandbox';
export { IRP_CERTIFICATE_PATH, IRP_PUBLIC_KEY_PATH, irpSandbox, type IrpSandboxOptions } from './irp/index';
export {
  CLIENT_NAME_MAX as IRP_CLIENT_NAME_MAX,
  IrpClientNameError,
  listIrpClients,
  registerIrpClient,
  revokeIrpClient,
  type IrpClientRow,
} from './irp/clients';
export { migrateIrpSandbox } from './irp/store';
export {
  cancelPortalInvoice,
  endPortalSession,
  IrpPortalRefusal,
  issuePortalLoginKey,
  listPortalInvoices,
  openPortalSessionForGstin,
  PORTAL_CANCEL_HOURS,
  PORTAL_SESSION_MINUTES,
  portalSessionOf,
  signInPortal,
  useRequestOnce,
  type IrpPortalInvoice,
  type IrpPortalSession,
} from './irp/portal';
export { IrpFault } from './irp/faults';
export { EWB_API_BASE, EWB_PUBLIC_KEY_PATH, ewbSandbox, type EwbSandboxOptions } from './ewb/index';

export type PortalSandboxOptions = {
  sql: SandboxSql;
  now: () => Date;
  /** The OTP accepted for login and EVC (the GSTN developer sandbox's is 575757). */
  otp: string;
  /** Folder of the official formats (gstr1/saveGSTR1Schema.json); an absent file is logged and the check skipped. */
  schemaDir: string;
  /** When downloads answer a token instead of their data (README.md "Queued answers"); DEFAULT_QUEUE otherwise. */
  queue?: Partial<QueueSettings> | undefined;
  /** Test controls: an officer's actions without a taxpayer's session (POST /testing/notices). Never for users. */
  testingRoutes?: boolean | undefined;
};

/** GSTR-1 JSON of a large taxpayer runs to megabytes; the portal takes up to 5 MB per save. */
const BODY_LIMIT = 8 * 1024 * 1024;

export const portalSandbox = async (app: FastifyInstance, options: PortalSandboxOptions): Promise<void> => {
  await migrateSandbox(options.sql);
  let keys: ReturnType<Sandbox['keys']> | null = null;
  const sandbox: Sandbox = {
    sql: options.sql,
    now: options.now,
    otp: options.otp,
    // Generating the key pair takes a moment: not at every start of a server that may never use the portal.
    keys: () => {
      keys ??= loadOrCreateKeys(options.sql, generateKeyPair, options.now()).catch((error: unknown) => {
        keys = null;
        throw error;
      });
      return keys;
    },
    checkSchema: loadSaveSchema(options.schemaDir, (message) => app.log.warn(message)),
    queue: { ...DEFAULT_QUEUE, ...options.queue },
  };

  // The portal's API is public (its own auth-token guards it): the server's access table must see that declared.
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), access: { public: true } } as typeof route.config;
    // Not part of the server's own API description.
    route.schema = { ...(route.schema ?? {}), hide: true } as typeof route.schema;
    route.bodyLimit ??= BODY_LIMIT;
  });

  app.setErrorHandler((error: FastifyError | PortalFault, request, reply) => {
    if (error instanceof PortalFault)
      return reply.status(error.httpStatus).send({ status_cd: '0', error: { error_cd: error.code, message: error.message } });
    const status = 'statusCode' in error && typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'portal sandbox failure');
    return reply.status(status).send({
      status_cd: '0',
      error: {
        error_cd: status === 500 ? 'SYS500' : 'RET191100',
        message: status === 500 ? 'Internal error of the portal sandbox' : error.message,
      },
    });
  });

  app.get('/taxpayerapi/v1.0/public-key', async (_request, reply) =>
    reply.type('application/x-pem-file').send((await sandbox.keys()).public_pem),
  );
  authRoutes(app, sandbox);
  gstr1Routes(app, sandbox);
  recipientRoutes(app, sandbox);
  gstr2bRoutes(app, sandbox);
  imsRoutes(app, sandbox);
  fileRoutes(app, sandbox);
  gstr3bRoutes(app, sandbox);
  ledgerRoutes(app, sandbox);
  challanRoutes(app, sandbox);
  drc01Routes(app, sandbox);
  taxpayerSearchRoutes(app, sandbox);
  noticeRoutes(app, sandbox, options.testingRoutes === true);
};
