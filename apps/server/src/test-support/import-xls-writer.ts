// A small BIFF8 + Compound File writer for the .xls tests (no .xls writer on npm we want to depend on): the records
// the reader must understand, written the way MS-XLS and MS-CFB lay them out, plus switches to break them on purpose.

/** A cell to write. null writes nothing; strings go to the SST unless given as { label }. */
export type XlsCell =
  | string
  | number
  | boolean
  | null
  | { label: string }
  | { rk: number }
  | { date: string; format?: 'builtin' | 'custom' }
  | { formula: number | string | boolean | { error: number }; date?: boolean }
  | { error: number }
  | { blank: true };

export type XlsOptions = {
  date1904?: boolean;
  /** Encrypted workbook: a FILEPASS record right after the globals' BOF. */
  filepass?: boolean;
  /** Excel 5.0/95: BOF version 0x0500 in a stream named "Book". */
  biff5?: boolean;
  /** Largest SST (and CONTINUE) body: small values force strings to be split across CONTINUE records. */
  sstChunk?: number;
  /** A second worksheet, which the reader must not read. */
  secondSheet?: XlsCell[][];
  /** Pads the stream past the mini-stream cutoff, so it lives in regular sectors. */
  regularSectors?: boolean;
};

const record = (type: number, body: Buffer): Buffer => {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(body.length, 2);
  return Buffer.concat([head, body]);
};
const u16 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => b.writeUInt16LE(v, i * 2));
  return b;
};
const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(v >>> 0, 0);
  return b;
};
const f64 = (v: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleLE(v, 0);
  return b;
};
const isWide = (text: string) => [...text].some((c) => c.charCodeAt(0) > 0xff);
const chars = (text: string, wide: boolean) => (wide ? Buffer.from(text, 'utf16le') : Buffer.from(text, 'latin1'));
/** XLUnicodeString: 16-bit count, option byte, characters. */
const unicodeString = (text: string) => {
  const wide = isWide(text);
  return Buffer.concat([u16(text.length), Buffer.from([wide ? 1 : 0]), chars(text, wide)]);
};

/** Serial day of a date (1900 or 1904 system). */
const serialOf = (iso: string, date1904: boolean) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000 + 25_569 - (date1904 ? 1462 : 0);

/** RK encoding of a number that has one (an integer in 30 bits, or such an integer / 100). */
const rkOf = (value: number): number => {
  if (Number.isInteger(value) && value >= -(2 ** 29) && value < 2 ** 29) return ((value << 2) | 2) >>> 0;
  const hundred = Math.round(value * 100);
  if (Math.abs(hundred - value * 100) < 1e-9 && hundred >= -(2 ** 29) && hundred < 2 ** 29) return ((hundred << 2) | 3) >>> 0;
  throw new Error(`${value} has no RK encoding in this writer`);
};

/** SST with CONTINUEs: a string whose characters do not fit goes on in the next record after a repeated option byte. */
const sstRecords = (strings: readonly string[], chunk: number): Buffer[] => {
  const records: Buffer[] = [];
  let type = 0x00fc;
  let body: Buffer[] = [u32(strings.length), u32(strings.length)];
  let used = 8;
  const flush = () => {
    records.push(record(type, Buffer.concat(body)));
    type = 0x003c;
    body = [];
    used = 0;
  };
  for (const text of strings) {
    const wide = isWide(text);
    if (used + 3 + (wide ? 2 : 1) > chunk) flush();
    body.push(u16(text.length), Buffer.from([wide ? 1 : 0]));
    used += 3;
    let rest = text;
    for (;;) {
      const fits = Math.floor((chunk - used) / (wide ? 2 : 1));
      const part = rest.slice(0, fits);
      body.push(chars(part, wide));
      used += part.length * (wide ? 2 : 1);
      rest = rest.slice(part.length);
      if (rest === '') break;
      flush();
      body.push(Buffer.from([wide ? 1 : 0]));
      used = 1;
    }
  }
  flush();
  return records;
};

