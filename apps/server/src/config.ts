import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// The only reader of process.env and the command line. Fails fast with a clear message.

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('OpenGST <no-reply@opengst.local>'),
  PUBLIC_URL: z.string().url().optional(),
  /** Developer details (request ids, handler names) appear in error messages only outside production. */
  APP_ENV: z.enum(['development', 'fedevelopment', 'qa', 'staging', 'irpstaging', 'production']).default('production'),
  BUILD_VERSION: z.string().optional(),
  /** warn: the console shows what needs attention; info adds a line per request. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  /** text: one readable line an event; json: pino's lines, for a log shipper. */
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(1),
  /** false: this server only serves HTTP, a worker (`npm run worker`) runs the background jobs (PostgreSQL only). */
  RUN_JOBS: z.enum(['true', 'false']).default('true'),
  /**
   * Lets a client run a scheduled job once at a date it chooses (POST /testing/jobs/run), so a browser journey sees a
   * reminder mailed on its day without waiting for it. Never on an installation users work on.
   */
  JOB_CLOCK_CONTROL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Sign-in requests per minute from one address: high enough for an office behind one NAT. */
  SIGNIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Fair shares of signed-in requests (platform/fairness.ts): slots per session, per user and per process. */
  FAIR_SLOTS_PER_SESSION: z.coerce.number().int().min(1).default(2),
  FAIR_SLOTS_PER_USER: z.coerce.number().int().min(1).default(3),
  FAIR_SLOTS_TOTAL: z.coerce.number().int().min(1).default(8),
  /** A user's requests waiting for a slot; past it, or past the longest wait, 503 at once with Retry-After. */
  FAIR_QUEUE_PER_USER: z.coerce.number().int().min(0).default(20),
  FAIR_MAX_WAIT_SECONDS: z.coerce.number().min(0.1).default(5),
  OPENGST_SECRET_KEY: z.string().optional(),
  /** The GST portal's taxpayer API (a GSP's or the project's standalone sandbox); absent = the sandbox mounted here. */
  GST_PORTAL_URL: z.string().url().optional(),
  /** PEM file of the portal's RSA public key (the real portal's is published to GSPs); absent = fetched from the sandbox. */
  GST_PORTAL_PUBLIC_KEY: z.string().optional(),
  /** The GSP/ASP credentials sent as the clientid / client-secret headers. */
  GST_PORTAL_CLIENT_ID: z.string().optional(),
  GST_PORTAL_CLIENT_SECRET: z.string().optional(),
  GST_PORTAL_TIMEOUT_SECONDS: z.coerce.number().min(1).default(60),
  /** The mounted sandbox's folder of official schemas (saveGSTR1Schema.json), and the OTP it accepts. */
  PORTAL_SANDBOX_SCHEMA_DIR: z.string().optional(),
  PORTAL_SANDBOX_OTP: z
    .string()
    .regex(/^\d{6}$/)
    .default('575757'),
  /**
   * Lets a client set the mounted sandbox's date (POST /portal-sandbox/testing/clock), so a test walks through the
   * 14th's GSTR-2B generation without waiting for it, and act as an officer issuing a notice
   * (POST /portal-sandbox/testing/notices). Never on an installation users work on.
   */
  PORTAL_SANDBOX_CLOCK_CONTROL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** The NIC e-invoice API (a GSP's, or the standalone IRP sandbox's .../irp-sandbox); absent = the IRP sandbox mounted here. */
  IRP_URL: z.string().url().optional(),
  /** The GSP's client id and secret at that IRP, and the PEM file of the IRP's public key (fetched from the sandbox otherwise). */
  IRP_CLIENT_ID: z.string().optional(),
  IRP_CLIENT_SECRET: z.string().optional(),
  IRP_PUBLIC_KEY: z.string().optional(),
  /** PEM file of the certificate the IRP's SignedInvoice and SignedQRCode verify against (NIC publishes it per environment). */
  IRP_SIGNING_CERTIFICATE: z.string().optional(),
  /**
   * IRP mode (README.md "IRP mode"): this installation also serves as an e-invoicing portal for other systems: the IRP's
   * API is open at /irp to client systems registered per GSTIN, beside the e-invoicing portal's screens.
   */
  IRP_MODE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Where the e-invoicing portal's screens are served (load settings' irpPortalApiUrl); absent = this installation. */
  IRP_PORTAL_API_URL: z.string().url().optional(),
  /** The NIC e-way bill API's <URL> (…/ewaybillapi/v1.03 of a GSP, or of a standalone e-way bill sandbox); absent = the sandbox mounted here. */
  EWB_URL: z.string().url().optional(),
  /** The GSP's client id and secret at that e-way bill system, and the PEM file of its public key (fetched from the sandbox otherwise). */
  EWB_CLIENT_ID: z.string().optional(),
  EWB_CLIENT_SECRET: z.string().optional(),
  EWB_PUBLIC_KEY: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string | undefined;
  smtpUrl?: string | undefined;
  mailFrom: string;
  publicUrl: string;
  environment: z.infer<typeof EnvSchema>['APP_ENV'];
  buildVersion: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  logFormat: z.infer<typeof EnvSchema>['LOG_FORMAT'];
  trustProxy: boolean;
  webDist: string;
  /** The GST portal's HSN/SAC directory as published (the document screen's lookup falls back on it). */
  hsnDirectoryFile: string;
  jobPollSeconds: number;
  /** Whether this process runs the background jobs (a server alone, or the worker); every process can queue them. */
  runJobs: boolean;
  /** JOB_CLOCK_CONTROL: a test may run a scheduled job at a date of its choosing (platform/jobs/job-clock.ts). */
  jobClockControl: boolean;
  signInRatePerMinute: number;
  /** Fair shares of signed-in requests (platform/fairness.ts). */
  fairness: FairnessLimits;
  /** Base64 key for secrets at rest; without it, a key file in the data folder (see secrets.ts). */
  secretKeyBase64?: string | undefined;
  gstPortal: GstPortalConfig;
  irp: IrpConfig;
  ewb: EwbConfig;
};

