// The number search of the rows and documents lists: a part of a bill's number, typed in any case, finds the row by
// its books number and by its portal number (a renumbered pair has two different numbers), and a document by its own
// number; a text spanning the two numbers, or with LIKE's wildcards, finds nothing. The search's conditions are ones
// the rows' trigram index (reconciliation_rows_numbers, in each run's partition) answers, so a million rows are not
// read one by one; a run's partition, built bare and attached as the job does it, has each of the parent's indexes
// once, attached to it (not built again by ATTACH).
import {
  RECONCILIATION_API as API,
  RECONCILIATION_DOCUMENTS_REPORT,
  RECONCILIATION_ROWS_REPORT,
  type ReconciliationRow,
  type Run,
} from '@opengst/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { reconciliationDocuments } from '../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { DELHI_GSTIN } from '../../test-support/import-fixtures';
import { clientOf, gstinFor, type ApiClient } from '../../test-support/org-fixtures';
import { insertPortal, insertPurchases, waitForRun, type Doc } from '../../test-support/reconciliation-fixtures';
import { documentNumberSearch, rowConditions } from './reports.source';
import { attachRunTable, createRunTable, dropRunRows, partitionOf } from './run-partition';

const ACME = gstinFor('27', 'AAACA1111A', '1');

describe.each(ENGINES)('the number search, on %s', (engine) => {
  let h: Harness;
  let tenant: Tenant;
  let api: ApiClient;
  let runId: number;

  beforeAll(async () => {
    h = await startHarness(engine);
    tenant = await createTenant(h);
    api = clientOf(h, await signIn(h.app, tenant));
    const [, delhi = 0] = tenant.entityIds;
    const base = {
      entityId: delhi,
      supplierGstin: ACME,
      supplierName: 'Acme',
      documentDate: '2025-03-10',
      taxable: 10_000_00,
      igst: 1_800_00,
    };
    // The books number and the supplier's differ (the engine pairs them by the normalised number); two bills of
    // other numbers, one each side only.
    const books: Doc[] = [
      { ...base, documentNumber: 'PUR/0731/24-25' },
      { ...base, documentNumber: 'AB-5501', documentDate: '2025-03-12', taxable: 20_000_00, igst: 3_600_00 },
    ];
    const portal: Doc[] = [
      { ...base, documentNumber: 'Pur-731' },
      { ...base, documentNumber: 'ZQ-88', documentDate: '2025-03-20', taxable: 30_000_00, igst: 5_400_00 },
    ];
    const { db } = h.ctx.database;
    await insertPurchases(db, tenant.subscriberId, books);
    await insertPortal(db, tenant.subscriberId, () => DELHI_GSTIN, portal);
    const start = await api.post(API.runStart, { entityIds: [delhi], fromPeriod: '032025', toPeriod: '032025' });
    expect(start.statusCode, start.body).toBe(200);
    runId = (start.json().data as Run).id;
    expect((await waitForRun(api, runId)).run.status).toBe('Completed');
  }, 180_000);
  afterAll(async () => {
    await h.close();
  });

  const rowsFound = async (documentNumber: string) => {
    const res = await api.post(RECONCILIATION_ROWS_REPORT.endpoints.search.path, { filters: { runId, documentNumber } });
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json().data as { items: ReconciliationRow[]; totalRecords: number };
    expect(found.totalRecords).toBe(found.items.length);
    return found.items.map((r) => `${r.booksNumber ?? ''}|${r.portalNumber ?? ''}`);
  };
  const documentsFound = async (side: 'books' | 'portal', documentNumber: string) => {
    const res = await api.post(RECONCILIATION_DOCUMENTS_REPORT.endpoints.search.path, { filters: { runId, side, documentNumber } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.items as { documentNumber: string }[]).map((d) => d.documentNumber);
  };

  it('finds a row by a middle part of its books number and of its portal number, in any case', async () => {
    expect(await rowsFound('')).toHaveLength(3);
    expect(await rowsFound('0731/24')).toEqual(['PUR/0731/24-25|Pur-731']);
    expect(await rowsFound('r-73')).toEqual(['PUR/0731/24-25|Pur-731']);
    expect(await rowsFound('  UR-7  ')).toEqual(['PUR/0731/24-25|Pur-731']);
    expect(await rowsFound('b-55')).toEqual(['AB-5501|']);
    expect(await rowsFound('q-8')).toEqual(['|ZQ-88']);
    // Not a text running from one number into the other, and LIKE's wildcards are the characters themselves.
    expect(await rowsFound('24-25 Pur')).toEqual([]);
    expect(await rowsFound('PUR_0731')).toEqual([]);
    expect(await rowsFound('PUR%731')).toEqual([]);
  });

  it('finds a document by a part of its own number, on its side', async () => {
    expect(await documentsFound('books', '0731/24')).toEqual(['PUR/0731/24-25']);
    expect(await documentsFound('portal', '0731/24')).toEqual([]);
    expect(await documentsFound('portal', 'r-73')).toEqual(['Pur-731']);
    expect(await documentsFound('books', 'r-73')).toEqual([]);
    expect(await documentsFound('portal', 'zq')).toEqual(['ZQ-88']);
  });

  it("can be answered by the rows' trigram index, and a run's page by its partition's key", async () => {
    const { db } = h.ctx.database;
    // 5,000 rows of a run of their own (no run record: only the plans are read), each number of its own, stored as
    // the job stores a run's: into a bare table, then indexed and attached.
    const planRun = runId + 1_000_000;
    const table = await createRunTable(db, planRun);
    await db.execute(sql`
      INSERT INTO ${sql.raw(table)} (run_id, subscriber_id, status, rule, supplier_gstin, gstin, document_type, books_number,
        portal_number, purchase_ids, portal_ids, portal_keys)
      SELECT ${planRun}, ${tenant.subscriberId}, 'Matched', 'exact', ${ACME}, ${DELHI_GSTIN}, 'INV', upper(left(md5('b' || i), 12)),
        upper(left(md5('p' || i), 12)), ARRAY[i]::bigint[], ARRAY[i]::bigint[], ARRAY['k' || i]
        FROM generate_series(1, 5000) AS i`);
    const part = createHash('md5').update('b4321').digest('hex').slice(3, 9);
    try {
      await attachRunTable(db, planRun);
      // Each index of the parent has one match in the partition, attached to it; the partition has no other.
      const indexes = await rowsOf<{ parent: string | null }>(
        db,
        sql`SELECT p.relname AS parent FROM pg_index i
              LEFT JOIN pg_inherits h ON h.inhrelid = i.indexrelid LEFT JOIN pg_class p ON p.oid = h.inhparent
             WHERE i.indrelid = ${table}::regclass ORDER BY 1`,
      );
      expect(indexes.map((i) => i.parent)).toEqual([
        'reconciliation_rows_itc_at_risk',
        'reconciliation_rows_numbers',
        'reconciliation_rows_pkey',
        'reconciliation_rows_status',
        'reconciliation_rows_supplier',
        'reconciliation_rows_tax_difference',
      ]);
      // A table this small is read whole at least as cheaply: without that choice, the plan shows whether the
      // conditions are ones the index answers (the expression spelled as the index's). At a million rows the
      // planner takes the index by itself (npm run bench -- reconcile-job, number search).
      const plan = (condition: SQL, from: SQL) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL enable_seqscan = off`);
          const lines = await rowsOf<Record<string, string>>(
            tx,
            sql`EXPLAIN SELECT id FROM ${from} WHERE ${condition} ORDER BY id LIMIT 50`,
          );
          return lines.map((line) => Object.values(line)[0]).join('\n');
        });
      const numbers = `${partitionOf(planRun)}_numbers`;
      const rows = await plan(rowConditions({ runId: planRun, documentNumber: part })!, sql`reconciliation_rows`);
      expect(rows).toContain(numbers);
      const documents = await plan(
        sql`${reconciliationDocuments.runId} = ${planRun} AND ${documentNumberSearch(part)}`,
        sql`${reconciliationDocuments}`,
      );
      expect(documents).toContain(numbers);
      // A run's page in id order reads its partition's key (id, run_id): no (run_id, id) index is needed (0028).
      const page = await plan(sql`run_id = ${planRun}`, sql`reconciliation_rows`);
      expect(page).toMatch(new RegExp(`Index (Only )?Scan using ${partitionOf(planRun)}_pkey`));
    } finally {
      await dropRunRows(db, planRun);
    }
  });
});
