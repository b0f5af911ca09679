// What an .xlsx may cost to read, whatever its zip directory declares: the bytes actually inflated (in all, and for each
// compressed entry against its own compressed bytes) and the shared strings kept in memory while its sheet is read.
// The upload's guard (zip-guard.ts) checks the declared sizes on sight; the reader (zip.ts, workbook.ts) holds the real
// bytes and strings to the same limits as they come, so a file that lies, or one stored before a limit existed, is
// refused as soon as it passes one, never read to its end.

export type XlsxLimits = {
  /** Bytes inflated from one package in all (every entry read, counted as they come out of the inflater). */
  maxInflatedBytes: number;
  /**
   * A compressed entry inflating to more than this many times its compressed bytes is a bomb. Workbooks compress
   * about 5-30x (a sheet of 50,000 identical rows about 12x); the ratio counts over each compressed entry, never over
   * the file, whose stored (uncompressed) entries would make any ratio look harmless.
   */
  maxRatio: number;
  /** The ratio is not held against an entry inflating to less than this (tiny parts compress very well). */
  ratioFloorBytes: number;
  /** Shared strings kept while a sheet is read: how many... */
  maxSharedStrings: number;
  /** ...and their characters in all (a UTF-16 character is two bytes of heap at most, one for Latin-1 text). */
  maxSharedStringChars: number;
};

export const XLSX_LIMITS: Readonly<XlsxLimits> = {
  maxInflatedBytes: 1024 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 10 * 1024 * 1024,
  // A million-row import holds a few hundred thousand distinct texts (document numbers, names). Three million short
  // strings are some 140 MB of heap (about 46 bytes each with the array's slot; up to 75 while they are slices of the
  // inflated text), the most one reader may keep.
  maxSharedStrings: 3_000_000,
  maxSharedStringChars: 48_000_000,
};

export const xlsxLimits = (overrides: Partial<XlsxLimits> = {}): XlsxLimits => ({ ...XLSX_LIMITS, ...overrides });
