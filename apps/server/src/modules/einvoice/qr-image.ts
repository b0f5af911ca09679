// The QR image of an e-invoice's SignedQRCode (Rule 48(4) and Notification 72/2019-CT as amended: the printed invoice
// carries the QR code of the IRP's signed answer). A QR Code model 2 encoder (ISO/IEC 18004: byte mode, error
// correction level M, the smallest version that holds the text, the mask of least penalty) and a PNG writer; the
// project has no QR library and adds none.
import { deflateSync } from 'node:zlib';

type Ecc = 'L' | 'M';
// ISO/IEC 18004 table 9, by version 1..40 (index 0 unused): error correction codewords per block, and number of blocks.
const ECC_PER_BLOCK: Record<Ecc, readonly number[]> = {
  L: [
    -1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30,
    30, 30, 30, 30, 30, 30, 30,
  ],
  M: [
    -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    28, 28, 28, 28, 28, 28, 28,
  ],
};
const BLOCKS: Record<Ecc, readonly number[]> = {
  L: [
    -1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24,
    25,
  ],
  M: [
    -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40,
    43, 45, 47, 49,
  ],
};
/** Format bits of the level (ISO/IEC 18004 table 12): L 01, M 00. */
const ECC_FORMAT_BITS: Record<Ecc, number> = { L: 1, M: 0 };

/** Modules holding data and error correction (function patterns excluded), in bits. */
const rawDataModules = (ver: number): number => {
  let result = (16 * ver + 128) * ver + 64;
  if (ver >= 2) {
    const align = Math.floor(ver / 7) + 2;
    result -= (25 * align - 10) * align - 55;
    if (ver >= 7) result -= 36;
  }
  return result;
};
const dataCodewords = (ver: number, ecc: Ecc): number =>
  Math.floor(rawDataModules(ver) / 8) - (ECC_PER_BLOCK[ecc][ver] ?? 0) * (BLOCKS[ecc][ver] ?? 0);

// Reed-Solomon over GF(2^8) with the polynomial 0x11D.
const gfMultiply = (x: number, y: number): number => {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
};
const rsDivisor = (degree: number): number[] => {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(result[j] ?? 0, root);
      if (j + 1 < degree) result[j] = (result[j] ?? 0) ^ (result[j + 1] ?? 0);
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
};
const rsRemainder = (data: readonly number[], divisor: readonly number[]): number[] => {
  const result = new Array<number>(divisor.length).fill(0);
  for (const b of data) {
    const factor = b ^ (result.shift() ?? 0);
    result.push(0);
    divisor.forEach((coef, i) => {
      result[i] = (result[i] ?? 0) ^ gfMultiply(coef, factor);
    });
  }
  return result;
};

const alignmentPositions = (ver: number): number[] => {
  if (ver === 1) return [];
  const count = Math.floor(ver / 7) + 2;
  const step = ver === 32 ? 26 : Math.ceil((ver * 4 + 4) / (count * 2 - 2)) * 2;
  const result = [6];
  for (let pos = ver * 4 + 10; result.length < count; pos -= step) result.splice(1, 0, pos);
  return result;
};

