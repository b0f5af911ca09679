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
};