/** Fair shares of signed-in requests (platform/fairness.ts); the slots are per process. */
export type FairnessLimits = {
  perSession: number;
  perUser: number;
  total: number;
  /** A user's requests waiting for a slot at most. */
  queuePerUser: number;
  /** The longest a request waits for a slot, and the longest expected wait accepted. */
  maxWaitMs: number;
};

export type GstPortalConfig = {
  /** Base URL of the taxpayer API host; undefined = the sandbox mounted in this server. */
  url?: string | undefined;
  publicKeyFile?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  timeoutMs: number;
  sandboxSchemaDir: string;
  sandboxOtp: string;
  /** PORTAL_SANDBOX_CLOCK_CONTROL: the mounted sandbox's date can be set by a test. */
  sandboxClockControl: boolean;
};

export type IrpConfig = {
  /** Base URL of the e-invoice API; undefined = the IRP sandbox mounted in this server under /irp-sandbox. */
  url?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  /** Path of the PEM of the IRP's public key (the authentication's encryption). */
  publicKeyFile?: string | undefined;
  /** Path of the PEM of the IRP's signing certificate; the sandbox publishes its own. */
  signingCertificateFile?: string | undefined;
  /** IRP_MODE: the IRP's API open at /irp to registered client systems. */
  mode?: boolean | undefined;
  /** IRP_PORTAL_API_URL: the e-invoicing portal's origin, when another host serves it. */
  portalApiUrl?: string | undefined;
};

export type EwbConfig = {
  /** The e-way bill API's <URL> (ending in /ewaybillapi/v1.03); undefined = the sandbox mounted in this server under /ewb-sandbox. */
  url?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  /** Path of the PEM of the e-way bill system's public key (the authentication's encryption). */
  publicKeyFile?: string | undefined;
};

