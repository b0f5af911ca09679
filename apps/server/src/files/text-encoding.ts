// What text a file holds, from its bytes: the encoding of a text file (byte-order mark, UTF-16 by its NULs, valid
// UTF-8, else Windows-1252) and its text decoded a chunk at a time.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

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
export async function* decodedText(path: string, encoding: TextEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 17 })) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}
