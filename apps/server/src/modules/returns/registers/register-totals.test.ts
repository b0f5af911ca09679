// register_totals (migration 0007) against the documents themselves: after every kind of statement that writes
// documents, the table must equal a GROUP BY over documents, and the register's answers drawn from it (count, totals,
// status counts) must equal the exact query's, on both engines.
import {
  REGISTER_API as R,
  type Direction,
  type RegisterFilters,
  type RegisterSearchResponse,
  type StatusCountItem,
} from '@opengst/contracts';
import { count, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyIn } from '../../../db/database';
import { documents } from '../../../db/schema';
import { documentConditions } from './register-filters.queries';
import { answeredByTotals, statusCountsFromTotals, summaryFromTotals } from './register-totals.queries';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';
import { clientOf } from '../../../test-support/org-fixtures';

const KEY =
  'subscriber_id, direction, entity_id, financial_year, return_period, document_type, supply_type, status, source, is_reverse_charge, is_draft_document';
const COLUMNS = `subscriber_id, entity_id, direction, financial_year, return_period, document_type, document_number, document_date, supply_type, status,
  source, is_reverse_charge, is_draft_document, taxable, igst, cgst, sgst, cess, document_value`;
const STATUSES = ['YetNotGenerated', 'Generated', 'Completed', 'Draft', 'Approved', 'Rejected'] as const;

/** A small deterministic generator (mulberry32), so a failing random run can be replayed. */
const randomOf = (seed: number) => () => {
  let x = (seed += 0x6d2b79f5);
  x = Math.imul(x ^ (x >>> 15), x | 1);
  x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};

