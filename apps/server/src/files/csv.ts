// Streams the rows of a CSV (any delimiter of , ; tab |, any encoding text-encoding.ts recognises) as text cells:
// never the whole file as objects in memory.
import { createReadStream } from 'node:fs';
import type { TextRow } from './cell-text';
import { decodedText, detectEncoding } from './text-encoding';

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The delimiter of a CSV: the candidate found most often outside quotes in its first line (a comma if none). */
export const guessDelimiter = (text: string): string => {
  const counts = new Map<string, number>();
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
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

/** The rows of a CSV, a decoded chunk's worth at a time; the delimiter is guessed from the first line. */
export async function* csvRowBatches(path: string): AsyncGenerator<TextRow[]> {
  const encoding = await detectEncoding(path);
  let parser: ReturnType<typeof createCsvParser> | undefined;
  let row = 0;
  const rows: string[][] = [];
  const batch = (): TextRow[] => {
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
