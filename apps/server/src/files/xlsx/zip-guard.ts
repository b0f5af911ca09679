// The zip-bomb guard of an .xlsx, run on an upload before a single byte is inflated: the central directory's declared
// sizes must be sane (zip.ts then holds the real bytes to the same limits as they inflate, limits.ts).
import type { FileHandle } from 'node:fs/promises';
import { AppError } from '../../platform/errors';
import { XLSX_LIMITS, type XlsxLimits } from './limits';

/**
 * Walks the zip central directory (the end-of-central-directory record points to it): the workbook must be there,
 * and the declared uncompressed sizes must be sane before a single byte is inflated. Zip64 entries (sizes 0xFFFFFFFF)
 * are only needed above 4 GB, so they are refused as well.
 */
export const checkXlsxZip = async (file: FileHandle, size: number, limits: XlsxLimits = XLSX_LIMITS): Promise<void> => {
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
  let deflated = 0;
  let deflatedCompressed = 0;
  let hasWorkbook = false;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) throw new AppError('IMP0004');
    const method = directory.readUInt16LE(at + 10);
    const compressed = directory.readUInt32LE(at + 20);
    const uncompressed = directory.readUInt32LE(at + 24);
    if (uncompressed === 0xffffffff || compressed === 0xffffffff) throw new AppError('IMP0005');
    total += uncompressed;
    // The ratio of each compressed entry over its own compressed bytes: a stored (uncompressed) padding entry makes
    // the file large, never a bomb's entry small. A stored entry inflates to exactly what it holds (zip.ts checks).
    if (method !== 0) {
      if (uncompressed > limits.ratioFloorBytes && uncompressed > compressed * limits.maxRatio) throw new AppError('IMP0005');
      deflated += uncompressed;
      deflatedCompressed += compressed;
    }
    const nameLength = directory.readUInt16LE(at + 28);
    const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
    if (name === 'xl/workbook.xml') hasWorkbook = true;
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  // The compressed entries together as well: many entries, each under the floor, must not add up to a bomb.
  if (total > limits.maxInflatedBytes || (deflated > limits.ratioFloorBytes && deflated > deflatedCompressed * limits.maxRatio))
    throw new AppError('IMP0005');
  // A zip that is not a workbook (a .docx, a plain archive) is not a spreadsheet.
  if (!hasWorkbook) throw new AppError('IMP0002');
};