const XF_GENERAL = 0;
const XF_DATE_BUILTIN = 1;
const XF_DATE_CUSTOM = 2;

const sheetRecords = (rows: readonly XlsCell[][], strings: Map<string, number>, options: XlsOptions): Buffer[] => {
  const out: Buffer[] = [record(0x0809, u16(0x0600, 0x0010, 0, 0, 0, 0, 0, 0))];
  const sst = (text: string) => {
    if (!strings.has(text)) strings.set(text, strings.size);
    return strings.get(text)!;
  };
  rows.forEach((cells, r) => {
    for (let c = 0; c < cells.length; c++) {
      const cell = cells[c] ?? null;
      if (cell === null) continue;
      const at = u16(r, c);
      if (typeof cell === 'string') out.push(record(0x00fd, Buffer.concat([at, u16(XF_GENERAL), u32(sst(cell))])));
      else if (typeof cell === 'number') out.push(record(0x0203, Buffer.concat([at, u16(XF_GENERAL), f64(cell)])));
      else if (typeof cell === 'boolean') out.push(record(0x0205, Buffer.concat([at, u16(XF_GENERAL), Buffer.from([cell ? 1 : 0, 0])])));
      else if ('label' in cell) out.push(record(0x0204, Buffer.concat([at, u16(XF_GENERAL), unicodeString(cell.label)])));
      else if ('error' in cell) out.push(record(0x0205, Buffer.concat([at, u16(XF_GENERAL), Buffer.from([cell.error, 1])])));
      else if ('date' in cell && !('formula' in cell)) {
        out.push(
          record(
            0x0203,
            Buffer.concat([
              at,
              u16(cell.format === 'custom' ? XF_DATE_CUSTOM : XF_DATE_BUILTIN),
              f64(serialOf(cell.date, options.date1904 ?? false)),
            ]),
          ),
        );
      } else if ('rk' in cell) {
        // Consecutive RK cells go into one MULRK.
        let end = c;
        while (
          end + 1 < cells.length &&
          typeof cells[end + 1] === 'object' &&
          cells[end + 1] !== null &&
          'rk' in (cells[end + 1] as object)
        )
          end++;
        if (end === c) out.push(record(0x027e, Buffer.concat([at, u16(XF_GENERAL), u32(rkOf(cell.rk))])));
        else {
          const parts = [at];
          for (let k = c; k <= end; k++) parts.push(u16(XF_GENERAL), u32(rkOf((cells[k] as { rk: number }).rk)));
          parts.push(u16(end));
          out.push(record(0x00bd, Buffer.concat(parts)));
          c = end;
        }
      } else if ('blank' in cell) {
        let end = c;
        while (
          end + 1 < cells.length &&
          typeof cells[end + 1] === 'object' &&
          cells[end + 1] !== null &&
          'blank' in (cells[end + 1] as object)
        )
          end++;
        if (end === c) out.push(record(0x0201, Buffer.concat([at, u16(XF_GENERAL)])));
        else {
          out.push(record(0x00be, Buffer.concat([at, ...Array.from({ length: end - c + 1 }, () => u16(XF_GENERAL)), u16(end)])));
          c = end;
        }
      } else {
        const value = cell.formula;
        const result = Buffer.alloc(8);
        if (typeof value === 'number') result.writeDoubleLE(value, 0);
        else {
          result.writeUInt16LE(0xffff, 6);
          if (typeof value === 'string') result[0] = 0;
          else if (typeof value === 'boolean') {
            result[0] = 1;
            result[2] = value ? 1 : 0;
          } else {
            result[0] = 2;
            result[2] = value.error;
          }
        }
        // The parsed formula: one ptgInt token (1 + 2 bytes); the reader never looks at it.
        const tokens = Buffer.from([0x1e, 0x01, 0x00]);
        out.push(
          record(
            0x0006,
            Buffer.concat([at, u16(cell.date ? XF_DATE_BUILTIN : XF_GENERAL), result, u16(0), u32(0), u16(tokens.length), tokens]),
          ),
        );
        if (typeof value === 'string') out.push(record(0x0207, unicodeString(value)));
      }
    }
  });
  out.push(record(0x000a, Buffer.alloc(0)));
  return out;
};

