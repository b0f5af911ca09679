import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hsnDirectory } from '../../db/schema';
import { writeXlsxSheets } from '../../files/xlsx-writer';
import { ENGINES, startHarness, type Harness } from '../../test-support/harness';
import { syncHsnDirectory } from './official-hsn.service';

// The HSN/SAC directory in the database (issue 20): loaded when missing, left alone when the file is the one loaded,
// replaced whole when the file changes, and loaded once when two servers start together.

const DIRECTORY = fileURLToPath(new URL('../../../../../official/masters/HSN_SAC_2024-11.xlsx', import.meta.url));

/** A directory of the portal's shape (sheet HSN_MSTR, header HSN_CD / HSN_Description) holding `rows`. */
const smallDirectory = async (path: string, rows: [string, string][]) =>
  writeFile(
    path,
    await writeXlsxSheets([
      {
        name: 'HSN_MSTR',
        fill: (sheet) => {
          sheet.addRow(['HSN_CD', 'HSN_Description']);
          for (const row of rows) sheet.addRow(row);
        },
      },
    ]),
  );

describe.each(ENGINES)('the HSN/SAC directory in the database on %s', (engine) => {
  let h: Harness;
  const dir = mkdtempSync(join(tmpdir(), 'hsn-sync-'));
  beforeAll(async () => {
    h = await startHarness(engine);
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const table = async () => {
    const { db } = h.ctx.database;
    const [total] = await db.select({ n: count() }).from(hsnDirectory);
    return total?.n ?? 0;
  };

  it("loads the repository's directory when missing, and leaves it when unchanged", async () => {
    const { db } = h.ctx.database;
    const first = await syncHsnDirectory(db, DIRECTORY);
    expect(first.loaded).toBe(true);
    expect(first.rows).toBeGreaterThan(22_000);
    expect(await table()).toBe(first.rows);
    const [laptops] = await db.select().from(hsnDirectory).where(eq(hsnDirectory.code, '847130'));
    expect(laptops).toMatchObject({ kind: 'HSN', level: 'subheading' });
    const [gta] = await db.select().from(hsnDirectory).where(eq(hsnDirectory.code, '996791'));
    expect(gta?.kind).toBe('SAC');
    expect(await syncHsnDirectory(db, DIRECTORY)).toEqual({ loaded: false, rows: first.rows });
  });

  it('replaces the rows whole when the file changes, once when two servers load it together', async () => {
    const { db } = h.ctx.database;
    const changed = join(dir, 'HSN_SAC_next.xlsx');
    await smallDirectory(changed, [
      ['8471', 'AUTOMATIC DATA PROCESSING MACHINES'],
      ['847130', 'PORTABLE AUTOMATIC DATA PROCESSING MACHINES'],
    ]);
    const both = await Promise.all([syncHsnDirectory(db, changed), syncHsnDirectory(db, changed)]);
    expect(both.filter((r) => r.loaded)).toHaveLength(1);
    expect(both.map((r) => r.rows)).toEqual([2, 2]);
    const rows = await db.select({ code: hsnDirectory.code }).from(hsnDirectory).orderBy(asc(hsnDirectory.code));
    expect(rows.map((r) => r.code)).toEqual(['8471', '847130']);
    // Back to the repository's file: loaded again.
    expect((await syncHsnDirectory(db, DIRECTORY)).loaded).toBe(true);
    expect(await table()).toBeGreaterThan(22_000);
  });
});
