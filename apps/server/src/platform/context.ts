import type { Config } from '../config';
import type { Database } from '../db/database';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './mail/mailer';
import type { MaintenanceSwitch } from './maintenance';
import type { GstPortal } from '../portal/gst-portal';
import type { Irp } from '../portal/irp/irp-client';
import type { Ewb } from '../portal/ewb/ewb-client';

/** What every module needs: built once by buildApp, passed down explicitly. */
export type AppContext = {
  config: Config;
  database: Database;
  jobs: JobQueue;
  mailer: Mailer;
  maintenance: MaintenanceSwitch;
  /** The installation's key for secrets at rest (secrets.ts). */
  secretKey: Buffer;
  /** The clock; tests move it to check expiry. */
  now: () => Date;
  /** The GST portal (HTTP adapter; the mounted sandbox unless GST_PORTAL_URL is set). */
  gstPortal: GstPortal;
  /** The e-invoice IRP (NIC API client; the IRP sandbox mounted under /irp-sandbox unless IRP_URL is set). */
  irp: Irp;
  /** The e-way bill system (NIC API client; the e-way bill sandbox mounted under /ewb-sandbox unless EWB_URL is set). */
  ewb: Ewb;
};
