import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { API_ROOT, HEADERS } from '@opengst/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { readableLogStream } from './platform/readable-log';
import { randomUUID } from 'node:crypto';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { administrationModule } from './modules/administration/module';
import { announcementsModule } from './modules/announcements/module';
import { authModule } from './modules/auth/module';
import { dashboardModule } from './modules/dashboard/module';
import { dataActivitiesModule } from './modules/data-activities/module';
import { documentsModule } from './modules/documents/module';
import { gstr3bModule } from './modules/gstr3b/module';
import { importModule } from './modules/import/module';
import { mastersModule } from './modules/masters/module';
import { organizationModule } from './modules/organization/module';
import { paymentsModule } from './modules/payments/module';
import { drc01Module } from './modules/drc01/module';
import { litigationModule } from './modules/litigation/module';
import { einvoiceModule } from './modules/einvoice/module';
import { ewaybillModule } from './modules/ewaybill/module';
import { irpPortalModule } from './modules/irp-portal/module';
import { filesModule } from './modules/files/module';
import { notificationsModule } from './modules/notifications/module';
import { reconciliationModule } from './modules/reconciliation/module';
import { reportsModule } from './modules/reports/module';
import { returnsModule } from './modules/returns/module';
import { forgettingEndedSessions } from './modules/returns/portal/ended-portal-sessions';
import { settingsModule } from './modules/settings/module';
import { vendorPaymentModule } from './modules/vendor-payment/module';
import { accessPlugin } from './platform/access.plugin';
import { fairnessPlugin } from './platform/fairness';
import type { AppContext } from './platform/context';
import { errorsPlugin } from './platform/errors.plugin';
import { mountJobClock } from './platform/jobs/job-clock';
import { claimJobRunner, startJobQueue, type JobQueue } from './platform/jobs/queue';
import { mailWorkers } from './platform/mail/mail.jobs';
import { createMailer } from './platform/mail/mailer';
import { createMaintenanceSwitch, maintenanceFlagFile } from './platform/maintenance';
import type { AppModule } from './platform/module';
import { assertInstallationKey, loadSecretKey } from './platform/secrets';
import { sharedRateLimitStore } from './platform/auth/throttle';
import { webPlugin } from './platform/web.plugin';
import { createGstPortal, createSandboxGate, mountPortalSandbox } from './portal/index';
import { createConfiguredIrpClient } from './portal/irp/irp-client';
import { createConfiguredEwbClient } from './portal/ewb/ewb-client';
import { mountEwbSandbox } from './portal/ewb/mount';
import { mountIrpSandbox } from './portal/irp/mount';
import { assertNoNulCharacter } from './platform/nul-guard';
import { requestLogSerializer } from './platform/log-redaction';

/** Every module of the product, in the order their routes are registered. */
const MODULES: readonly AppModule[] = [
  authModule,
  settingsModule,
  mastersModule,
  dashboardModule,
  administrationModule,
  organizationModule,
  reportsModule,
  importModule,
  documentsModule,
  returnsModule,
  dataActivitiesModule,
  reconciliationModule,
  gstr3bModule,
  vendorPaymentModule,
  paymentsModule,
  drc01Module,
  announcementsModule,
  litigationModule,
  einvoiceModule,
  ewaybillModule,
  irpPortalModule,
  filesModule,
  notificationsModule,
];

export type BuildOptions = {
  /** An already open database (tests share one per file); otherwise opened from the config and closed with the app. */
  database?: Database;
  now?: () => Date;
  /** Tests that look at one request's log lines pass a stream. */
  logStream?: NodeJS.WritableStream;
};

/** Content-Security-Policy for the single-page app: everything from this origin, nothing inline but styles. */
const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Plain-HTTP installs on a LAN must keep working; HTTPS deployments set HSTS at their proxy.
  upgradeInsecureRequests: null,
};

/** A ready Fastify instance with every module; `main.ts` only reads config and listens. */
export const buildApp = async (
  config: Config,
  options: BuildOptions = {},
): Promise<{ app: FastifyInstance; ctx: AppContext; jobs: JobQueue }> => {
  const database = options.database ?? (await openDatabase(config));
  const ownsDatabase = options.database === undefined;
  const jobs = await startJobQueue(database, { pollSeconds: config.jobPollSeconds });
  const secretKey = loadSecretKey(config.secretKeyBase64, config.dataDir);
  await assertInstallationKey(database.db, secretKey);
  const mailer = createMailer(database.db, jobs, { smtpUrl: config.smtpUrl, from: config.mailFrom, secretKey });
  const sandboxGate = createSandboxGate();
  const ctx: AppContext = {
    config,
    database,
    jobs,
    mailer,
    maintenance: createMaintenanceSwitch(database.db, maintenanceFlagFile(config.dataDir)),
    secretKey,
    now: options.now ?? (() => new Date()),
    // Mounted mode reaches the sandbox through `app` (declared below), only once requests run.
    // A session the portal ends early (AUTH4033) is forgotten at once: the screens then offer the sign-in again.
    gstPortal: forgettingEndedSessions(
      createGstPortal(config, options.now ?? (() => new Date()), () => app, sandboxGate),
      () => database.db,
    ),
    irp: createConfiguredIrpClient(config.irp, () => app, sandboxGate),
    ewb: createConfiguredEwbClient(config.ewb, () => app, sandboxGate),
  };

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: [`req.headers["${HEADERS.authToken}"]`, `req.headers["${HEADERS.publicAuthToken}"]`], censor: '[redacted]' },
      serializers: { req: requestLogSerializer },
      stream: options.logStream ?? (config.logFormat === 'text' ? readableLogStream() : process.stdout),
    },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', async (request, reply) => {
    reply.header(HEADERS.requestId, request.id);
  });
  await app.register(helmet, { contentSecurityPolicy: { directives: CSP }, frameguard: { action: 'deny' } });
  // Counted in the database: several server processes count the same requests of an address.
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(database.db) });
  await app.register(swagger, {
    openapi: { info: { title: 'OpenGST API', version: config.buildVersion } },
    transform: jsonSchemaTransform,
  });
  await app.register(errorsPlugin, ctx);
  await app.register(accessPlugin, ctx);
  // After the access plugin: the principal is known when a signed-in request asks for its slot.
  await app.register(fairnessPlugin, ctx);
  app.addHook('preValidation', async (request) => assertNoNulCharacter(request.query, request.body));

  for (const module of MODULES) await app.register(module.routes, ctx);
  await mountPortalSandbox(app, ctx, sandboxGate);
  // The IRP sandbox (e-invoice API) beside it, under /irp-sandbox, unless IRP_URL names another.
  await mountIrpSandbox(app, ctx, sandboxGate);
  await mountEwbSandbox(app, ctx, sandboxGate);
  app.get(`${API_ROOT.replace('/v0.1', '')}/docs/json`, { config: { access: { public: true } }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const moduleWorkers = (on: AppContext) => MODULES.flatMap((module) => module.jobs?.(on) ?? []);
  if (config.jobClockControl) mountJobClock(app, ctx, moduleWorkers);

  await app.register(webPlugin, { webDist: config.webDist });

  // RUN_JOBS=false: this server only queues jobs, the worker process (`npm run worker`) runs them.
  const releaseJobRunner = config.runJobs ? await claimJobRunner(database) : undefined;
  if (config.runJobs) for (const worker of [...mailWorkers(mailer), ...moduleWorkers(ctx)]) await jobs.work(worker);

  app.addHook('onClose', async () => {
    await jobs.stop();
    await releaseJobRunner?.();
    if (ownsDatabase) await database.close();
  });
  await app.ready();
  return { app, ctx, jobs };
};
