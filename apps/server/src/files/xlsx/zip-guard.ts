// The zip-bomb guard of an .xlsx, run on an upload before a single byte is inflated: the central directory's declared
// sizes must be sane (zip.ts then holds the real bytes to them as they inflate).
import type { FileHandle } from 'node:fs/promises';
import { AppError } from '../../platform/errors';

/** An xlsx whose entries expand to more than this is refused outright. */
const MAX_UNCOMPRESSED_BYTES = 1024 * 1024 * 1024;
/** Real workbooks compress about 5-30x; beyond this ratio (and a floor, so tiny files never trip it) it is a bomb. */
const MAX_RATIO = 50;
const RATIO_FLOOR_BYTES = 10 * 1024 * 1024;

/**
 * Walks the zip central directory (the end-of-central-directory record points to it): the workbook must be there,
 * and the declared uncompressed sizes must be sane before a single byte is inflated. Zip64 entries (sizes 0xFFFFFFFF)
 * are only needed above 4 GB, so they are refused as well.
 */
export const checkXlsxZip = async (file: FileHandle, size: number): Promise<void> => {
  const tailLength = Math.min(size, 65_557);
  const tail = Buffer.alloc(tailLength);
  await file.read(tail, 0, tailLength, size - tailLength);
  let eocd = -1;
  for (let i = tailLength - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new AppError('IMP0004');
  const entries = tail.readUInt16LE(eocd + 10);
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryOffset = tail.readUInt32LE(eocd + 16);
  if (directoryOffset + directorySize > size || directorySize > 64 * 1024 * 1024) throw new AppError('IMP0004');
  const directory = Buffer.alloc(directorySize);
  await file.read(directory, 0, directorySize, directoryOffset);
  let at = 0;
  let total = 0;
  let hasWorkbook = false;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) throw new AppError('IMP0004');
    const uncompressed = directory.readUInt32LE(at + 24);
    if (uncompressed === 0xffffffff) throw new AppError('IMP0005');
    total += uncompressed;
    const nameLength = directory.readUInt16LE(at + 28);
    const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
    if (name === 'xl/workbook.xml') hasWorkbook = true;
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  if (total > MAX_UNCOMPRESSED_BYTES || (total > RATIO_FLOOR_BYTES && total > size * MAX_RATIO)) throw new AppError('IMP0005');
  // A zip that is not a workbook (a .docx, a plain archive) is not a spreadsheet.
  if (!hasWorkbook) throw new AppError('IMP0002');
};
