// What the job stores of a run and what is built again from it. The pair view's explanation of every row is the
// engine's own, as the engine explains the run's row over all of the run's documents: whether the job stored the row's
// candidates (an unpaired row of a small supplier family), stored nothing (a pair, a set-aside document: rebuilt from
// the row's documents) or left a large family's candidates to the pair view (a run with no budget for them: worked out
// from the family's documents with the decisions). Books documents that only the GSTR-2A holds are Awaiting 2B, their
// explanation the engine's with the supplier's report (domain awaiting.ts). The rows list's count and totals, read from
// the totals kept per supplier and status, are the sums of the listed rows, also after a manual link changed some.
import {
  RECONCILIATION_API as API,
  RECONCILIATION_ROWS_REPORT,
  type ReconciliationRow,
  type RowDetail,
  type Run,
  type RunDetail,
} from '@opengst/contracts';
import { applyDecisions, awaitingGstr2b, reconcile } from '@opengst/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconciliationRuns } from '../../db/schema';
import { loadSubscriberSettings } from '../../platform/settings/subscriber-settings';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { CHENNAI_GSTIN, DELHI_GSTIN } from '../../test-support/import-fixtures';
import { clientOf, gstinFor, type ApiClient } from '../../test-support/org-fixtures';
import { insertPortal, insertPurchases, waitForRun, type Doc } from '../../test-support/reconciliation-fixtures';
import { activeDecisions, decisionsForRun } from './decisions.repo';
import { keyOfPortal } from './row-record';
import { loadBooks, loadPortal, loadReported } from './run-load.queries';
import { engineSettingsOf, processRun } from './run.job';

/** Two GSTINs of one PAN (one supplier family) and a supplier of its own. */
const ACME_MH = gstinFor('27', 'AAACA1111A', '1');
const ACME_KA = gstinFor('29', 'AAACA1111A', '1');
const BETA = gstinFor('29', 'AAACB2222B', '1');

/**
 * Documents of every kind the engine tells apart: pairs by each rule, differences, look-alikes, one side only, and
 * books documents the supplier reported only in the GSTR-2A (`gstr2a`).
 */
const documentsOf = (delhi: number, chennai: number): { books: Doc[]; portal: Doc[]; gstr2a: Doc[] } => {
  const books: Doc[] = [];
  const portal: Doc[] = [];
  const gstr2a: Doc[] = [];
  [ACME_MH, ACME_KA, BETA].forEach((supplier, s) => {
    for (let n = 1; n <= 12; n++) {
      const entityId = n % 5 === 0 ? chennai : delhi;
      const day = String(1 + ((n * 7 + s) % 27)).padStart(2, '0');
      const base = { entityId, supplierGstin: supplier, supplierName: `Supplier ${s}`, documentDate: `2025-03-${day}` };
      const taxable = 10_000_00 * n + s * 100;
      const igst = Math.round(taxable * 0.18);
      const kind = (n + s) % 8;
      if (kind === 0) {
        books.push({ ...base, documentNumber: `A-${n}`, taxable, igst });
        portal.push({ ...base, documentNumber: `A-${n}`, taxable, igst });
      } else if (kind === 1) {
        books.push({ ...base, documentNumber: `B-${n}`, taxable, igst });
        portal.push({ ...base, documentNumber: `B-${n}`, taxable: taxable + 50, igst });
      } else if (kind === 2) {
        books.push({ ...base, documentNumber: `INV/${String(n).padStart(4, '0')}/24-25`, taxable, igst });
        portal.push({ ...base, documentNumber: `INV-${n}`, taxable, igst });
      } else if (kind === 3) {
        books.push({ ...base, documentNumber: `C-${n}`, taxable, igst });
        portal.push({ ...base, documentNumber: `C-${n}`, taxable, igst: igst - 1_000_00 });
      } else if (kind === 4) {
        books.push({ ...base, documentNumber: `${900 + n}`, taxable, igst });
        portal.push({ ...base, documentNumber: `SUP/${900 + n}`, taxable, igst });
      } else if (kind === 5) {
        books.push({ ...base, documentNumber: `D-${n}`, taxable, igst });
        if (n % 2 === 1) gstr2a.push({ ...base, documentNumber: `D-${n}`, taxable, igst });
      } else if (kind === 6) {
        portal.push({ ...base, documentNumber: `E-${n}`, taxable, igst });
      } else {
        books.push({ ...base, documentNumber: `BILL-${1000 + 10 * n}`, taxable, igst });
        portal.push({ ...base, documentNumber: `BILL-${1000 + 10 * n + 5}`, taxable: taxable * 2, igst: igst * 2 });
      }
    }
  });
  // Reported against the buyer's other GSTIN.
  const other = {
    supplierGstin: BETA,
    supplierName: 'Supplier 2',
    documentNumber: 'R-1',
    documentDate: '2025-03-14',
    taxable: 5_000_00,
    igst: 900_00,
  };
  books.push({ ...other, entityId: delhi });
  portal.push({ ...other, entityId: chennai });
  return { books, portal, gstr2a };
};

