// The BIFF8 records of an .xls Workbook stream (MS-XLS): the workbook globals (shared strings, number formats, cell
// formats, date system, sheet list) and then the cells of the first worksheet, row by row. Formulas are never
// evaluated: a FORMULA cell gives the result the last program that saved the file cached in it, marked as a formula.
import { AppError } from '../../platform/errors';
import { damaged, openCompoundFile, type CfbStream } from './cfb';

/** A cell as the xlsx reader's exceljs gives it, so cell-text.ts turns both into text the same way. */
/** A formula cell is marked by `formulaResult` (its cached value): imports refuse formulas, as they do in .xlsx files. */
export type XlsValue =
  string | number | boolean | Date | { error: string } | { formulaResult: Exclude<XlsValue, { formulaResult: unknown }> } | null;
export type XlsRow = { row: number; values: XlsValue[] };

const R = {
  BOF: 0x0809,
  EOF: 0x000a,
  FILEPASS: 0x002f,
  DATEMODE: 0x0022,
  FORMAT: 0x041e,
  XF: 0x00e0,
  SST: 0x00fc,
  CONTINUE: 0x003c,
  BOUNDSHEET: 0x0085,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  RSTRING: 0x00d6,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  FORMULA: 0x0006,
  STRING: 0x0207,
  BOOLERR: 0x0205,
} as const;
const BIFF8 = 0x0600;
const GLOBALS = 0x0005;
const WORKSHEET = 0x0010;
/** BIFF8 records are at most 8224 bytes; an .xls has at most 256 columns. */
const MAX_RECORD = 8224;
const MAX_COLUMNS = 256;

const ERRORS: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
};

/** Records of the stream from an offset: type and body (a view of the file where possible). */
const recordReader = (stream: CfbStream, from: number) => {
  let at = from;
  const peek = (): number | null => (at + 4 <= stream.size ? stream.slice(at, 2).readUInt16LE(0) : null);
  const next = (): { type: number; data: Buffer } | null => {
    if (at + 4 > stream.size) return null;
    const head = stream.slice(at, 4);
    const type = head.readUInt16LE(0);
    const length = head.readUInt16LE(2);
    if (length > MAX_RECORD) throw damaged('a record longer than BIFF8 allows');
    const data = stream.slice(at + 4, length);
    at += 4 + length;
    return { type, data };
  };
  /** The body of a record followed by its CONTINUE records, as segments. */
  const withContinues = (data: Buffer): Buffer[] => {
    const segments = [data];
    while (peek() === R.CONTINUE) segments.push((next() as { data: Buffer }).data);
    return segments;
  };
  return { next, withContinues };
};

/**
 * Reads across the segments of a record and its CONTINUEs. Characters of a string split by a CONTINUE go on after a
 * new option byte (its bit 0 says whether the rest is 8-bit or UTF-16); other fields simply go on.
 */
const segmentReader = (segments: readonly Buffer[]) => {
  let index = 0;
  let pos = 0;
  const current = () => segments[index]!;
  const nextSegment = (): boolean => {
    if (index + 1 >= segments.length) return false;
    index++;
    pos = 0;
    return true;
  };
  const bytes = (n: number): Buffer => {
    if (pos + n <= current().length) {
      const view = current().subarray(pos, pos + n);
      pos += n;
      return view;
    }
    const out = Buffer.alloc(n);
    let done = 0;
    while (done < n) {
      if (pos >= current().length && !nextSegment()) throw damaged('a string runs past its record');
      const take = Math.min(n - done, current().length - pos);
      current().copy(out, done, pos, pos + take);
      pos += take;
      done += take;
    }
    return out;
  };
  const chars = (count: number, highByte: boolean): string => {
    let text = '';
    let wide = highByte;
    let remaining = count;
    while (remaining > 0) {
      if (pos >= current().length) {
        if (!nextSegment()) throw damaged('a string runs past its record');
        wide = (current()[pos++]! & 1) === 1;
      }
      const width = wide ? 2 : 1;
      const n = Math.min(remaining, Math.floor((current().length - pos) / width));
      if (n === 0) throw damaged('a character split across records');
      text += current().toString(wide ? 'utf16le' : 'latin1', pos, pos + n * width);
      pos += n * width;
      remaining -= n;
    }
    return text;
  };
  const atEnd = () => pos >= current().length && index >= segments.length - 1;
  return {
    u8: () => bytes(1)[0]!,
    u16: () => bytes(2).readUInt16LE(0),
    u32: () => bytes(4).readUInt32LE(0),
    skip: (n: number) => void bytes(n),
    chars,
    atEnd,
  };
};

