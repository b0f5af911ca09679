// The upload of the security review's "High" finding (issue 16), written at test time (never committed): an .xlsx whose
// sharedStrings.xml inflates far beyond what a reader may keep (millions of tiny strings), plus a large STORED
// (uncompressed) padding entry that makes the file large, so a compression ratio counted over the file size looks
// harmless. The shared strings are generated and deflated a few MB at a time: a 1 GB part costs about a second and a
// few MB of memory here.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';

export type SharedStringsBomb = {
  /** How many <si> the shared strings hold. */
  strings: number;
  /** Each string's text (default: the same 21 letters, which deflate at level 1 packs about 150 times). */
  text?: (index: number) => string;
  /** Bytes of the stored padding entry. */
  paddingBytes: number;
  /** Deflate level of the shared strings (1 is the fastest). */
  level?: number;
  /** Data rows of the sheet under its header row, their cells pointing at the shared strings. */
  rows?: number;
  /** The header row's texts (shared strings 0..n-1 are these, so the header reads as written). */
  header?: readonly string[];
};

export type WrittenBomb = { fileSize: number; sharedStringsBytes: number; sharedStringsCompressed: number; paddingBytes: number };

const SHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Entry = { name: Buffer; method: number; crc: number; compressedSize: number; size: number; headerOffset: number };

