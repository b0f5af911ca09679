import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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
  APP_ENV: z.enum(['development', 'fedevelopment', 'qa', 'staging', 'irpstaging', 'production']).default('development'),
  BUILD_VERSION: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(1),
  /** Sign-in requests per minute from one address: high enough for an office behind one NAT. */
  SIGNIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  OPENGST_SECRET_KEY: z.string().optional(),
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
  trustProxy: boolean;
  webDist: string;
  jobPollSeconds: number;
  signInRatePerMinute: number;
  /** Base64 key for secrets at rest; without it, a key file in the data folder (see secrets.ts). */
  secretKeyBase64?: string | undefined;
};

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
    trustProxy: e.TRUST_PROXY === 'true',
    webDist: WEB_DIST,
    jobPollSeconds: e.JOB_POLL_SECONDS,
    signInRatePerMinute: e.SIGNIN_RATE_PER_MINUTE,
    secretKeyBase64: e.OPENGST_SECRET_KEY,
  };
};