/** XLUnicodeString (16-bit count) or, in the SST, XLUnicodeRichExtendedString: rich-text runs and phonetic data skipped. */
const unicodeString = (r: ReturnType<typeof segmentReader>, countBytes: 1 | 2 = 2): string => {
  const count = countBytes === 2 ? r.u16() : r.u8();
  const flags = r.u8();
  const runs = flags & 0x08 ? r.u16() : 0;
  const phonetic = flags & 0x04 ? r.u32() : 0;
  const text = r.chars(count, (flags & 0x01) === 1);
  if (runs > 0 || phonetic > 0) r.skip(runs * 4 + phonetic);
  return text;
};

const sharedStrings = (segments: readonly Buffer[]): string[] => {
  const r = segmentReader(segments);
  r.u32();
  const unique = r.u32();
  // The declared count is not trusted for an allocation: strings are read while the record has bytes.
  const strings: string[] = [];
  while (strings.length < unique && !r.atEnd()) strings.push(unicodeString(r));
  return strings;
};

/** exceljs's test (utils.isDateFmt): any of y m d h M s b outside quotes and brackets. */
const isDateFormat = (format: string): boolean => /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
/** Built-in formats Excel does not write out: 14-22 and 45-47 are the dates and times among them. */
const isBuiltInDate = (id: number): boolean => (id >= 14 && id <= 22) || (id >= 45 && id <= 47);

/** exceljs's utils.excelToDate, so a date cell of an .xls gives the same Date as the same cell of an .xlsx. */
const excelToDate = (serial: number, date1904: boolean): Date =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

/** RK: a 30-bit integer or the high 30 bits of a double, optionally divided by 100. */
export const rkValue = (rk: number): number => {
  let value: number;
  if (rk & 0x02) value = rk >> 2;
  else {
    const bytes = Buffer.alloc(8);
    bytes.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4);
    value = bytes.readDoubleLE(0);
  }
  return rk & 0x01 ? value / 100 : value;
};

type Globals = { strings: string[]; date1904: boolean; xfFormat: number[]; formats: Map<number, string>; firstSheet: number | null };

const readGlobals = (stream: CfbStream): Globals => {
  const records = recordReader(stream, 0);
  const bof = records.next();
  if (!bof || bof.type !== R.BOF || bof.data.length < 4) throw damaged('the workbook does not start with BOF');
  if (bof.data.readUInt16LE(0) !== BIFF8) throw new AppError('IMP0003');
  if (bof.data.readUInt16LE(2) !== GLOBALS) throw damaged('the workbook globals are missing');
  const globals: Globals = { strings: [], date1904: false, xfFormat: [], formats: new Map(), firstSheet: null };
  for (let record = records.next(); record; record = records.next()) {
    const { type, data } = record;
    if (type === R.EOF) return globals;
    if (type === R.FILEPASS) throw new AppError('IMP0023');
    if (type === R.DATEMODE) globals.date1904 = data.readUInt16LE(0) === 1;
    else if (type === R.XF) globals.xfFormat.push(data.readUInt16LE(2));
    else if (type === R.FORMAT) globals.formats.set(data.readUInt16LE(0), unicodeString(segmentReader([data.subarray(2)])));
    else if (type === R.SST) globals.strings = sharedStrings(records.withContinues(data));
    // BOUNDSHEET8: stream offset of the sheet's BOF, visibility, and sheet type (0 = worksheet; charts and macros skipped).
    else if (type === R.BOUNDSHEET && globals.firstSheet === null && data[5] === 0) globals.firstSheet = data.readUInt32LE(0);
  }
  throw damaged('the workbook globals have no EOF');
};