/** What the pair view shows of an explanation (row-detail.service.ts). */
const shown = (e: {
  ruleText: string;
  fields: RowDetail['fields'];
  candidates: RowDetail['candidates'];
  reported: { source: string; documentNumber: string; documentDate: string; returnPeriod: string | null } | null;
}) => ({
  ruleText: e.ruleText,
  reported: e.reported && {
    source: e.reported.source,
    documentNumber: e.reported.documentNumber,
    documentDate: e.reported.documentDate,
    returnPeriod: e.reported.returnPeriod,
  },
  fields: e.fields.map((f) => ({
    field: f.field,
    books: f.books,
    portal: f.portal,
    difference: f.difference,
    outcome: f.outcome,
    isMatchColumn: f.isMatchColumn,
  })),
  candidates: e.candidates.map((c) => ({
    side: c.side,
    id: c.id,
    documentNumber: c.documentNumber,
    documentDate: c.documentDate,
    reason: c.reason,
  })),
});

describe.each(ENGINES)("a run's stored results, on %s", (engine) => {
  let h: Harness;
  let tenant: Tenant;
  let api: ApiClient;
  let delhi: number;
  let chennai: number;

  beforeAll(async () => {
    h = await startHarness(engine);
    tenant = await createTenant(h);
    api = clientOf(h, await signIn(h.app, tenant));
    [, delhi = 0, chennai = 0] = tenant.entityIds;
    const { books, portal, gstr2a } = documentsOf(delhi, chennai);
    const { db } = h.ctx.database;
    const gstinOf = (id: number) => (id === delhi ? DELHI_GSTIN : CHENNAI_GSTIN);
    await insertPurchases(db, tenant.subscriberId, books);
    await insertPortal(db, tenant.subscriberId, gstinOf, portal);
    await insertPortal(db, tenant.subscriberId, gstinOf, gstr2a, 'GSTR2A');
  }, 180_000);
  afterAll(async () => {
    await h.close();
  });

  /** Every row's pair view against the engine's explanation of the same row over all of the run's documents. */
  const expectEngineExplanations = async (runId: number) => {
    const { db } = h.ctx.database;
    const [run] = await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, runId));
    const scope = { ...run!, portalSource: run!.portalSource };
    const books = await loadBooks(db, scope);
    const portal = await loadPortal(db, scope);
    const settings = engineSettingsOf((await loadSubscriberSettings(db, tenant.subscriberId)).reconciliation);
    const decisions = decisionsForRun(
      await activeDecisions(db, tenant.subscriberId),
      new Set(books.map((d) => d.id)),
      new Map(portal.map((d) => [keyOfPortal(d), d.id])),
    );
    const decided = applyDecisions(reconcile(books, portal, settings), decisions).result;
    const engineRows = awaitingGstr2b(decided, await loadReported(db, scope, [ACME_MH, ACME_KA, BETA])).rows;
    const byKey = new Map(engineRows.map((r) => [`${r.purchases.map((d) => d.id).join('+')}|${r.portal.map((d) => d.id).join('+')}`, r]));
    const listed = (await api.post(RECONCILIATION_ROWS_REPORT.endpoints.search.path, { filters: { runId }, size: 500 })).json().data
      .items as ReconciliationRow[];
    expect(listed.length).toBe(engineRows.length);
    const statuses = new Set<string>();
    for (const row of listed) {
      const detail = (await api.get(API.row, { rowId: row.id })).json().data as RowDetail;
      const key = `${detail.books.map((d) => d.id).join('+')}|${detail.portal.map((d) => d.id).join('+')}`;
      const expected = byKey.get(key)?.explanation;
      expect(expected, key).toBeDefined();
      expect(shown(detail), `${row.status} ${key}`).toEqual(shown(expected!));
      statuses.add(row.status);
    }
    return statuses;
  };

  /** The list's count and totals under filters the kept totals answer, against the sums of the rows it lists. */
  const expectTotalsOfRows = async (runId: number) => {
    const all = (await api.post(RECONCILIATION_ROWS_REPORT.endpoints.search.path, { filters: { runId }, size: 500 })).json().data
      .items as ReconciliationRow[];
    const cases: { statuses?: string[]; supplierGstins?: string[] }[] = [
      {},
      { statuses: ['PR only', 'GST only'] },
      { statuses: ['Awaiting 2B'], supplierGstins: [BETA] },
      { supplierGstins: [ACME_MH, BETA.toLowerCase()] },
      { statuses: ['Matched', 'Mismatched'], supplierGstins: [ACME_KA] },
    ];
    for (const filters of cases) {
      const found = (await api.post(RECONCILIATION_ROWS_REPORT.endpoints.search.path, { filters: { runId, ...filters } })).json().data as {
        totalRecords: number;
        totals: Record<string, number>;
      };
      const rows = all.filter(
        (r) =>
          (!filters.statuses || filters.statuses.includes(r.status)) &&
          (!filters.supplierGstins || filters.supplierGstins.map((g) => g.toUpperCase()).includes(r.supplierGstin)),
      );
      const sum = (key: keyof ReconciliationRow) => rows.reduce((t, r) => t + Number(r[key]), 0);
      expect(found, JSON.stringify(filters)).toEqual({
        ...found,
        totalRecords: rows.length,
        totals: {
          booksTaxable: sum('booksTaxable'),
          booksTax: sum('booksTax'),
          portalTaxable: sum('portalTaxable'),
          portalTax: sum('portalTax'),
          taxDifference: sum('taxDifference'),
          itcAtRisk: sum('itcAtRisk'),
        },
      });
    }
    const detail = (await api.get(API.run, { runId })).json().data as RunDetail;
    expect(Object.fromEntries(detail.byStatus.map((s) => [s.status, s.rows]))).toEqual(
      all.reduce<Record<string, number>>((counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }), {}),
    );
    expect(detail.run.itcAtRisk).toBe(all.reduce((t, r) => t + r.itcAtRisk, 0));
  };

  it('explain each row as the engine does: rows whose candidates the job stored, and rows it stored nothing of', async () => {
    const start = await api.post(API.runStart, { entityIds: [delhi, chennai], fromPeriod: '032025', toPeriod: '032025' });
    const run = (await waitForRun(api, (start.json().data as Run).id)).run;
    expect(run.status).toBe('Completed');
    const statuses = await expectEngineExplanations(run.id);
    await expectTotalsOfRows(run.id);
    expect([...statuses].sort()).toEqual(
      [
        'Awaiting 2B',
        'GST only',
        'Matched',
        'Matched due to tolerance',
        'Mismatched',
        'Near matched',
        'PR only',
        'Recipient GSTIN differs',
      ].sort(),
    );
  });

  it('explain unpaired rows the job left to the pair view, with a user’s link replayed; totals follow a link', async () => {
    const { db } = h.ctx.database;
    const [last] = await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.subscriberId, tenant.subscriberId));
    const rows = (await api.post(RECONCILIATION_ROWS_REPORT.endpoints.search.path, { filters: { runId: last!.id }, size: 500 })).json().data
      .items as ReconciliationRow[];
    const booksOnly = rows.find((r) => r.status === 'PR only' && r.supplierGstin === ACME_MH)!;
    const portalOnly = rows.find((r) => r.status === 'GST only' && r.supplierGstin === ACME_KA)!;
    const booksId = (await api.get(API.row, { rowId: booksOnly.id })).json().data.books[0].id;
    const portalId = (await api.get(API.row, { rowId: portalOnly.id })).json().data.portal[0].id;
    const link = await api.post(API.link, { runId: last!.id, purchaseIds: [booksId], portalIds: [portalId] });
    expect(link.statusCode, link.body).toBe(200);
    await expectTotalsOfRows(last!.id);

    // A run the job explains nothing of: every unpaired row's candidates are worked out when its pair view opens.
    const { id: _id, ...fields } = last!;
    const [queued] = await db
      .insert(reconciliationRuns)
      .values({ ...fields, status: 'YetNotStarted', stage: null, supersededBy: null, createdAt: new Date() })
      .returning({ id: reconciliationRuns.id });
    await processRun({ db, now: () => new Date(), explainBudget: 0 }, queued!.id);
    const stored = await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, queued!.id));
    expect(stored[0]?.status).toBe('Completed');
    const statuses = await expectEngineExplanations(queued!.id);
    await expectTotalsOfRows(queued!.id);
    expect(statuses.has('PR only') && statuses.has('GST only') && statuses.has('Awaiting 2B')).toBe(true);
  });
});