/** The Workbook stream of a workbook whose first worksheet holds `rows`. */
export const workbookStream = (rows: readonly XlsCell[][], options: XlsOptions = {}): Buffer => {
  const strings = new Map<string, number>();
  const sheets = [
    sheetRecords(rows, strings, options),
    ...(options.secondSheet ? [sheetRecords(options.secondSheet, strings, options)] : []),
  ];
  const xf = (format: number) => record(0x00e0, Buffer.concat([u16(0, format), Buffer.alloc(16)]));
  const boundsheet = (position: number, name: string) =>
    record(0x0085, Buffer.concat([u32(position), Buffer.from([0, 0, name.length, 0]), Buffer.from(name, 'latin1')]));
  const head = [
    record(0x0809, u16(options.biff5 ? 0x0500 : 0x0600, 0x0005, 0, 0, 0, 0, 0, 0)),
    ...(options.filepass ? [record(0x002f, Buffer.concat([u16(1, 1, 1), Buffer.alloc(48, 0x5a)]))] : []),
    record(0x0022, u16(options.date1904 ? 1 : 0)),
    record(0x041e, Buffer.concat([u16(164), unicodeString('dd-mm-yyyy')])),
    xf(0),
    xf(14),
    xf(164),
  ];
  const tail = [...sstRecords([...strings.keys()], options.sstChunk ?? 8224), record(0x000a, Buffer.alloc(0))];
  const names = ['Data', 'Instructions'];
  const boundsheetLength = sheets.reduce((n, _s, i) => n + boundsheet(0, names[i]!).length, 0);
  let position = [...head, ...tail].reduce((n, b) => n + b.length, 0) + boundsheetLength;
  const entries = sheets.map((sheet, i) => {
    const entry = boundsheet(position, names[i]!);
    position += sheet.reduce((n, b) => n + b.length, 0);
    return entry;
  });
  const stream = Buffer.concat([...head, ...entries, ...tail, ...sheets.flat()]);
  // Records after the globals and sheets are never read: padding with an unknown record keeps the stream well formed.
  if (options.regularSectors && stream.length < 4096) return Buffer.concat([stream, record(0x0099, Buffer.alloc(4096 - stream.length))]);
  return stream;
};

const SECTOR = 512;
const END = 0xfffffffe;
const FREE = 0xffffffff;

/** Where the parts of a written container are, for the tests that break it. */
export type CfbLayout = { fatOffset: number; directoryOffset: number; streamSectors: number[]; miniStream: boolean };

