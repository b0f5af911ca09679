// The GST portal's HSN/SAC directory as published (official/masters/HSN_SAC_2024-11.xlsx), read once per process through
// the same repairs as its import (the domain's readHsnDirectory) into the domain's search index. Two readers share that
// index: the public search of /hsn-codes-master, and the document screen's HSN lookup, which offers the directory's codes
// when the subscriber's own list has too few matches, so a new installation can pick codes at once.
import type { HsnLookupItem, HsnSearchQuery, HsnSearchResponse } from '@opengst/contracts';
import { buildHsnIndex, type HsnSearchIndex, readHsnDirectory, searchHsn } from '@opengst/domain';
import { cellText } from '../../files/cell-text';
import { openXlsx } from '../../files/xlsx/reader';

const CODE_HEADER = /^(HSN|SAC)_CD$/i;

const readIndex = async (path: string): Promise<HsnSearchIndex> => {
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
  // No dated rate is known for any code yet (the domain's rates are slabs by date, not by code): results carry none.
  return buildHsnIndex(readHsnDirectory(rows).records);
};

const loaded = new Map<string, Promise<HsnSearchIndex>>();

/** The search index of the directory at `path`, built once per process. */
export const officialHsnIndex = (path: string): Promise<HsnSearchIndex> => {
  let index = loaded.get(path);
  if (!index) {
    index = readIndex(path);
    loaded.set(path, index);
    // A failed read (a missing file) is tried again on the next search rather than remembered.
    index.catch(() => loaded.delete(path));
  }
  return index;
};

/** One page of the public search, ranked as the domain's searchHsn ranks; rates as in force on `onDate`. */
export const searchHsnDirectory = async (path: string, query: HsnSearchQuery, onDate: string): Promise<HsnSearchResponse> => {
  const { total, results } = searchHsn(await officialHsnIndex(path), query.text, query.size, { offset: query.start, onDate });
  return { items: results, totalRecords: total };
};

/** The document screen's lookup: the first `limit` codes of the same search. Rate and unit are the subscriber's, not the directory's. */
export const searchOfficialHsn = async (path: string, text: string, limit: number): Promise<HsnLookupItem[]> =>
  searchHsn(await officialHsnIndex(path), text, limit).results.map((r) => ({
    code: r.code,
    description: r.description,
    isService: r.kind === 'SAC',
    rate: null,
    uqc: null,
    source: 'Official' as const,
  }));
