// The project's IRP (e-invoice registration portal) sandbox: a Fastify plugin answering the NIC e-invoice API
// (README.md "IRP sandbox") beside the GST portal sandbox, with its own irp_* tables in the sandbox's schema.
// Mounted by the server under /irp-sandbox, or run with the GST portal sandbox alone (../main.ts).
import type { FastifyError, FastifyInstance } from 'fastify';
import { generateKeyPair } from '../crypto';
import type { SandboxSql } from '../sql';
import { irpAuthRoutes } from './auth';
import type { IrpSandbox } from './context';
import { generateSigningKeys } from './crypto';
import { IrpFault } from './faults';
import { irpInvoiceRoutes } from './invoice';
import { DEFAULT_EINVOICE_SCHEMA_FILE, einvoiceSchemaCheck } from './schema';
import { loadOrCreateIrpKeys, migrateIrpSandbox, type IrpKeyRow } from './store';

export type IrpSandboxOptions = {
  sql: SandboxSql;
  now: () => Date;
  /** NIC's INV-01 schema as published; the domain's copy by default. */
  schemaFile?: string | undefined;
  /** IRP mode (README.md "IRP mode"): only registered client systems may authenticate; off = any client id and secret. */
  requireRegisteredClients?: boolean | undefined;
  /**
   * The OpenAPI description of a route (by method and path under the prefix), when this mount is documented; a described
   * route's schemas are documentation only (no validation, no serialization: the IRP answers its own way).
   */
  describeRoute?: ((route: { method: string; path: string }) => Record<string, unknown> | undefined) | undefined;
};

/** Where the sandbox publishes its keys (NIC hands its public key and signing certificate out through its portal). */
export const IRP_PUBLIC_KEY_PATH = '/keys/public-key';
export const IRP_CERTIFICATE_PATH = '/keys/signing-certificate';

const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= make().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
};

export const irpSandbox = async (app: FastifyInstance, options: IrpSandboxOptions): Promise<void> => {
  await migrateIrpSandbox(options.sql);
  const sandbox: IrpSandbox = {
    sql: options.sql,
    now: options.now,
    // Key pairs take a moment to make: at their first use, not at every start.
    authKeys: once(() => loadOrCreateIrpKeys(options.sql, 'auth', () => ({ ...generateKeyPair(), certificatePem: null }), options.now())),
    signKeys: once(async () => {
      const row: IrpKeyRow = await loadOrCreateIrpKeys(options.sql, 'sign', () => generateSigningKeys(options.now()), options.now());
      if (!row.certificate_pem) throw new Error('The IRP sandbox signing key has no certificate.');
      return { ...row, certificate_pem: row.certificate_pem };
    }),
    checkSchema: einvoiceSchemaCheck(options.schemaFile ?? DEFAULT_EINVOICE_SCHEMA_FILE),
    requireRegisteredClients: options.requireRegisteredClients === true,
  };

  // The IRP's API is public (its own AuthToken guards it): the server's access table must see that declared.
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), access: { public: true } } as typeof route.config;
    const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
    const described = options.describeRoute?.({ method, path: route.routePath });
    if (described && method !== 'HEAD') {
      route.schema = { ...(route.schema ?? {}), ...described } as typeof route.schema;
      route.validatorCompiler = () => (value: unknown) => ({ value });
      route.serializerCompiler = () => (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data));
    } else route.schema = { ...(route.schema ?? {}), hide: true } as typeof route.schema;
  });

  app.setErrorHandler((error: FastifyError | IrpFault, request, reply) => {
    if (error instanceof IrpFault)
      return reply.status(200).send({ Status: 0, Data: null, ErrorDetails: error.errors, InfoDtls: error.info });
    const status = 'statusCode' in error && typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'IRP sandbox failure');
    return reply.status(status).send({
      Status: 0,
      Data: null,
      ErrorDetails: [
        status === 500
          ? { ErrorCode: '2146', ErrorMessage: 'Unable to create IRN, Pls. try after some time' }
          : { ErrorCode: '2142', ErrorMessage: `Incomplete request parameters: ${error.message}` },
      ],
      InfoDtls: null,
    });
  });

  app.get(IRP_PUBLIC_KEY_PATH, async (_request, reply) => reply.type('application/x-pem-file').send((await sandbox.authKeys()).public_pem));
  app.get(IRP_CERTIFICATE_PATH, async (_request, reply) =>
    reply.type('application/x-pem-file').send((await sandbox.signKeys()).certificate_pem),
  );
  irpAuthRoutes(app, sandbox);
  irpInvoiceRoutes(app, sandbox);
};
