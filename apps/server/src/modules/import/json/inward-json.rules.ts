// A GSTR-2A or GSTR-2B JSON downloaded from the GST portal and uploaded as purchase documents: read whole with the
// domain's parseGstr2a / parseGstr2b (the same readers as a download through the portal's API). Runs in the JSON
// reader thread (json-rows.worker.ts): parsing a large 2A must not hold the server's event loop.
import { parseGstr2a, parseGstr2b, type InwardRecord, type ReadIssue } from '@opengst/domain';
import { stat } from 'node:fs/promises';
import { AppError } from '../../../platform/errors';
import { readOfficialJson } from './official-json.rules';

/** The problems kept of a file that could not be read (the import's error list shows each with its JSON path). */
export const MAX_READ_ISSUES = 1000;

export type InwardJsonSource = 'GSTR2A' | 'GSTR2B';
export type InwardJsonRead =
  | { ok: true; source: InwardJsonSource; gstin: string; period: string; records: InwardRecord[]; warnings: ReadIssue[] }
  | { ok: false; source: InwardJsonSource; gstin: string; period: string; errors: ReadIssue[]; errorCount: number };

export const readInwardJson = async (path: string): Promise<InwardJsonRead> => {
  const json = await readOfficialJson(path, (await stat(path)).size);
  if (json.kind !== 'gstr2a' && json.kind !== 'gstr2b')
    throw new AppError('IMP0026', {
      message:
        json.kind === 'gstr1'
          ? "This JSON is a GSTR-1 (its suppliers carry no filing status 'cfs', as a GSTR-2A's do): import it as Sales documents. As purchase documents a JSON is read as the GST portal's GSTR-2A or GSTR-2B."
          : "This JSON holds e-invoices: import it as Sales documents. As purchase documents a JSON is read as the GST portal's GSTR-2A or GSTR-2B.",
    });
  const source = json.kind === 'gstr2a' ? 'GSTR2A' : 'GSTR2B';
  const read = source === 'GSTR2A' ? parseGstr2a(json.file) : parseGstr2b(json.file);
  const head = { source, gstin: json.gstin.trim().toUpperCase(), period: json.period.trim() } as const;
  if (!read.ok) return { ...head, ok: false, errors: read.errors.slice(0, MAX_READ_ISSUES), errorCount: read.errors.length };
  return { ...head, ok: true, records: read.records, warnings: read.warnings.slice(0, MAX_READ_ISSUES) };
};
