// The GST portal's HSN/SAC directory as published (official/masters/HSN_SAC_2024-11.xlsx): what the document screen's
// HSN lookup offers when the subscriber's own list has no match, so a new installation can pick codes at once. Read
// once, on the first lookup, through the same repairs as its import (the domain's readHsnDirectory).
import type { HsnLookupItem } from '@opengst/contracts';
import { isServiceCode, readHsnDirectory } from '@opengst/domain';
import { cellText } from '../../files/cell-text';
import { openXlsx } from '../../files/xlsx/reader';

type Entry = { code: string; description: string; isService: boolean; words: string };

const CODE_HEADER = /^(HSN|SAC)_CD$/i;

const readDirectory = async (path: string): Promise<Entry[]> => {
  const workbook = await openXlsx(path);
  const rows: unknown[][] = [];
  for (const sheet of workbook.sheets) {
    let isDirectory: boolean | undefined;
    for await (const { values } of workbook.rows(sheet)) {
      if (isDirectory === undefined) {
        // The first row is the sheet's header (HSN_CD / SAC_CD); a sheet without one is not the directory's.
        isDirectory = CODE_HEADER.test(cellText(values[0]).trim());
        if (!isDirectory) break;
        continue;
      }
      rows.push(values);
    }
  }
  return readHsnDirectory(rows).records.map((r) => ({
    code: r.code,
    description: r.description,
    isService: isServiceCode(r.code),
    words: r.description.toUpperCase(),
  }));
};

const loaded = new Map<string, Promise<Entry[]>>();

/** The directory at `path`, read once per process. */
export const officialHsnDirectory = (path: string): Promise<Entry[]> => {
  let directory = loaded.get(path);
  if (!directory) {
    directory = readDirectory(path);
    loaded.set(path, directory);
    // A failed read (a missing file) is tried again on the next lookup rather than remembered.
    directory.catch(() => loaded.delete(path));
  }
  return directory;
};

/**
 * Codes starting with the typed digits, or (for words) whose description holds every typed word; chapters and headings before
 * their tariff items, as the subscriber's own list is ordered. Rate and unit are not in the directory.
 */
export const searchOfficialHsn = async (path: string, text: string, limit: number): Promise<HsnLookupItem[]> => {
  const query = text.trim();
  const digits = query.replace(/\s+/g, '');
  const words = query
    .toUpperCase()
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  const byCode = /^\d+$/.test(digits);
  const matches = (await officialHsnDirectory(path)).filter((e) =>
    byCode ? e.code.startsWith(digits) : words.length > 0 && words.every((w) => e.words.includes(w)),
  );
  return matches
    .sort((a, b) => a.code.length - b.code.length || a.code.localeCompare(b.code))
    .slice(0, limit)
    .map((e) => ({ code: e.code, description: e.description, isService: e.isService, rate: null, uqc: null, source: 'Official' as const }));
};
