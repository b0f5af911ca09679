// What an uploaded file really is, read from its bytes (never from its name), and the zip-bomb guard for .xlsx.
import { open, readFile } from 'node:fs/promises';
import { AppError } from '../../platform/errors';
import { checkOfficialJson } from './json/json-rows';
import { openXls } from './xls/biff';
import { isCompoundFile } from './xls/cfb';

export type FileFormat = 'xlsx' | 'xls' | 'csv' | 'json';

/** An xlsx whose entries expand to more than this is refused outright. */
const MAX_UNCOMPRESSED_BYTES = 1024 * 1024 * 1024;
/** Real workbooks compress about 5-30x; beyond this ratio (and a floor, so tiny files never trip it) it is a bomb. */
const MAX_RATIO = 50;
const RATIO_FLOOR_BYTES = 10 * 1024 * 1024;

const startsWith = (head: Buffer, bytes: readonly number[]) => bytes.every((b, i) => head[i] === b);

/** Control characters other than tab, CR, LF (and the NULs of UTF-16) mean binary content, not text. */
const looksBinary = (head: Buffer): boolean => {
  const utf16 = startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff]) || nulsAlternate(head);
  if (utf16) return false;
  let control = 0;
  for (const b of head) if (b === 0 || (b < 0x20 && b !== 9 && b !== 10 && b !== 13)) control++;
  return control > 0;
};

/** UTF-16 without a byte-order mark: every other byte is NUL in ASCII-range text. */
export const nulsAlternate = (head: Buffer): boolean => {
  if (head.length < 4) return false;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < head.length; i++) {
    if (head[i] !== 0) continue;
    if (i % 2 === 0) even++;
    else odd++;
  }
  const half = head.length / 2;
  return even > half * 0.9 || odd > half * 0.9;
};

/** Reads the format of a stored upload from its content; throws the IMP error a user can act on. */
export const sniffFormat = async (path: string): Promise<FileFormat> => {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    if (size === 0) throw new AppError('IMP0001');
    const head = Buffer.alloc(Math.min(size, 4096));
    await file.read(head, 0, head.length, 0);
    if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
      await checkXlsxZip(file, size);
      return 'xlsx';
    }
    if (isCompoundFile(head)) {
      checkXls(await readFile(path));
      return 'xls';
    }
    // Excel 2.x-4.0 wrote a bare BIFF stream (no container): a BOF record of those versions.
    if (head[0] === 0x09 && (head[1] === 0x00 || head[1] === 0x02 || head[1] === 0x04) && head[3] === 0x00) throw new AppError('IMP0003');
    if (startsWith(head, [0x25, 0x50, 0x44, 0x46]) || looksBinary(head)) throw new AppError('IMP0002');
    // '{' opens a GSTR-1 or an e-invoice, '[' an array of e-invoices.
    const first = firstNonSpace(head);
    if (first === 0x7b || first === 0x5b) {
      await checkOfficialJson(path, size);
      return 'json';
    }
    return 'csv';
  } finally {
    await file.close();
  }
};

/** The first byte that is not white space (nor a UTF-8 byte-order mark). */
const firstNonSpace = (head: Buffer): number | undefined => {
  let at = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (at < head.length && (head[at] === 0x20 || head[at] === 0x09 || head[at] === 0x0a || head[at] === 0x0d)) at++;
  return head[at];
};

/**
 * An .xls is refused on sight when its container is damaged or claims more than it holds, it is encrypted, or it is
 * older than BIFF8: the container and the workbook globals are read (the sheet is left for the import job).
 */
const checkXls = (file: Buffer): void => {
  try {
    openXls(file);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('IMP0024');
  }
};

type Handle = Awaited<ReturnType<typeof open>>;

/**
 * Walks the zip central directory (the end-of-central-directory record points to it): the workbook must be there,
 * and the declared uncompressed sizes must be sane before a single byte is inflated. Zip64 entries (sizes 0xFFFFFFFF)
 * are only needed above 4 GB, so they are refused as well.
 */
const checkXlsxZip = async (file: Handle, size: number): Promise<void> => {
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