/** A version-3 compound file (512-byte sectors) holding one root-level stream. */
export const compoundFile = (streamName: string, data: Buffer): { bytes: Buffer; layout: CfbLayout } => {
  const mini = data.length < 4096;
  const miniSectors = mini ? Math.ceil(data.length / 64) : 0;
  const rootBytes = miniSectors * 64;
  const rootSectorCount = Math.ceil(rootBytes / SECTOR);
  const miniFatSectorCount = mini ? Math.ceil((miniSectors * 4) / SECTOR) : 0;
  const streamSectorCount = mini ? 0 : Math.ceil(data.length / SECTOR);
  const others = 1 + miniFatSectorCount + rootSectorCount + streamSectorCount;
  // FAT sectors beyond the header's 109 are listed in DIFAT sectors (127 each, then the next one's number).
  const difatFor = (fat: number) => Math.ceil(Math.max(0, fat - 109) / 127);
  let fatSectors = 1;
  while (fatSectors * (SECTOR / 4) < others + fatSectors + difatFor(fatSectors)) fatSectors++;
  const difatSectors = difatFor(fatSectors);
  const total = fatSectors + difatSectors + others;
  const fat = new Uint32Array(fatSectors * (SECTOR / 4)).fill(FREE);
  let next = 0;
  const allocate = (count: number): number[] => {
    const sectors = Array.from({ length: count }, () => next++);
    sectors.forEach((s, i) => {
      fat[s] = i + 1 < sectors.length ? sectors[i + 1]! : END;
    });
    return sectors;
  };
  const fatList = Array.from({ length: fatSectors }, () => next++);
  for (const s of fatList) fat[s] = 0xfffffffd;
  const difatList = Array.from({ length: difatSectors }, () => next++);
  for (const s of difatList) fat[s] = 0xfffffffc;
  const [directory] = allocate(1) as [number];
  const miniFatList = allocate(miniFatSectorCount);
  const rootList = allocate(rootSectorCount);
  const streamList = allocate(streamSectorCount);

  const bytes = Buffer.alloc(SECTOR * (total + 1));
  const header = bytes.subarray(0, SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(fatSectors, 0x2c);
  header.writeUInt32LE(directory, 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(mini ? miniFatList[0]! : END, 0x3c);
  header.writeUInt32LE(miniFatSectorCount, 0x40);
  header.writeUInt32LE(difatSectors > 0 ? difatList[0]! : END, 0x44);
  header.writeUInt32LE(difatSectors, 0x48);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i < fatSectors ? fatList[i]! : FREE, 0x4c + i * 4);
  const at = (sector: number) => (sector + 1) * SECTOR;
  difatList.forEach((s, d) => {
    for (let i = 0; i < 127; i++) bytes.writeUInt32LE(fatList[109 + d * 127 + i] ?? FREE, at(s) + i * 4);
    bytes.writeUInt32LE(difatList[d + 1] ?? END, at(s) + 127 * 4);
  });
  fatList.forEach((s, i) => Buffer.from(fat.buffer, i * SECTOR, SECTOR).copy(bytes, at(s)));

  const entry = (index: number, name: string, type: number, child: number, start: number, size: number) => {
    const e = bytes.subarray(at(directory) + index * 128, at(directory) + (index + 1) * 128);
    Buffer.from(`${name}\0`, 'utf16le').copy(e, 0);
    e.writeUInt16LE((name.length + 1) * 2, 0x40);
    e[0x42] = type;
    e[0x43] = 1;
    e.writeUInt32LE(FREE, 0x44);
    e.writeUInt32LE(FREE, 0x48);
    e.writeUInt32LE(child, 0x4c);
    e.writeUInt32LE(start, 0x74);
    e.writeUInt32LE(size, 0x78);
  };
  entry(0, 'Root Entry', 5, 1, mini ? rootList[0]! : END, rootBytes);
  entry(1, streamName, 2, FREE, mini ? 0 : streamList[0]!, data.length);
  for (let i = 2; i < 4; i++) {
    const e = bytes.subarray(at(directory) + i * 128);
    e.writeUInt32LE(FREE, 0x44);
    e.writeUInt32LE(FREE, 0x48);
    e.writeUInt32LE(FREE, 0x4c);
  }

  if (mini) {
    const miniFat = new Uint32Array(miniFatSectorCount * (SECTOR / 4)).fill(FREE);
    for (let k = 0; k < miniSectors; k++) miniFat[k] = k + 1 < miniSectors ? k + 1 : END;
    miniFatList.forEach((s, i) => Buffer.from(miniFat.buffer, i * SECTOR, SECTOR).copy(bytes, at(s)));
    rootList.forEach((s, i) => data.copy(bytes, at(s), i * SECTOR, Math.min(data.length, (i + 1) * SECTOR)));
  } else {
    streamList.forEach((s, i) => data.copy(bytes, at(s), i * SECTOR, Math.min(data.length, (i + 1) * SECTOR)));
  }
  return {
    bytes,
    layout: {
      fatOffset: at(fatList[0]!),
      directoryOffset: at(directory),
      streamSectors: mini ? rootList : streamList,
      miniStream: mini,
    },
  };
};

/** An .xls file whose first worksheet holds `rows`. */
export const xlsOf = (rows: readonly XlsCell[][], options: XlsOptions = {}): Buffer =>
  compoundFile(options.biff5 ? 'Book' : 'Workbook', workbookStream(rows, options)).bytes;
