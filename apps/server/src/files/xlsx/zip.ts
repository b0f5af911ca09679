// The zip container of an .xlsx: entries found through the central directory (the end of the file), and one entry
// read at a time as a stream, inflated as it is read. The declared sizes were checked by the upload's zip-bomb guard
// (zip-guard.ts); here the real bytes are held to them and to the limits (limits.ts), whatever was declared: an entry
// that inflates past its declared size, past its ratio to its compressed bytes, or the package past its inflated bytes
// in all is refused at once (the inflater stopped there); one that ends short of its size or fails its CRC is damaged.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline, type Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import { AppError } from '../../platform/errors';
import { XLSX_LIMITS, type XlsxLimits } from './limits';
import { damaged } from './xml';

export type ZipEntry = {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  headerOffset: number;
};

export type ZipArchive = {
  path: string;
  fileSize: number;
  /** By lower-case name: part names of a package are compared without case. */
  entries: ReadonlyMap<string, ZipEntry>;
  limits: XlsxLimits;
  /** Bytes inflated so far from this package, every entry read counted. */
  spent: { inflated: number };
};

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64 = 0xffffffff;

/** Reads the central directory; a file cut short has none where its end record says, so it is damaged. */
export const openZip = async (path: string, limits: XlsxLimits = XLSX_LIMITS): Promise<ZipArchive> => {
  const file = await open(path, 'r');
  try {
    const { size: fileSize } = await file.stat();
    const tailLength = Math.min(fileSize, 65_557);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, fileSize - tailLength);
    let eocd = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === END_OF_DIRECTORY) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw damaged();
    const count = tail.readUInt16LE(eocd + 10);
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    if (directoryOffset === ZIP64 || directorySize === ZIP64) throw new AppError('IMP0005');
    if (directoryOffset + directorySize > fileSize - tailLength + eocd) throw damaged();
    const directory = Buffer.alloc(directorySize);
    await file.read(directory, 0, directorySize, directoryOffset);
    const entries = new Map<string, ZipEntry>();
    let at = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) throw damaged();
      const nameLength = directory.readUInt16LE(at + 28);
      const entry: ZipEntry = {
        name: directory.toString('utf8', at + 46, at + 46 + nameLength),
        flags: directory.readUInt16LE(at + 8),
        method: directory.readUInt16LE(at + 10),
        crc: directory.readUInt32LE(at + 16),
        compressedSize: directory.readUInt32LE(at + 20),
        size: directory.readUInt32LE(at + 24),
        headerOffset: directory.readUInt32LE(at + 42),
      };
      if (entry.size === ZIP64 || entry.compressedSize === ZIP64 || entry.headerOffset === ZIP64) throw new AppError('IMP0005');
      entries.set(entry.name.toLowerCase(), entry);
      at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    }
    return { path, fileSize, entries, limits, spent: { inflated: 0 } };
  } finally {
    await file.close();
  }
};

/** Where the entry's data starts: after its local header, whose name and extra field lengths may differ from the directory's. */
const dataOffset = async (zip: ZipArchive, entry: ZipEntry): Promise<number> => {
  const file = await open(zip.path, 'r');
  try {
    const header = Buffer.alloc(30);
    const { bytesRead } = await file.read(header, 0, 30, entry.headerOffset);
    if (bytesRead < 30 || header.readUInt32LE(0) !== LOCAL_HEADER) throw damaged();
    const start = entry.headerOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (start + entry.compressedSize > zip.fileSize) throw damaged();
    return start;
  } finally {
    await file.close();
  }
};

/**
 * The entry's bytes as they inflate. `chunkSize` is the largest chunk handed out (tests make it tiny to cut rows and
 * tags anywhere). Stopping early (a consumer's break) closes the file.
 */
export async function* entryChunks(zip: ZipArchive, entry: ZipEntry, chunkSize = 256 * 1024): AsyncGenerator<Buffer> {
  // Bit 0: encrypted. A password-protected workbook is not a zip at all (sniff sends it to the .xls reader).
  if (entry.flags & 1 || (entry.method !== 0 && entry.method !== 8)) throw damaged();
  if (entry.method === 0 && entry.compressedSize !== entry.size) throw damaged();
  const start = await dataOffset(zip, entry);
  let total = 0;
  let crc = 0;
  const { limits, spent } = zip;
  // Past this many bytes a compressed entry inflates more than maxRatio times its compressed bytes.
  const ratioCeiling = entry.method === 8 ? Math.max(limits.ratioFloorBytes, entry.compressedSize * limits.maxRatio) : Infinity;
  if (entry.compressedSize > 0) {
    const source = createReadStream(zip.path, {
      start,
      end: start + entry.compressedSize - 1,
      highWaterMark: entry.method === 0 ? chunkSize : 1 << 20,
    });
    const stream: Readable = entry.method === 8 ? pipeline(source, createInflateRaw({ chunkSize }), () => undefined) : source;
    try {
      for await (const chunk of stream) {
        const bytes = chunk as Buffer;
        total += bytes.length;
        spent.inflated += bytes.length;
        if (total > entry.size || total > ratioCeiling || spent.inflated > limits.maxInflatedBytes) throw new AppError('IMP0005');
        crc = crc32(bytes, crc);
        yield bytes;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw damaged();
    } finally {
      stream.destroy();
    }
  }
  if (total !== entry.size || crc !== entry.crc) throw damaged();
}

/** The entry with this part name (case ignored), if the package has it. */
export const entryOf = (zip: ZipArchive, name: string): ZipEntry | undefined => zip.entries.get(name.toLowerCase());