describe.each(ENGINES)('register totals on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let other: Tenant;
  let locations: number[];
  let numberSeq = 0;

  const rowsOf = async <T>(text: string): Promise<T[]> => {
    const result = await h.ctx.database.db.execute(sql.raw(text));
    return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
  };
  const run = (text: string) => h.ctx.database.db.execute(sql.raw(text));

  /** One document's VALUES tuple, with its amounts consistent (value = taxable + taxes). */
  const valuesOf = (d: {
    tenant?: Tenant;
    entity: number;
    direction?: Direction;
    fy?: string;
    period?: string;
    type?: string;
    number?: string;
    supply?: string | null;
    status?: string;
    source?: string;
    rcm?: boolean;
    draft?: boolean;
    taxable: number;
  }) => {
    const taxable = d.taxable;
    const igst = Math.floor((taxable * 18) / 100);
    const supply = d.supply === undefined ? `'B2B'` : d.supply === null ? 'NULL' : `'${d.supply}'`;
    return `(${(d.tenant ?? t).subscriberId}, ${d.entity}, '${d.direction ?? 'Sales'}', '${d.fy ?? '2024-25'}', '${d.period ?? '042024'}', '${d.type ?? 'INV'}',
      '${d.number ?? `N${++numberSeq}`}', '2024-04-10', ${supply}, '${d.status ?? 'YetNotGenerated'}', '${d.source ?? 'Import'}', ${d.rcm ?? false}, ${d.draft ?? false},
      ${taxable}, ${igst}, 0, 0, 7, ${taxable + igst + 7})`;
  };

  /** register_totals equals the documents grouped by its key, row for row. */
  const expectTableExact = async () => {
    const grouped =
      await rowsOf(`SELECT ${KEY.replace('supply_type', "coalesce(supply_type, '') AS supply_type")}, count(*)::text AS documents, sum(taxable)::text AS taxable,
      sum(igst)::text AS igst, sum(cgst)::text AS cgst, sum(sgst)::text AS sgst, sum(cess)::text AS cess, sum(document_value)::text AS document_value
      FROM documents GROUP BY ${KEY.replace('supply_type', "coalesce(supply_type, '')")} ORDER BY ${KEY}`);
    const kept =
      await rowsOf(`SELECT ${KEY}, documents::text, taxable::text, igst::text, cgst::text, sgst::text, cess::text, document_value::text
      FROM register_totals ORDER BY ${KEY}`);
    expect(kept).toEqual(grouped);
    expect(kept.every((row) => (row as { documents: string }).documents !== '0')).toBe(true);
  };

  const FILTERS: RegisterFilters[] = [
    {},
    { financialYear: '2024-25' },
    { financialYear: '2024-25', returnPeriods: ['042024', '052024'] },
    { financialYear: '2024-25', statuses: ['Generated', 'Approved'] },
    { financialYear: '2023-24', documentTypes: ['crn', 'INV'], sourceTypes: ['Manual'] },
    { supplyTypes: ['B2C'], isReverseCharge: false },
    { isReverseCharge: true, statuses: ['YetNotGenerated'] },
  ];

  /** The exact sum of an amount over documents, a credit note counted negative (CGST Act s.34), written out here. */
  const net = (amount: AnyPgColumn) =>
    sql<number>`coalesce(sum(case when ${documents.documentType} = 'CRN' then -${amount} else ${amount} end), 0)`.mapWith(Number);

  /** For each filter set and direction: the answers from register_totals equal the exact query's. */
  const expectAnswersExact = async () => {
    const { db } = h.ctx.database;
    for (const direction of ['Sales', 'Purchase'] as const) {
      for (const scope of [locations, [locations[0]!]]) {
        for (const filters of FILTERS) {
          const condition = documentConditions(t.subscriberId, direction, scope, filters);
          const [exact] = await db
            .select({
              n: count(),
              taxable: net(documents.taxable),
              igst: net(documents.igst),
              cgst: net(documents.cgst),
              sgst: net(documents.sgst),
              cess: net(documents.cess),
              documentValue: net(documents.documentValue),
            })
            .from(documents)
            .where(condition);
          expect(
            await summaryFromTotals(db, t.subscriberId, direction, scope, filters),
            JSON.stringify({ direction, scope, filters }),
          ).toEqual(exact);
          const exactStatuses = await db
            .select({ status: documents.status, n: count() })
            .from(documents)
            .where(documentConditions(t.subscriberId, direction, scope, filters, { withStatuses: false }))
            .groupBy(documents.status);
          const fromTotals = await statusCountsFromTotals(db, t.subscriberId, direction, scope, filters);
          const byStatus = (rows: { status: string; n: number }[]) =>
            Object.fromEntries(rows.filter((r) => r.n > 0).map((r) => [r.status, r.n]));
          expect(byStatus(fromTotals), JSON.stringify({ direction, scope, filters })).toEqual(byStatus(exactStatuses));
        }
      }
    }
  };

  const expectExact = async () => {
    await expectTableExact();
    await expectAnswersExact();
  };

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    other = await createTenant(h);
    locations = t.entityIds.slice(1);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers only the filters it holds', () => {
    expect(answeredByTotals(undefined)).toBe(true);
    expect(
      answeredByTotals({
        financialYear: '2024-25',
        returnPeriods: ['042024'],
        statuses: ['Generated'],
        entityIds: [1],
        documentTypes: [],
        text: ' ',
        gstins: null,
      }),
    ).toBe(true);
    expect(answeredByTotals({ financialYear: '2024-25', isDocNumberLikeSearch: true })).toBe(true);
    for (const filters of [
      { text: 'INV' },
      { gstins: ['07AAACB1234C1Z5'] },
      { pans: ['AAACB1234C'] },
      { documentNumbers: ['1'] },
      { fromDate: '2024-04-01' },
      { toDate: '2024-04-30' },
      { placesOfSupply: ['07'] },
      { importId: 3 },
    ] satisfies RegisterFilters[]) {
      expect(answeredByTotals({ financialYear: '2024-25', ...filters }), JSON.stringify(filters)).toBe(false);
    }
  });

  it('follows inserts, upserts, updates, COPY and deletes, and the register answers from it equal the exact query', async () => {
    const [a, b] = locations as [number, number];
    // INSERT ... VALUES of several groups, with a draft, a document without supply type, a purchase and another tenant's.
    await run(`INSERT INTO documents (${COLUMNS}) VALUES
      ${valuesOf({ entity: a, number: 'K1', taxable: 1000 })}, ${valuesOf({ entity: a, number: 'K2', taxable: 2500, status: 'Generated' })},
      ${valuesOf({ entity: b, number: 'K3', taxable: 4000, period: '052024', supply: null })}, ${valuesOf({ entity: b, number: 'K4', taxable: 10, draft: true })},
      ${valuesOf({ entity: a, number: 'K5', taxable: 700, fy: '2023-24', period: '032024', type: 'CRN', source: 'Manual' })},
      ${valuesOf({ entity: a, number: 'P1', taxable: 900, direction: 'Purchase', rcm: true })},
      ${valuesOf({ tenant: other, entity: other.entityIds[1]!, number: 'O1', taxable: 5000 })}`);
    await expectExact();
    expect(await summaryFromTotals(h.ctx.database.db, t.subscriberId, 'Sales', locations, { financialYear: '2024-25' })).toMatchObject({
      n: 3,
      taxable: 7500,
    });

    // INSERT ... SELECT of many rows in one statement.
    await run(`INSERT INTO documents (${COLUMNS}) SELECT ${t.subscriberId}, CASE WHEN g % 2 = 0 THEN ${a} ELSE ${b} END, 'Sales', '2024-25',
      CASE WHEN g % 3 = 0 THEN '042024' ELSE '052024' END, CASE WHEN g % 7 = 0 THEN 'DBN' ELSE 'INV' END, 'G' || g, '2024-04-10', CASE WHEN g % 5 = 0 THEN 'B2C' ELSE 'B2B' END,
      (ARRAY['YetNotGenerated','Generated','Approved'])[1 + g % 3], 'Import', g % 11 = 0, false, 100 * g, 18 * g, 0, 0, 0, 118 * g
      FROM generate_series(1, 300) g`);
    await expectExact();

    // INSERT ... ON CONFLICT DO UPDATE: two existing documents change amounts and status, one is new.
    await run(`INSERT INTO documents (${COLUMNS}) VALUES ${valuesOf({ entity: a, number: 'K1', taxable: 1500, status: 'Completed' })},
      ${valuesOf({ entity: a, number: 'G2', taxable: 77, period: '062024' })}, ${valuesOf({ entity: a, number: 'K6', taxable: 333 })}
      ON CONFLICT (subscriber_id, entity_id, financial_year, document_type, document_number) WHERE direction = 'Sales'
      DO UPDATE SET taxable = excluded.taxable, igst = excluded.igst, document_value = excluded.document_value, status = excluded.status, return_period = excluded.return_period`);
    await expectExact();

    // UPDATE of statuses, of amounts and of dimensions; an UPDATE that changes none of them leaves the table as it is.
    await run(`UPDATE documents SET status = 'Approved' WHERE subscriber_id = ${t.subscriberId} AND document_number LIKE 'G1%'`);
    await expectExact();
    await run(
      `UPDATE documents SET taxable = taxable + 1, document_value = document_value + 1, cess = cess + 2 WHERE subscriber_id = ${t.subscriberId} AND document_type = 'DBN'`,
    );
    await expectExact();
    await run(
      `UPDATE documents SET entity_id = ${b}, return_period = '062024', is_draft_document = NOT is_draft_document WHERE subscriber_id = ${t.subscriberId} AND document_number IN ('K2', 'K4', 'G30')`,
    );
    await expectExact();
    const before = await rowsOf(`SELECT * FROM register_totals ORDER BY ${KEY}`);
    await run(`UPDATE documents SET counterparty_name = 'Renamed', updated_at = now() WHERE subscriber_id = ${t.subscriberId}`);
    expect(await rowsOf(`SELECT * FROM register_totals ORDER BY ${KEY}`)).toEqual(before);

    // COPY (the import's bulk load).
    const copy = await copyIn(
      h.ctx.database.db,
      'documents',
      COLUMNS.split(',').map((c) => c.trim()),
    );
    await copy.write(
      `${t.subscriberId}\t${b}\tSales\t2024-25\t072024\tINV\tC1\t2024-07-01\t\\N\tRejected\tApi\tf\tf\t500\t90\t0\t0\t0\t590\n`,
    );
    await copy.write(
      `${t.subscriberId}\t${b}\tSales\t2024-25\t072024\tINV\tC2\t2024-07-02\tB2B\tRejected\tApi\tf\tf\t600\t108\t0\t0\t0\t708\n`,
    );
    await copy.end();
    await expectExact();

    // DELETE of a few documents, then of every document of a group: its row goes with it.
    await run(`DELETE FROM documents WHERE subscriber_id = ${t.subscriberId} AND document_number IN ('K1', 'G3', 'G4', 'C2')`);
    await expectExact();
    await run(`DELETE FROM documents WHERE subscriber_id = ${t.subscriberId} AND financial_year = '2023-24'`);
    await expectExact();
    expect(await rowsOf(`SELECT 1 FROM register_totals WHERE subscriber_id = ${t.subscriberId} AND financial_year = '2023-24'`)).toEqual(
      [],
    );

    // A rolled-back write leaves no trace.
    await expect(
      h.ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`INSERT INTO documents (${COLUMNS}) VALUES ${valuesOf({ entity: a, number: 'R1', taxable: 999 })}`));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectExact();

    // The API answers from register_totals: its count, totals and status bar match the exact query's.
    const api = clientOf(h, await signIn(h.app, t));
    const filters = { financialYear: '2024-25', returnPeriods: ['052024', '062024'] };
    const searched = (await api.post(R.salesSearch, { filters })).json().data as RegisterSearchResponse;
    const [exact] = await rowsOf<{
      n: string;
      taxable: string;
      value: string;
    }>(`SELECT count(*)::text AS n, sum(taxable)::text AS taxable, sum(document_value)::text AS value
      FROM documents WHERE subscriber_id = ${t.subscriberId} AND direction = 'Sales' AND NOT is_draft_document AND financial_year = '2024-25' AND return_period IN ('052024', '062024')`);
    expect([searched.totalRecords, searched.totals.taxable, searched.totals.documentValue]).toEqual([
      Number(exact?.n),
      Number(exact?.taxable),
      Number(exact?.value),
    ]);
    expect(searched.items.length).toBe(Math.min(50, Number(exact?.n)));
    const bar = (await api.post(R.salesStatusCount, { filters: { ...filters, statuses: ['Approved'] } })).json().data
      .items as StatusCountItem[];
    const exactBar = await rowsOf<{
      status: string;
      n: string;
    }>(`SELECT status, count(*)::text AS n FROM documents WHERE subscriber_id = ${t.subscriberId}
      AND direction = 'Sales' AND NOT is_draft_document AND financial_year = '2024-25' AND return_period IN ('052024', '062024') GROUP BY status`);
    expect(Object.fromEntries(bar.filter((s) => s.count > 0).map((s) => [s.status, s.count]))).toEqual(
      Object.fromEntries(exactBar.map((s) => [s.status, Number(s.n)])),
    );
  });

  it('stays exact over random inserts, upserts, updates and deletes', async () => {
    const random = randomOf(20241121);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const document = () =>
      valuesOf({
        entity: pick(locations),
        direction: pick(['Sales', 'Sales', 'Purchase'] as const),
        fy: pick(['2024-25', '2023-24']),
        period: pick(['042024', '052024', '032024']),
        type: pick(['INV', 'CRN']),
        number: `X${Math.floor(random() * 400)}`,
        supply: pick(['B2B', 'B2C', null]),
        status: pick(STATUSES),
        source: pick(['Import', 'Manual']),
        rcm: random() < 0.2,
        draft: random() < 0.1,
        taxable: Math.floor(random() * 100_000),
      });
    const where = () => `subscriber_id = ${t.subscriberId} AND id % ${2 + Math.floor(random() * 6)} = ${Math.floor(random() * 2)}`;
    for (let round = 0; round < 25; round++) {
      const operation = pick(['upsert', 'upsert', 'status', 'amounts', 'move', 'delete'] as const);
      if (operation === 'upsert') {
        // Distinct numbers within one statement: ON CONFLICT may not touch a row twice. Purchases (their own key) are
        // inserted unless already there.
        const batch = new Map<string, string>();
        for (let i = 0; i < 1 + random() * 40; i++) {
          const values = document();
          batch.set(/'X\d+'/.exec(values)?.[0] ?? values, values);
        }
        const sales = [...batch.values()].filter((v) => v.includes("'Sales'"));
        const purchases = [...batch.values()].filter((v) => v.includes("'Purchase'"));
        if (sales.length > 0) {
          await run(`INSERT INTO documents (${COLUMNS}) VALUES ${sales.join(', ')} ON CONFLICT (subscriber_id, entity_id, financial_year, document_type, document_number)
            WHERE direction = 'Sales' DO UPDATE SET taxable = excluded.taxable, document_value = excluded.document_value, status = excluded.status,
            is_draft_document = excluded.is_draft_document`);
        }
        if (purchases.length > 0) await run(`INSERT INTO documents (${COLUMNS}) VALUES ${purchases.join(', ')} ON CONFLICT DO NOTHING`);
      } else if (operation === 'status') {
        await run(`UPDATE documents SET status = '${pick(STATUSES)}' WHERE ${where()}`);
      } else if (operation === 'amounts') {
        await run(
          `UPDATE documents SET taxable = taxable + ${Math.floor(random() * 1000)}, igst = igst * 2, document_value = document_value - 5 WHERE ${where()}`,
        );
      } else if (operation === 'move') {
        await run(
          `UPDATE documents SET return_period = '${pick(['042024', '052024', '062024'])}', is_reverse_charge = NOT is_reverse_charge WHERE ${where()}`,
        );
      } else {
        await run(`DELETE FROM documents WHERE ${where()}`);
      }
      await expectTableExact();
    }
    await expectAnswersExact();
  });
});