/** Checks the container and the workbook globals (what the upload refuses on sight); answers the sheet reader. */
export const openXls = (file: Buffer) => {
  const container = openCompoundFile(file);
  const stream = container.stream('Workbook');
  if (!stream) {
    // An encrypted .xlsx is a compound file holding the encrypted package; Excel 5.0/95 named its stream "Book".
    if (container.has('EncryptedPackage') || container.has('EncryptionInfo')) throw new AppError('IMP0023');
    if (container.has('Book')) throw new AppError('IMP0003');
    throw new AppError('IMP0002');
  }
  const globals = readGlobals(stream);

  const numeric = (xf: number, value: number): number | Date => {
    const id = globals.xfFormat[xf] ?? 0;
    const format = globals.formats.get(id);
    return (format === undefined ? isBuiltInDate(id) : isDateFormat(format)) ? excelToDate(value, globals.date1904) : value;
  };

  /** The cells of the first worksheet, a row at a time, in file order (BIFF8 writes them sorted by row). */
  function* rows(): Generator<XlsRow> {
    if (globals.firstSheet === null) return;
    const records = recordReader(stream!, globals.firstSheet);
    const bof = records.next();
    if (!bof || bof.type !== R.BOF || bof.data.readUInt16LE(2) !== WORKSHEET) throw damaged('the first sheet does not start with BOF');
    let current: XlsRow | null = null;
    let pendingString: { values: XlsValue[]; column: number } | null = null;
    let depth = 1;
    const put = (row: number, column: number, value: XlsValue): XlsRow | null => {
      if (column >= MAX_COLUMNS) throw damaged('a cell beyond column IV');
      let done: XlsRow | null = null;
      if (!current || current.row !== row + 1) {
        if (current && row + 1 < current.row) throw damaged('cells out of row order');
        done = current;
        current = { row: row + 1, values: [] };
      }
      while (current.values.length < column) current.values.push(null);
      current.values[column] = value;
      return done;
    };
    for (let record = records.next(); record; record = records.next()) {
      const { type, data } = record;
      // A chart or other substream inside the sheet has its own BOF ... EOF.
      if (type === R.BOF) depth++;
      if (type === R.EOF && --depth === 0) break;
      if (depth !== 1) continue;
      let done: XlsRow | null = null;
      const row = data.length >= 6 ? data.readUInt16LE(0) : 0;
      const column = data.length >= 6 ? data.readUInt16LE(2) : 0;
      const xf = data.length >= 6 ? data.readUInt16LE(4) : 0;
      switch (type) {
        case R.LABELSST: {
          const index = data.readUInt32LE(6);
          if (index >= globals.strings.length) throw damaged('a cell names a shared string that does not exist');
          done = put(row, column, globals.strings[index]!);
          break;
        }
        case R.LABEL:
        case R.RSTRING:
          done = put(row, column, unicodeString(segmentReader([data.subarray(6)])));
          break;
        case R.NUMBER:
          done = put(row, column, numeric(xf, data.readDoubleLE(6)));
          break;
        case R.RK:
          done = put(row, column, numeric(xf, rkValue(data.readUInt32LE(6))));
          break;
        case R.MULRK: {
          const cells = (data.length - 6) / 6;
          if (!Number.isInteger(cells)) throw damaged('a MULRK record of the wrong length');
          for (let i = 0; i < cells; i++) {
            const finished = put(row, column + i, numeric(data.readUInt16LE(4 + i * 6), rkValue(data.readUInt32LE(6 + i * 6))));
            done ??= finished;
          }
          break;
        }
        case R.BOOLERR:
          done = put(row, column, data[7] === 1 ? { error: ERRORS[data[6]!] ?? '#N/A' } : data[6] === 1);
          break;
        case R.FORMULA: {
          // The cached result: a double, or (bytes 6-7 = FFFF) a string in the next STRING record, a boolean, an error, or "".
          pendingString = null;
          if (data.readUInt16LE(12) !== 0xffff) done = put(row, column, { formulaResult: numeric(xf, data.readDoubleLE(6)) });
          else {
            const kind = data[6];
            done = put(row, column, {
              formulaResult: kind === 1 ? data[8] === 1 : kind === 2 ? { error: ERRORS[data[8]!] ?? '#N/A' } : '',
            });
            if (kind === 0) pendingString = { values: (current as XlsRow | null)?.values ?? [], column };
          }
          break;
        }
        case R.STRING:
          if (pendingString)
            pendingString.values[pendingString.column] = { formulaResult: unicodeString(segmentReader(records.withContinues(data))) };
          pendingString = null;
          break;
      }
      if (done) yield done;
    }
    if (depth !== 0) throw damaged('the first sheet has no EOF');
    if (current) yield current;
  }
  return { rows };
};
