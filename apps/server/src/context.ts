import type { Config } from './config';
import type { Database } from './db/database';
import type { Mailer } from './mail/mailer';
import type { MaintenanceSwitch } from './modules/admin/maintenance';

/** What every module needs: built once by buildApp, passed down explicitly. */
export type AppContext = {
  config: Config;
  database: Database;
  mailer: Mailer;
  maintenance: MaintenanceSwitch;
  /** The installation's key for secrets at rest (secrets.ts). */
  secretKey: Buffer;
  /** The clock; tests move it to check expiry. */
  now: () => Date;
};
