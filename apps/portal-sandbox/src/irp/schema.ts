// NIC's published INV-01 schema v1.1, as the domain keeps it (packages/domain/src/einvoice/schema) and repairs it
// (repairEinvoiceSchema: the published file is not a usable JSON Schema). Compiled at the first generate, once per
// process and file.
import { repairEinvoiceSchema } from '@opengst/domain';
import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DEFAULT_EINVOICE_SCHEMA_FILE = fileURLToPath(
  new URL('../../../../packages/domain/src/einvoice/schema/nic_einvoice_schema_v1.1.json', import.meta.url),
);

const compiled = new Map<string, (payload: unknown) => string[]>();

export const einvoiceSchemaCheck =
  (file: string) =>
  (payload: unknown): string[] => {
    let check = compiled.get(file);
    if (!check) {
      // unicodeRegExp off: the published patterns escape `"` inside character classes, which Unicode mode rejects.
      const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
      const validate = ajv.compile(repairEinvoiceSchema(JSON.parse(readFileSync(file, 'utf8')) as unknown));
      check = (value) =>
        validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
      compiled.set(file, check);
    }
    return check(payload);
  };
