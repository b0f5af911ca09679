// Streams the rows of a stored upload as arrays of text cells: never the whole file as objects in memory.
import ExcelJS from 'exceljs';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { AppError } from '../../errors';
import { nulsAlternate, type FileFormat } from './sniff';

/** One row of the file: `row` counts from 1 as a spreadsheet shows it (the header is row 1). */
export type SourceRow = { row: number; cells: string[] };

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * The encoding of a text file: its byte-order mark, else UTF-16 recognised by its NUL bytes, else UTF-8 when every
 * byte sequence is valid UTF-8, else Windows-1252 (what Excel on Windows writes as "CSV").
 */
export const detectEncoding = async (path: string): Promise<TextEncoding> => {
  const file = await open(path, 'r');
  const head = Buffer.alloc(4096);
  const { bytesRead } = await file.read(head, 0, head.length, 0);
  await file.close();
  const bytes = head.subarray(0, bytesRead);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (nulsAlternate(bytes)) return bytes[0] === 0 ? 'utf-16be' : 'utf-16le';
  const strict = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) strict.decode(chunk as Buffer, { stream: true });
    strict.decode();
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
};

/** Text of the file in chunks; the decoder drops a byte-order mark. */
async function* decodedText(path: string, encoding: TextEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

async function* csvRows(path: string): AsyncGenerator<SourceRow> {
  const encoding = await detectEncoding(path);
  const parser = Readable.from(decodedText(path, encoding)).pipe(Papa.parse(Papa.NODE_STREAM_INPUT, { header: false, dynamicTyping: false }));
  let row = 0;
  for await (const cells of parser as AsyncIterable<string[]>) {
    row++;
    yield { row, cells };
  }
}

/** Excel keeps 15 significant digits; binary noise past them (1234.5600000000001) is not the user's value. */
const numberText = (n: number): string => (Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(15))));

/** A cell as the text the user sees in it; a formula as its own text ("=..."), never evaluated. */
export const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { formula?: string; sharedFormula?: string; richText?: { text: string }[]; text?: unknown; error?: string };
    if (typeof v.formula === 'string') return `=${v.formula}`;
    if (typeof v.sharedFormula === 'string') return `=${v.sharedFormula}`;
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('');
    if (v.text !== undefined) return cellText(v.text);
    if (typeof v.error === 'string') return v.error;
  }
  return '';
};

async function* xlsxRows(path: string): AsyncGenerator<SourceRow> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(path, { sharedStrings: 'cache', styles: 'cache', worksheets: 'emit', hyperlinks: 'ignore', entries: 'emit' });
  try {
    // Only the first sheet holds data (the template's second sheet is its instructions).
    for await (const sheet of workbook) {
      for await (const row of sheet) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        yield { row: row.number, cells };
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('IMP0004');
  }
}

/**
 * Data rows of a csv, estimated from its line breaks before it is parsed, so the progress bar has an end. Quoted
 * cells spanning lines and blank lines make it a little high; the import replaces it with the exact count at the end.
 */
export const estimateCsvRows = async (path: string): Promise<number> => {
  let lines = 0;
  let last = 0x0a;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const bytes = chunk as Buffer;
    for (let at = bytes.indexOf(0x0a); at >= 0; at = bytes.indexOf(0x0a, at + 1)) lines++;
    if (bytes.length > 0) last = bytes[bytes.length - 1] ?? last;
  }
  if (last !== 0x0a && last !== 0x00) lines++;
  return Math.max(lines - 1, 0);
};

export const readRows = (path: string, format: FileFormat): AsyncGenerator<SourceRow> => (format === 'xlsx' ? xlsxRows(path) : csvRows(path));
