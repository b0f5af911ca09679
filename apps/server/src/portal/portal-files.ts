// The files of a queued answer (apps/portal-sandbox/README.md "Queued answers"), as a client opens them: FILEDET gives
// for each file its URL, its SHA-256 (hex) and, for all, the key ek; a file is a tar.gz holding one .json whose text is
// base64(AES-256-ECB(ek, base64(json))). Written from the protocol, not shared with the sandbox (portal-crypto.ts says
// why).
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { aesDecrypt } from './portal-crypto';

const BLOCK = 512;

/** The text of an octal field of a tar header (NUL or space ended). */
const octal = (field: Buffer): number => parseInt(field.toString('ascii').replace(/[\0 ].*$/s, '') || '0', 8);

/** The first file of a ustar / tar archive whose name ends in .json, or null. */
export const firstJsonEntry = (tar: Buffer): Buffer | null => {
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return null;
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const prefix = header.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
    const size = octal(header.subarray(124, 136));
    const type = String.fromCharCode(header[156] ?? 0);
    const start = offset + BLOCK;
    if ((type === '0' || type === '\0') && `${prefix}${name}`.endsWith('.json')) return tar.subarray(start, start + size);
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return null;
};

export const sha256Hex = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** The JSON of one downloaded file: its hash checked, unzipped, its .json decrypted with ek. Throws on any failure. */
export const openPortalFile = (bytes: Buffer, hash: string, ek: Buffer): unknown => {
  if (hash && sha256Hex(bytes) !== hash.toLowerCase()) throw new Error('the file failed its hash check');
  const entry = firstJsonEntry(gunzipSync(bytes));
  if (!entry) throw new Error('the file holds no .json');
  const inner = aesDecrypt(ek, entry.toString('utf8').trim()).toString('utf8');
  return JSON.parse(Buffer.from(inner, 'base64').toString('utf8'));
};

/** Puts the parts of an answer together: the lists of each key one after the other. */
export const mergeParts = (parts: readonly unknown[]): Record<string, unknown> => {
  const whole: Record<string, unknown> = {};
  for (const part of parts) {
    if (typeof part !== 'object' || part === null) continue;
    for (const [key, value] of Object.entries(part)) {
      const before = whole[key];
      whole[key] = Array.isArray(value) && Array.isArray(before) ? [...(before as unknown[]), ...(value as unknown[])] : value;
    }
  }
  return whole;
};
