// What an uploaded file really is, read from its bytes (never from its name); an .xlsx passes the zip-bomb guard first.
import { open, readFile } from 'node:fs/promises';
import { AppError } from '../../platform/errors';
import { nulsAlternate } from '../../files/text-encoding';
import { openXls } from '../../files/xls/biff';
import { isCompoundFile } from '../../files/xls/cfb';
import { checkXlsxZip } from '../../files/xlsx/zip-guard';
import { checkJsonInThread, type CheckedJson } from './json/json-thread';

export type FileFormat = 'xlsx' | 'xls' | 'csv' | 'json';

/** What an upload is: its format and, for a JSON, which official JSON (a GSTR-2A/2B with its GSTIN and period). */
export type SniffedUpload = { format: FileFormat; json: CheckedJson | null };

const startsWith = (head: Buffer, bytes: readonly number[]) => bytes.every((b, i) => head[i] === b);

/** Control characters other than tab, CR, LF (and the NULs of UTF-16) mean binary content, not text. */
const looksBinary = (head: Buffer): boolean => {
  const utf16 = startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff]) || nulsAlternate(head);
  if (utf16) return false;
  let control = 0;
  for (const b of head) if (b === 0 || (b < 0x20 && b !== 9 && b !== 10 && b !== 13)) control++;
  return control > 0;
};

/** Reads the format of a stored upload from its content; throws the IMP error a user can act on. */
export const sniffFormat = async (path: string): Promise<FileFormat> => (await sniffUpload(path)).format;

export const sniffUpload = async (path: string): Promise<SniffedUpload> => {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    if (size === 0) throw new AppError('IMP0001');
    const head = Buffer.alloc(Math.min(size, 4096));
    await file.read(head, 0, head.length, 0);
    if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
      await checkXlsxZip(file, size);
      return { format: 'xlsx', json: null };
    }
    if (isCompoundFile(head)) {
      checkXls(await readFile(path));
      return { format: 'xls', json: null };
    }
    // Excel 2.x-4.0 wrote a bare BIFF stream (no container): a BOF record of those versions.
    if (head[0] === 0x09 && (head[1] === 0x00 || head[1] === 0x02 || head[1] === 0x04) && head[3] === 0x00) throw new AppError('IMP0003');
    if (startsWith(head, [0x25, 0x50, 0x44, 0x46]) || looksBinary(head)) throw new AppError('IMP0002');
    // '{' opens a GSTR-1, an e-invoice or a GSTR-2A/2B, '[' an array of e-invoices (read off the main thread).
    const first = firstNonSpace(head);
    if (first === 0x7b || first === 0x5b) return { format: 'json', json: await checkJsonInThread(path) };
    return { format: 'csv', json: null };
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