/** The official formats and lists the product reads (official/ in the repository: sources and licence in its README). */
const OFFICIAL_DIR = fileURLToPath(new URL('../../../official', import.meta.url));
/** The GST portal's HSN/SAC directory as published, shipped with the application. */
export const OFFICIAL_HSN_DIRECTORY_FILE = join(OFFICIAL_DIR, 'masters', 'HSN_SAC_2024-11.xlsx');

export const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The build version changes whenever the web bundle does, so open browsers reload (spec core §4). */
const computeBuildVersion = (webDist: string): string => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  const index = resolve(webDist, 'index.html');
  if (!existsSync(index)) return pkg.version;
  const hash = createHash('sha256').update(readFileSync(index)).digest('hex').slice(0, 8);
  return `${pkg.version}+${hash}`;
};

export const readConfig = (env: NodeJS.ProcessEnv, args: readonly string[] = []): Config => {
  // An empty variable (DATABASE_URL= in a .env file) means "not set".
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDirArg = args.indexOf('--data-dir');
  const dataDir = dataDirArg >= 0 ? args[dataDirArg + 1] : e.DATA_DIR;
  if (!dataDir) throw new Error('Invalid configuration: --data-dir needs a folder');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(dataDir),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    environment: e.APP_ENV,
    buildVersion: e.BUILD_VERSION ?? computeBuildVersion(WEB_DIST),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY === 'true',
    webDist: WEB_DIST,
    hsnDirectoryFile: OFFICIAL_HSN_DIRECTORY_FILE,
    jobPollSeconds: e.JOB_POLL_SECONDS,
    runJobs: e.RUN_JOBS === 'true',
    jobClockControl: e.JOB_CLOCK_CONTROL,
    signInRatePerMinute: e.SIGNIN_RATE_PER_MINUTE,
    fairness: {
      perSession: e.FAIR_SLOTS_PER_SESSION,
      perUser: e.FAIR_SLOTS_PER_USER,
      total: e.FAIR_SLOTS_TOTAL,
      queuePerUser: e.FAIR_QUEUE_PER_USER,
      maxWaitMs: e.FAIR_MAX_WAIT_SECONDS * 1000,
    },
    secretKeyBase64: e.OPENGST_SECRET_KEY,
    gstPortal: {
      url: e.GST_PORTAL_URL,
      publicKeyFile: e.GST_PORTAL_PUBLIC_KEY === undefined ? undefined : resolve(e.GST_PORTAL_PUBLIC_KEY),
      clientId: e.GST_PORTAL_CLIENT_ID,
      clientSecret: e.GST_PORTAL_CLIENT_SECRET,
      timeoutMs: e.GST_PORTAL_TIMEOUT_SECONDS * 1000,
      sandboxSchemaDir: resolve(e.PORTAL_SANDBOX_SCHEMA_DIR ?? OFFICIAL_DIR),
      sandboxOtp: e.PORTAL_SANDBOX_OTP,
      sandboxClockControl: e.PORTAL_SANDBOX_CLOCK_CONTROL,
    },
    irp: {
      url: e.IRP_URL,
      clientId: e.IRP_CLIENT_ID,
      clientSecret: e.IRP_CLIENT_SECRET,
      publicKeyFile: e.IRP_PUBLIC_KEY === undefined ? undefined : resolve(e.IRP_PUBLIC_KEY),
      signingCertificateFile: e.IRP_SIGNING_CERTIFICATE === undefined ? undefined : resolve(e.IRP_SIGNING_CERTIFICATE),
      mode: e.IRP_MODE,
      portalApiUrl: e.IRP_PORTAL_API_URL,
    },
    ewb: {
      url: e.EWB_URL,
      clientId: e.EWB_CLIENT_ID,
      clientSecret: e.EWB_CLIENT_SECRET,
      publicKeyFile: e.EWB_PUBLIC_KEY === undefined ? undefined : resolve(e.EWB_PUBLIC_KEY),
    },
  };
};
