// Issue 16, "High": an .xlsx whose shared strings inflate far beyond what a reader may keep, with a stored padding entry
// that made the old guard's ratio (over the file size) look harmless. The guard now counts the ratio over each
// compressed entry, and the reader holds what it inflates and keeps to the limits, whatever the directory declares.
// Sizes are scaled down here (limits passed as options); import-bomb.test.ts runs the realistic one through the server.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { sniffFormat } from '../../modules/import/sniff.rules';
import { writeSharedStringsBomb, type WrittenBomb } from '../../test-support/xlsx-bomb';
import { xlsxRowBatches } from '../first-sheet-rows';
import { xlsxLimits, type XlsxLimits } from './limits';
import { openWorkbook, readSharedStrings } from './workbook';

let dir: string;
let bomb: string;
let written: WrittenBomb;
/** Unique strings that deflate about as real text does (no ratio alarm), but many of them. */
let many: string;

/** The chunk of inflated bytes read at a time: a bound is passed by at most this much before the read stops. */
const CHUNK = 256 * 1024;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'opengst-bomb-'));
  bomb = join(dir, 'bomb.xlsx');
  // 2 million tiny strings (about 72 MB inflated, 0.5 MB deflated) and 4 MB of stored padding.
  written = await writeSharedStringsBomb(bomb, { strings: 2_000_000, paddingBytes: 4 * 1024 * 1024 });
  many = join(dir, 'many.xlsx');
  await writeSharedStringsBomb(many, { strings: 300_000, paddingBytes: 0, text: (i) => `V${(i * 2_654_435_761) % 4_294_967_291}` });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const codeOf = async (action: () => Promise<unknown>): Promise<string> => {
  try {
    await action();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'read';
};

/** Reads the shared strings with these limits; answers the code refused with and the bytes inflated before it. */
const sharedStringsOf = async (path: string, limits: Partial<XlsxLimits>) => {
  const workbook = await openWorkbook(path, xlsxLimits(limits));
  const code = await codeOf(() => readSharedStrings(workbook));
  return { code, inflated: workbook.zip.spent.inflated };
};

describe('an .xlsx whose shared strings inflate far beyond the limits, padded with a stored entry', () => {
  it('was accepted by the ratio over the file size, and is refused by the ratio over its compressed entries (IMP0005)', async () => {
    const declared = written.sharedStringsBytes + written.paddingBytes;
    // What the old guard checked: declared bytes under 1 GB, and under 50 times the FILE size, which the padding makes.
    expect(declared).toBeLessThan(1024 * 1024 * 1024);
    expect(declared).toBeLessThan(written.fileSize * 50);
    // The shared strings alone inflate more than 100 times their compressed bytes.
    expect(written.sharedStringsBytes / written.sharedStringsCompressed).toBeGreaterThan(100);
    expect(await codeOf(() => sniffFormat(bomb))).toBe('IMP0005');
  });

  it('is refused by the reader too, stopping the inflater at the ratio, not at the declared size', async () => {
    // A file stored before the guard, or one no guard saw: the reader checks the real bytes as they come.
    const { code, inflated } = await sharedStringsOf(bomb, { ratioFloorBytes: 1024 * 1024, maxRatio: 20 });
    expect(code).toBe('IMP0005');
    expect(inflated).toBeLessThanOrEqual(written.sharedStringsCompressed * 20 + 2 * CHUNK);
    expect(inflated).toBeLessThan(written.sharedStringsBytes / 4);
  });

  it('stops at the inflated bytes in all (IMP0005), as soon as they are passed', async () => {
    const { code, inflated } = await sharedStringsOf(bomb, { maxInflatedBytes: 8 * 1024 * 1024 });
    expect(code).toBe('IMP0005');
    expect(inflated).toBeLessThanOrEqual(8 * 1024 * 1024 + CHUNK);
  });

  it('keeps no more shared strings than the limits, in number and in characters (IMP0029)', async () => {
    const byNumber = await sharedStringsOf(bomb, { maxSharedStrings: 100_000 });
    expect(byNumber.code).toBe('IMP0029');
    // 100,000 strings of 36 bytes each: the read stopped there, not at the 72 MB of the part.
    expect(byNumber.inflated).toBeLessThan(100_000 * 36 + 2 * CHUNK);
    const byCharacters = await sharedStringsOf(bomb, { maxSharedStringChars: 1_000_000 });
    expect(byCharacters.code).toBe('IMP0029');
    expect(byCharacters.inflated).toBeLessThan((1_000_000 / 21) * 36 + 2 * CHUNK);
    // Through the import's reader of rows, with the message a user reads.
    const refused = await codeOf(async () => {
      for await (const batch of xlsxRowBatches(many, xlsxLimits({ maxSharedStrings: 100_000 }))) expect(batch).toBeDefined();
    });
    expect(refused).toBe('IMP0029');
  });

  it('passes the guard and reads within the limits when the strings are real text under them', async () => {
    expect(await sniffFormat(many)).toBe('xlsx');
    const rows: string[][] = [];
    for await (const batch of xlsxRowBatches(many)) rows.push(...batch.map((r) => r.cells));
    expect(rows[0]).toEqual(['GSTIN', 'Vendor code', 'Vendor name']);
    expect(rows).toHaveLength(4);
  });

  it('refuses with a message that says what to do', () => {
    expect(new AppError('IMP0029').message).toContain('Split it');
    expect(new AppError('IMP0005').message).toContain('zip bomb');
  });
});
