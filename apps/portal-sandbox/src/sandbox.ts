import type { KeyPairRow } from './store';
import type { SchemaCheck } from './schema-check';
import type { SandboxSql } from './sql';

/** What every route of the sandbox uses. */
export type Sandbox = {
  sql: SandboxSql;
  now: () => Date;
  otp: string;
  /** The RSA key pair, generated and stored at the first call that needs it. */
  keys: () => Promise<KeyPairRow>;
  /** Null when the official schema file is absent. */
  checkSchema: SchemaCheck | null;
  /** When a download answers with a token instead of its data (README.md "Queued answers"). */
  queue: QueueSettings;
};

export type QueueSettings = {
  /** More documents than this in one answer: the answer is a token ({est, token}); the GSP documentation says 10,000. */
  threshold: number;
  /** How many FILEDET calls of a token answer "not ready yet" (RTN_24) before its files. */
  notReadyPolls: number;
  /** The estimated minutes answered with the token (a string, as the portal gives it). */
  est: string;
  /** Documents per file (the portal's files hold up to 10,000, its "ic"). */
  fileSize: number;
};

export const DEFAULT_QUEUE: QueueSettings = { threshold: 10_000, notReadyPolls: 1, est: '1', fileSize: 10_000 };
