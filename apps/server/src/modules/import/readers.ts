// Streams the rows of a stored upload as arrays of text cells: never the whole file as objects in memory.
import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { AppError } from '../../platform/errors';
import { jsonRows } from './json/json-rows';
import { nulsAlternate, type FileFormat } from './sniff';
import { openXls } from './xls/biff';
import { openXlsx } from './xlsx/reader';

/**
 * One row of the file: `row` counts from 1 as a spreadsheet shows it (the header is row 1). A row made from a JSON
 * item line also says where that item is in the file (`path`, e.g. "b2b[0].inv[2].itms[1]").
 */
export type SourceRow = { row: number; cells: string[]; path?: string };

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

/**
 * Text of the file in chunks of 128 KB (a batch of some 600 rows: small enough that a batch's rows die young, before
 * the garbage collector would move them to the old generation); the decoder drops a byte-order mark.
 */
async function* decodedText(path: string, encoding: TextEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 17 })) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The delimiter of a CSV: the candidate found most often outside quotes in its first line (a comma if none). */
export const guessDelimiter = (text: string): string => {
  const counts = new Map<string, number>();
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && (DELIMITERS as readonly string[]).includes(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best = ',';
  for (const [c, n] of counts) if (n > (counts.get(best) ?? 0)) best = c;
  return best;
};

/**
 * An RFC 4180 parser fed text in chunks (a chunk may end anywhere, even inside a quoted cell): quoted cells with ""
 * and line breaks inside, rows ended by CRLF, LF or CR. Characters after a closing quote are kept, as papaparse does.
 * Synchronous over a chunk, so a million rows cost no more than their characters.
 */
export const createCsvParser = (delimiter: string) => {
  const sep = delimiter.charCodeAt(0);
  let carry = '';
  /** Parses the complete rows of carry + text into `rows`; keeps an unfinished last row for the next chunk. */
  const push = (chunk: string, rows: string[][], final = false): void => {
    const text = carry + chunk;
    carry = '';
    const end = text.length;
    let i = 0;
    while (i < end) {
      const rowStart = i;
      const cells: string[] = [];
      let complete = false;
      for (;;) {
        let cell = '';
        if (text.charCodeAt(i) === 34) {
          let at = i + 1;
          let closed = false;
          for (;;) {
            const quote = text.indexOf('"', at);
            if (quote < 0) break;
            cell += text.slice(at, quote);
            if (text.charCodeAt(quote + 1) === 34) {
              cell += '"';
              at = quote + 2;
            } else {
              at = quote + 1;
              closed = true;
              break;
            }
          }
          if (!closed) break;
          i = at;
        }
        const from = i;
        while (i < end) {
          const c = text.charCodeAt(i);
          if (c === sep || c === 10 || c === 13) break;
          i++;
        }
        cell += text.slice(from, i);
        cells.push(cell);
        if (i >= end) {
          complete = final;
          break;
        }
        const c = text.charCodeAt(i);
        if (c === sep) {
          i++;
          if (i >= end && !final) break;
          if (i >= end) {
            cells.push('');
            complete = true;
            break;
          }
          continue;
        }
        // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
        if (c === 13 && i + 1 >= end && !final) break;
        i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
        complete = true;
        break;
      }
      if (!complete) {
        if (final && cells.length > 0) rows.push(cells);
        else carry = text.slice(rowStart);
        return;
      }
      rows.push(cells);
    }
  };
  return { push, end: (rows: string[][]) => push('', rows, true) };
};

/** The rows of a CSV, a decoded chunk's worth at a time. */
async function* csvBatches(path: string): AsyncGenerator<SourceRow[]> {
  const encoding = await detectEncoding(path);
  let parser: ReturnType<typeof createCsvParser> | undefined;
  let row = 0;
  const rows: string[][] = [];
  const batch = (): SourceRow[] => {
    const out = rows.map((cells) => ({ row: ++row, cells }));
    rows.length = 0;
    return out;
  };
  for await (const text of decodedText(path, encoding)) {
    parser ??= createCsvParser(guessDelimiter(text));
    parser.push(text, rows);
    if (rows.length > 0) yield batch();
  }
  parser?.end(rows);
  if (rows.length > 0) yield batch();
}

async function* csvRows(path: string): AsyncGenerator<SourceRow> {
  for await (const rows of csvBatches(path)) yield* rows;
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
    const v = value as { formula?: string; sharedFormula?: string; formulaResult?: unknown; richText?: { text: string }[]; text?: unknown; error?: string };
    if (typeof v.formula === 'string') return `=${v.formula}`;
    // An .xls formula keeps no text we can show, only its cached result: "=" + that result, refused like any formula.
    if ('formulaResult' in v) return `=${cellText(v.formulaResult)}`;
    if (typeof v.sharedFormula === 'string') return `=${v.sharedFormula}`;
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('');
    if (v.text !== undefined) return cellText(v.text);
    if (typeof v.error === 'string') return v.error;
  }
  return '';
};

/** The rows of the first worksheet of an .xlsx, those each inflated chunk completes together. */
async function* xlsxBatches(path: string): AsyncGenerator<SourceRow[]> {
  try {
    const workbook = await openXlsx(path);
    // Only the first sheet holds data (the template's second sheet is its instructions).
    const [sheet] = workbook.sheets;
    if (!sheet) return;
    for await (const batch of workbook.batches(sheet)) yield batch.map(({ row, values }) => ({ row, cells: values.map(cellText) }));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('IMP0004');
  }
}

async function* xlsxRows(path: string): AsyncGenerator<SourceRow> {
  for await (const rows of xlsxBatches(path)) yield* rows;
}

/**
 * The first worksheet of an .xls (BIFF8). The container is read whole: it is no larger than the upload size limit,
 * and its streams are read in place (views of that one buffer), rows yielded as their records are met.
 */
async function* xlsRows(path: string): AsyncGenerator<SourceRow> {
  try {
    for (const { row, values } of openXls(await readFile(path)).rows()) yield { row, cells: values.map(cellText) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('IMP0024');
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

const READERS: Record<FileFormat, (path: string) => AsyncGenerator<SourceRow>> = { xlsx: xlsxRows, xls: xlsRows, csv: csvRows, json: jsonRows };

export const readRows = (path: string, format: FileFormat): AsyncGenerator<SourceRow> => READERS[format](path);

const BATCH_ROWS = 2000;

/** The rows in batches, so that a reader of a million rows awaits a few hundred times, not a million. */
export async function* readRowBatches(path: string, format: FileFormat): AsyncGenerator<SourceRow[]> {
  if (format === 'csv' || format === 'xlsx') {
    yield* (format === 'csv' ? csvBatches(path) : xlsxBatches(path));
    return;
  }
  let batch: SourceRow[] = [];
  for await (const row of READERS[format](path)) {
    batch.push(row);
    if (batch.length === BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
