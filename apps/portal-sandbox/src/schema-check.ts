// The official GSTR-1 save schema, read from the configured folder (never copied into the repository). Without it
// the sandbox still applies its own per-document rules, and says at start, clearly, that the schema check is off.
// Compiling the schema takes seconds: it is done at the first save, once per process and file.
import Ajv from 'ajv';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type SchemaCheck = (payload: unknown) => string[];

export const SAVE_SCHEMA_FILE = join('gstr1', 'saveGSTR1Schema.json');

const compiled = new Map<string, SchemaCheck>();

const compile = (file: string): SchemaCheck => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(JSON.parse(readFileSync(file, 'utf8')) as object);
  return (payload) => {
    if (validate(payload)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
  };
};

/** The schema check of the folder, or null (and a warning) when the file is absent. */
export const loadSaveSchema = (schemaDir: string, warn: (message: string) => void): SchemaCheck | null => {
  const file = join(schemaDir, SAVE_SCHEMA_FILE);
  if (!existsSync(file)) {
    warn(`Portal sandbox: ${file} is absent: GSTR-1 saves are NOT validated against the official schema, only by the sandbox's own rules.`);
    return null;
  }
  return (payload) => {
    let check = compiled.get(file);
    if (!check) {
      check = compile(file);
      compiled.set(file, check);
    }
    return check(payload);
  };
};