/** Writes the crafted workbook to `path` (a plain zip: local headers, data, central directory). */
export const writeSharedStringsBomb = async (path: string, options: SharedStringsBomb): Promise<WrittenBomb> => {
  const { strings, paddingBytes, level = 1, rows = 3, header = ['GSTIN', 'Vendor code', 'Vendor name'] } = options;
  const { text } = options;
  const out = createWriteStream(path);
  let offset = 0;
  const write = async (bytes: Buffer) => {
    offset += bytes.length;
    if (!out.write(bytes)) await once(out, 'drain');
  };
  const entries: Entry[] = [];

  const localHeader = (entry: Omit<Entry, 'headerOffset'>) => {
    const b = Buffer.alloc(30);
    b.writeUInt32LE(0x04034b50, 0);
    b.writeUInt16LE(20, 4);
    b.writeUInt16LE(0, 6);
    b.writeUInt16LE(entry.method, 8);
    b.writeUInt32LE(0, 10);
    b.writeUInt32LE(entry.crc, 14);
    b.writeUInt32LE(entry.compressedSize, 18);
    b.writeUInt32LE(entry.size, 22);
    b.writeUInt16LE(entry.name.length, 26);
    b.writeUInt16LE(0, 28);
    return Buffer.concat([b, entry.name]);
  };

  /** An entry whose compressed bytes are known before it is written. */
  const add = async (name: string, method: number, size: number, crc: number, data: readonly Buffer[]) => {
    const compressedSize = data.reduce((n, b) => n + b.length, 0);
    const entry = { name: Buffer.from(name), method, crc, compressedSize, size };
    entries.push({ ...entry, headerOffset: offset });
    await write(localHeader(entry));
    for (const bytes of data) await write(bytes);
  };

  /** Deflates the chunks as they are generated; the compressed bytes are kept (a few MB), the inflated ones never. */
  const deflated = async (chunks: Iterable<Buffer>) => {
    const deflate = createDeflateRaw({ level });
    const data: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => data.push(chunk));
    const ended = once(deflate, 'end');
    let size = 0;
    let crc = 0;
    for (const chunk of chunks) {
      size += chunk.length;
      crc = crc32(chunk, crc);
      if (!deflate.write(chunk)) await once(deflate, 'drain');
    }
    deflate.end();
    await ended;
    return { size, crc, data };
  };
  const addXml = async (name: string, xml: string) => {
    const { size, crc, data } = await deflated([Buffer.from(xml)]);
    await add(name, 8, size, crc, data);
  };

  await addXml(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Default Extension="bin" ContentType="application/octet-stream"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
  );
  await addXml(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  await addXml(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${SHEET_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Vendors" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  await addXml(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PKG_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  );
  const column = (index: number) => String.fromCharCode(65 + index);
  const sheetRows = [`<row r="1">${header.map((_, i) => `<c r="${column(i)}1" t="s"><v>${i}</v></c>`).join('')}</row>`];
  for (let r = 0; r < rows; r++) {
    const n = r + 2;
    sheetRows.push(`<row r="${n}">${header.map((_, i) => `<c r="${column(i)}${n}" t="s"><v>${header.length + r}</v></c>`).join('')}</row>`);
  }
  await addXml(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${SHEET_NS}"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
  );

  // The shared strings: the header's texts, then `strings` tiny ones, generated 4 MB at a time.
  function* sharedStrings(): Generator<Buffer> {
    const all = header.length + strings;
    yield Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${SHEET_NS}" count="${all}" uniqueCount="${all}">` +
        header.map((h) => `<si><t>${escapeXml(h)}</t></si>`).join(''),
    );
    if (!text) {
      // The same string every time: one 4 MB block of them, handed out again and again.
      const si = '<si><t>abcdefghijklmnopqrstu</t></si>';
      const perBlock = Math.floor((4 * 1024 * 1024) / si.length);
      const block = Buffer.from(si.repeat(perBlock));
      let left = strings;
      for (; left >= perBlock; left -= perBlock) yield block;
      yield Buffer.from(`${si.repeat(left)}</sst>`);
      return;
    }
    let parts: string[] = [];
    let length = 0;
    for (let i = 0; i < strings; i++) {
      const si = `<si><t>${escapeXml(text(i))}</t></si>`;
      parts.push(si);
      length += si.length;
      if (length >= 4 * 1024 * 1024) {
        yield Buffer.from(parts.join(''));
        parts = [];
        length = 0;
      }
    }
    parts.push('</sst>');
    yield Buffer.from(parts.join(''));
  }
  const shared = await deflated(sharedStrings());
  await add('xl/sharedStrings.xml', 8, shared.size, shared.crc, shared.data);

  // The padding: stored, zeros, written 1 MB at a time.
  const block = Buffer.alloc(1024 * 1024);
  let paddingCrc = 0;
  for (let left = paddingBytes; left > 0; left -= block.length)
    paddingCrc = crc32(block.subarray(0, Math.min(left, block.length)), paddingCrc);
  const padding = {
    name: Buffer.from('xl/media/padding.bin'),
    method: 0,
    crc: paddingCrc,
    compressedSize: paddingBytes,
    size: paddingBytes,
  };
  entries.push({ ...padding, headerOffset: offset });
  await write(localHeader(padding));
  for (let left = paddingBytes; left > 0; left -= block.length) await write(block.subarray(0, Math.min(left, block.length)));

  const directoryOffset = offset;
  for (const entry of entries) {
    const b = Buffer.alloc(46);
    b.writeUInt32LE(0x02014b50, 0);
    b.writeUInt16LE(20, 4);
    b.writeUInt16LE(20, 6);
    b.writeUInt16LE(0, 8);
    b.writeUInt16LE(entry.method, 10);
    b.writeUInt32LE(0, 12);
    b.writeUInt32LE(entry.crc, 16);
    b.writeUInt32LE(entry.compressedSize, 20);
    b.writeUInt32LE(entry.size, 24);
    b.writeUInt16LE(entry.name.length, 28);
    b.writeUInt32LE(entry.headerOffset, 42);
    await write(Buffer.concat([b, entry.name]));
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(offset - directoryOffset, 12);
  end.writeUInt32LE(directoryOffset, 16);
  await write(end);
  out.end();
  await once(out, 'finish');
  return {
    fileSize: offset,
    sharedStringsBytes: shared.size,
    sharedStringsCompressed: shared.data.reduce((n, b) => n + b.length, 0),
    paddingBytes,
  };
};