/** The QR code of `text` (UTF-8, byte mode) as a square of modules, true = dark. */
export const qrMatrix = (text: string, ecc: Ecc = 'M'): boolean[][] => {
  const bytes = [...Buffer.from(text, 'utf8')];
  let ver = 1;
  for (; ver <= 40; ver++) {
    const countBits = ver <= 9 ? 8 : 16;
    if (4 + countBits + bytes.length * 8 <= dataCodewords(ver, ecc) * 8) break;
  }
  if (ver > 40) throw new Error(`The text is too long for a QR code (${bytes.length} bytes).`);
  const capacity = dataCodewords(ver, ecc) * 8;

  // Data bits: mode 0100 (byte), count, bytes, terminator, padding.
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, ver <= 9 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0));

  // Blocks with their error correction, interleaved.
  const numBlocks = BLOCKS[ecc][ver] ?? 1;
  const blockEcc = ECC_PER_BLOCK[ecc][ver] ?? 0;
  const rawCodewords = Math.floor(rawDataModules(ver) / 8);
  const shortBlocks = numBlocks - (rawCodewords % numBlocks);
  const shortLength = Math.floor(rawCodewords / numBlocks);
  const divisor = rsDivisor(blockEcc);
  const blocks: number[][] = [];
  for (let i = 0, k = 0; i < numBlocks; i++) {
    const length = shortLength - blockEcc + (i < shortBlocks ? 0 : 1);
    const chunk = data.slice(k, k + length);
    k += length;
    const ecBytes = rsRemainder(chunk, divisor);
    if (i < shortBlocks) chunk.push(0);
    blocks.push([...chunk, ...ecBytes]);
  }
  const codewords: number[] = [];
  for (let i = 0; i < (blocks[0]?.length ?? 0); i++)
    blocks.forEach((block, j) => {
      // The padding byte of a short block is not sent.
      if (i !== shortLength - blockEcc || j >= shortBlocks) codewords.push(block[i] ?? 0);
    });

  const size = ver * 4 + 17;
  const modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const isFunction = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const set = (x: number, y: number, dark: boolean) => {
    const row = modules[y];
    const fn = isFunction[y];
    if (row && fn && x >= 0 && x < size) {
      row[x] = dark;
      fn[x] = true;
    }
  };

  // Timing patterns, finders with separators, alignment patterns.
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  const finder = (cx: number, cy: number) => {
    for (let dy = -4; dy <= 4; dy++)
      for (let dx = -4; dx <= 4; dx++) {
        const dist = Math.max(Math.abs(dx), Math.abs(dy));
        const x = cx + dx;
        const y = cy + dy;
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, dist !== 2 && dist !== 4);
      }
  };
  finder(3, 3);
  finder(size - 4, 3);
  finder(3, size - 4);
  const aligns = alignmentPositions(ver);
  aligns.forEach((ay, i) =>
    aligns.forEach((ax, j) => {
      const onFinder = (i === 0 && j === 0) || (i === 0 && j === aligns.length - 1) || (i === aligns.length - 1 && j === 0);
      if (onFinder) return;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) set(ax + dx, ay + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }),
  );

  const drawFormat = (mask: number) => {
    const value = (ECC_FORMAT_BITS[ecc] << 3) | mask;
    let rem = value;
    for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    const f = ((value << 10) | rem) ^ 0x5412;
    const bit = (i: number) => ((f >>> i) & 1) === 1;
    for (let i = 0; i <= 5; i++) set(8, i, bit(i));
    set(8, 7, bit(6));
    set(8, 8, bit(7));
    set(7, 8, bit(8));
    for (let i = 9; i < 15; i++) set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(i));
    set(8, size - 8, true);
  };
  drawFormat(0); // reserves the format areas; drawn again with the chosen mask
  if (ver >= 7) {
    let rem = ver;
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const v = (ver << 12) | rem;
    for (let i = 0; i < 18; i++) {
      const dark = ((v >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(a, b, dark);
      set(b, a, dark);
    }
  }

  // Codewords in the zigzag, right to left in column pairs, skipping the timing column.
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++)
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vert : vert;
        const row = modules[y];
        if (row && !isFunction[y]?.[x] && i < codewords.length * 8) {
          row[x] = (((codewords[i >>> 3] ?? 0) >>> (7 - (i & 7))) & 1) === 1;
          i++;
        }
      }
  }

  const masked = (mask: number): boolean[][] =>
    modules.map((row, y) =>
      row.map((dark, x) => {
        if (isFunction[y]?.[x]) return dark;
        const flip = [
          (x + y) % 2 === 0,
          y % 2 === 0,
          x % 3 === 0,
          (x + y) % 3 === 0,
          (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
          ((x * y) % 2) + ((x * y) % 3) === 0,
          (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
          (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
        ][mask];
        return flip ? !dark : dark;
      }),
    );

  let best: boolean[][] = modules;
  let bestPenalty = Infinity;
  for (let mask = 0; mask < 8; mask++) {
    drawFormat(mask);
    const candidate = masked(mask);
    const p = penalty(candidate);
    if (p < bestPenalty) {
      bestPenalty = p;
      best = candidate;
    }
  }
  return best;
};

/** ISO/IEC 18004 §7.8.3: runs, 2×2 blocks, finder-like patterns and the balance of dark modules. */
const penalty = (m: boolean[][]): number => {
  const size = m.length;
  let result = 0;
  const line = (get: (i: number) => boolean) => {
    let run = 1;
    for (let i = 1; i <= size; i++) {
      if (i < size && get(i) === get(i - 1)) run++;
      else {
        if (run >= 5) result += run - 2;
        run = 1;
      }
    }
    for (let i = 0; i + 10 < size; i++) {
      const s = Array.from({ length: 11 }, (_, k) => get(i + k));
      const core = s[0] && !s[1] && s[2] && s[3] && s[4] && !s[5] && s[6];
      if (core && !s[7] && !s[8] && !s[9] && !s[10]) result += 40;
      const core2 = s[4] && !s[5] && s[6] && s[7] && s[8] && !s[9] && s[10];
      if (core2 && !s[0] && !s[1] && !s[2] && !s[3]) result += 40;
    }
  };
  for (let y = 0; y < size; y++) line((x) => m[y]?.[x] === true);
  for (let x = 0; x < size; x++) line((y) => m[y]?.[x] === true);
  let dark = 0;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const c = m[y]?.[x] === true;
      if (c) dark++;
      if (
        x + 1 < size &&
        y + 1 < size &&
        c === (m[y]?.[x + 1] === true) &&
        c === (m[y + 1]?.[x] === true) &&
        c === (m[y + 1]?.[x + 1] === true)
      )
        result += 3;
    }
  const total = size * size;
  result += Math.floor(Math.abs(dark * 20 - total * 10) / total) * 10;
  return result;
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buffer: Buffer): number => {
  let c = 0xffffffff;
  for (const b of buffer) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A greyscale PNG of the matrix, `scale` pixels a module, with the 4-module quiet zone the standard asks for. */
export const qrPng = (matrix: boolean[][], scale = 4): Buffer => {
  const quiet = 4;
  const side = (matrix.length + quiet * 2) * scale;
  const raw = Buffer.alloc((side + 1) * side, 0xff);
  for (let py = 0; py < side; py++) {
    raw[py * (side + 1)] = 0; // filter: none
    const y = Math.floor(py / scale) - quiet;
    for (let px = 0; px < side; px++) {
      const x = Math.floor(px / scale) - quiet;
      if (matrix[y]?.[x] === true) raw[py * (side + 1) + 1 + px] = 0;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** The SignedQRCode as a PNG data URL, for the detail drawer (and the printed invoice). */
export const qrCodeDataUrl = (text: string): string => `data:image/png;base64,${qrPng(qrMatrix(text, 'L'), 3).toString('base64')}`;
