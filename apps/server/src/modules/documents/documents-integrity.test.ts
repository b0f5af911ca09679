// The checks that stand for the documents' foreign keys (migration 0011): every statement that writes documents — an
// INSERT, an UPDATE, a COPY — is refused whole when one of its rows names an entity that is not its subscriber's.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyIn } from '../../db/database';
import { createTenant, ENGINES, startHarness, type Harness, type Tenant } from '../../test-support/harness';

const COLUMNS = 'subscriber_id, entity_id, direction, financial_year, return_period, document_type, document_number, document_date, source';

describe.each(ENGINES)('document integrity on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let other: Tenant;
  const run = (text: string) => h.ctx.database.db.execute(sql.raw(text));
  const countOf = async (where: string): Promise<number> => {
    const result = await h.ctx.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM documents WHERE ${where}`));
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
    return Number(rows[0]?.n);
  };
  const row = (subscriberId: number, entityId: number, number: string) =>
    `(${subscriberId}, ${entityId}, 'Sales', '2024-25', '042024', 'INV', '${number}', '2024-04-10', 'Manual')`;

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    other = await createTenant(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("takes documents of the subscriber's own entities", async () => {
    await run(
      `INSERT INTO documents (${COLUMNS}) VALUES ${row(t.subscriberId, t.entityIds[1]!, 'OK1')}, ${row(t.subscriberId, t.entityIds[2]!, 'OK2')}`,
    );
    expect(await countOf(`subscriber_id = ${t.subscriberId} AND document_number LIKE 'OK%'`)).toBe(2);
  });

  it("refuses a whole INSERT when one row is of another subscriber's entity or of no entity", async () => {
    await expect(
      run(
        `INSERT INTO documents (${COLUMNS}) VALUES ${row(t.subscriberId, t.entityIds[1]!, 'A1')}, ${row(t.subscriberId, other.entityIds[1]!, 'A2')}`,
      ),
    ).rejects.toThrow();
    await expect(run(`INSERT INTO documents (${COLUMNS}) VALUES ${row(t.subscriberId, 999_999, 'A3')}`)).rejects.toThrow();
    expect(await countOf(`document_number LIKE 'A%'`)).toBe(0);
  });

  it("refuses an UPDATE that moves a document to another subscriber's entity", async () => {
    await expect(run(`UPDATE documents SET entity_id = ${other.entityIds[1]} WHERE document_number = 'OK1'`)).rejects.toThrow();
    expect(await countOf(`document_number = 'OK1' AND entity_id = ${t.entityIds[1]}`)).toBe(1);
  });

  it('refuses a COPY with a stray row', async () => {
    const copy = await copyIn(h.ctx.database.db, 'documents', COLUMNS.split(', '));
    await copy.write(`${t.subscriberId}\t${t.entityIds[1]}\tSales\t2024-25\t042024\tINV\tC1\t2024-04-10\tManual\n`);
    await copy.write(`${other.subscriberId}\t${t.entityIds[1]}\tSales\t2024-25\t042024\tINV\tC2\t2024-04-10\tManual\n`);
    await expect(copy.end()).rejects.toThrow();
    expect(await countOf(`document_number LIKE 'C%'`)).toBe(0);
  });
});
