// What an uploaded document is, read from its bytes (never from its name): the document types of spec core §5.
import type { FileHandle } from 'node:fs/promises';
import { isCompoundFile } from './xls/cfb';

export type DocumentType = 'pdf' | 'doc' | 'docx' | 'jpg' | 'png';

const startsWith = (head: Buffer, bytes: readonly number[]) => bytes.every((b, i) => head[i] === b);

/** ISO 32000-1 §7.5.2: a PDF file begins with the header "%PDF-". */
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
/** PNG (ISO/IEC 15948 §5.2): the eight-byte signature. */
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** JPEG (ITU T.81 B.1.1.2): SOI marker then another marker. */
const JPEG = [0xff, 0xd8, 0xff];
/** A zip's local file header (APPNOTE 4.3.7); an OOXML document is a zip. */
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/**
 * The names in a zip's central directory (APPNOTE 4.3.16: the end record points to it), or null when it is not a
 * well-formed zip. Reads only the tail and the directory, never the whole file.
 */
export const zipEntryNames = async (file: FileHandle, size: number): Promise<string[] | null> => {
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
  if (eocd < 0) return null;
  const entries = tail.readUInt16LE(eocd + 10);
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryOffset = tail.readUInt32LE(eocd + 16);
  if (directoryOffset + directorySize > size || directorySize > 16 * 1024 * 1024) return null;
  const directory = Buffer.alloc(directorySize);
  await file.read(directory, 0, directorySize, directoryOffset);
  const names: string[] = [];
  let at = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = directory.readUInt16LE(at + 28);
    names.push(directory.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return names;
};

/**
 * The document type of the file's bytes, or null when it is none of them: a PDF by its header, PNG and JPEG by their
 * signatures, a .docx as a zip holding word/document.xml (ECMA-376 Part 2), a .doc as an OLE2 compound file ([MS-CFB]).
 */
export const detectDocumentType = async (file: FileHandle, size: number): Promise<DocumentType | null> => {
  if (size === 0) return null;
  const head = Buffer.alloc(Math.min(size, 1024));
  await file.read(head, 0, head.length, 0);
  // ISO 32000-1 §7.5.2 allows the header within the first 1024 bytes; writers put it first and so do we ask.
  if (startsWith(head, PDF)) return 'pdf';
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpg';
  if (isCompoundFile(head)) return 'doc';
  if (startsWith(head, ZIP)) {
    const names = await zipEntryNames(file, size);
    return names?.includes('word/document.xml') ? 'docx' : null;
  }
  return null;
};
