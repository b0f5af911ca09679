import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { API_ROOT, HEADERS } from '@opengst/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/database';
import { startJobQueue, type JobQueue } from './jobs/queue';
import { createMailer, MAIL_JOB } from './mail/mailer';
import { adminRoutes } from './modules/admin/admin.routes';
import { administrationModule } from './modules/administration';
import { organizationModule } from './modules/organization';
import { createMaintenanceSwitch, maintenanceFlagFile } from './modules/admin/maintenance';
import { authRoutes } from './modules/auth/auth.routes';
import { registerAuthCleanup } from './modules/auth/cleanup';
import { registerDormancyJob } from './modules/user/dormancy';
import { importRoutes } from './modules/import/import.routes';
import { registerRoutes } from './modules/register/register.routes';
import { documentRoutes } from './modules/document/document.routes';
import { registerImportJob } from './modules/import/import.job';
import { registerGenerationJob, registerSaveStatusJob, returnRoutes, SAVE_STATUS_POLICY } from './modules/returns/returns.routes';
import { dataActivityRoutes } from './modules/data-activity/data-activity.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { masterRoutes } from './modules/master/master.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { userRoutes } from './modules/user/user.routes';
import { accessPlugin } from './plugins/access';
import { createGstPortal, mountPortalSandbox } from './portal/index';
import { errorsPlugin } from './plugins/errors';
import { webPlugin } from './plugins/web';
import { loadSecretKey } from './secrets';

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
export const buildApp = async (config: Config, options: BuildOptions = {}): Promise<{ app: FastifyInstance; ctx: AppContext; jobs: JobQueue }> => {
  const database = options.database ?? (await openDatabase(config));
  const ownsDatabase = options.database === undefined;
  const jobs = await startJobQueue(database, { pollSeconds: config.jobPollSeconds });
  const mailer = createMailer(database.db, jobs, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const ctx: AppContext = {
    config,
    database,
    mailer,
    maintenance: createMaintenanceSwitch(database.db, maintenanceFlagFile(config.dataDir)),
    secretKey: loadSecretKey(config.secretKeyBase64, config.dataDir),
    now: options.now ?? (() => new Date()),
    // Mounted mode reaches the sandbox through `app` (declared below), only once requests run.
    gstPortal: createGstPortal(config, options.now ?? (() => new Date()), () => app),
  };

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: [`req.headers["${HEADERS.authToken}"]`, `req.headers["${HEADERS.publicAuthToken}"]`], censor: '[redacted]' },
      ...(options.logStream ? { stream: options.logStream } : {}),
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
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'OpenGST API', version: config.buildVersion } },
    transform: jsonSchemaTransform,
  });
  await app.register(errorsPlugin, ctx);
  await app.register(accessPlugin, ctx);

  await app.register(authRoutes, ctx);
  await app.register(settingsRoutes, ctx);
  await app.register(masterRoutes, ctx);
  await app.register(userRoutes, ctx);
  await app.register(dashboardRoutes, ctx);
  await app.register(adminRoutes, ctx);
  await app.register(organizationModule, ctx);
  await app.register(administrationModule, ctx);
  await app.register(importRoutes, { ...ctx, jobs });
  await app.register(registerRoutes, ctx);
  await app.register(documentRoutes, ctx);
  await app.register(returnRoutes, { ...ctx, jobs });
  await app.register(dataActivityRoutes, ctx);
  await mountPortalSandbox(app, ctx);
  app.get(`${API_ROOT.replace('/v0.1', '')}/docs/json`, { config: { access: { public: true } }, schema: { hide: true } }, async () => app.swagger());

  await app.register(webPlugin, { webDist: config.webDist });

  await jobs.register(MAIL_JOB, async (data) => mailer.deliver(Number(data.mailId)), { retryLimit: 5 });
  await jobs.register('mail.sweep', async () => mailer.sweep(), { cron: '* * * * *' });
  await registerAuthCleanup(jobs, database.db);
  await registerDormancyJob(jobs, database.db);
  await registerImportJob(jobs, { db: database.db, dataDir: config.dataDir, now: ctx.now });
  await registerGenerationJob(jobs, { db: database.db, now: ctx.now });
  await registerSaveStatusJob(jobs, { ctx, ...SAVE_STATUS_POLICY });

  app.addHook('onClose', async () => {
    await jobs.stop();
    if (ownsDatabase) await database.close();
  });
  await app.ready();
  return { app, ctx, jobs };
};
