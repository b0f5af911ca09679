// Documents for the register tests, written straight into the tables where a test needs statuses, sources, drafts
// and locations the import would not give it (the import itself is used for the imported documents).
import { REGISTER_API as R } from '@opengst/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { documentItems, documents, entities, savedReports, userEntities, users } from '../db/schema';
import type { Harness, Tenant } from './harness';
import { type clientOf, gstinFor, TENANT_PAN } from './org-fixtures';

type DocumentValues = Partial<typeof documents.$inferInsert>;
type ItemValues = {
  taxable: number;
  igst?: number;
  cgst?: number;
  sgst?: number;
  cess?: number;
  rate?: number;
  hsn?: string;
  description?: string;
  quantity?: number;
};

/** A final sales document of the location with these items (amounts in paise); header totals are the items' sums. */
export const insertDocument = async (
  h: Harness,
  tenant: Tenant,
  entityId: number,
  values: DocumentValues,
  items: ItemValues[] = [{ taxable: 100_000, igst: 18_000, rate: 18_000 }],
): Promise<number> => {
  const sum = (k: 'taxable' | 'igst' | 'cgst' | 'sgst' | 'cess') => items.reduce((n, it) => n + (it[k] ?? 0), 0);
  const date = values.documentDate ?? '2024-04-15';
  const [row] = await h.ctx.database.db
    .insert(documents)
    .values({
      subscriberId: tenant.subscriberId,
      entityId,
      direction: 'Sales',
      financialYear: '2024-25',
      returnPeriod: `${date.slice(5, 7)}${date.slice(0, 4)}`,
      documentType: 'INV',
      documentNumber: `D-${Math.random().toString(36).slice(2, 10)}`,
      documentDate: date,
      counterpartyGstin: gstinFor('33', 'AAACB5678B', '1'),
      counterpartyName: 'Bharat Traders',
      placeOfSupply: '33',
      taxable: sum('taxable'),
      igst: sum('igst'),
      cgst: sum('cgst'),
      sgst: sum('sgst'),
      cess: sum('cess'),
      documentValue: sum('taxable') + sum('igst') + sum('cgst') + sum('sgst') + sum('cess'),
      source: 'Manual',
      ...values,
    })
    .returning({ id: documents.id });
  if (!row) throw new Error('document not inserted');
  if (items.length > 0) {
    await h.ctx.database.db.insert(documentItems).values(
      items.map((it, i) => ({
        documentId: row.id,
        lineNumber: i + 1,
        hsn: it.hsn ?? '84713010',
        description: it.description ?? 'Laptop',
        uqc: 'NOS',
        quantity: it.quantity ?? 1000,
        rate: it.rate ?? 18_000,
        taxable: it.taxable,
        igst: it.igst ?? 0,
        cgst: it.cgst ?? 0,
        sgst: it.sgst ?? 0,
        cess: it.cess ?? 0,
      })),
    );
  }
  return row.id;
};

/** A child location under the location, granted to the users given. */
export const addChildLocation = async (
  h: Harness,
  tenant: Tenant,
  parentId: number,
  stateCode: string,
  grantees: number[],
): Promise<number> => {
  const [row] = await h.ctx.database.db
    .insert(entities)
    .values({
      subscriberId: tenant.subscriberId,
      parentEntityId: parentId,
      entityType: 'ChildLocation',
      entityName: `Warehouse ${stateCode}`,
      pan: TENANT_PAN,
      gstin: gstinFor(stateCode, TENANT_PAN, '2'),
      stateCode,
      taxpayerType: 'Regular',
    })
    .returning({ id: entities.id });
  if (!row) throw new Error('child location not inserted');
  if (grantees.length > 0) await h.ctx.database.db.insert(userEntities).values(grantees.map((userId) => ({ userId, entityId: row.id })));
  return row.id;
};

/** A saved report of this user (any subscriber's), written directly: the cross-tenant sweep deletes it from outside. */
export const insertSavedReport = async (h: Harness, userId: number): Promise<number> => {
  const { db } = h.ctx.database;
  const [user] = await db.select({ subscriberId: users.subscriberId }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  const [row] = await db
    .insert(savedReports)
    .values({ subscriberId: user.subscriberId, userId, module: 'RegularSales', name: `Report ${userId}`, filters: {} })
    .returning({ id: savedReports.id });
  if (!row) throw new Error('saved report not inserted');
  return row.id;
};

type Api = ReturnType<typeof clientOf>;
type RegisterSweep = {
  route: string;
  call: (
    api: Api,
    b: { location: number; import: number; user: number },
    raw: { h: Harness; token: string },
  ) => Promise<LightMyRequestResponse>;
  expect: 'notFound' | 'empty' | 'emptyXlsx';
};

/**
 * The register routes in the cross-tenant sweep (tenant-sweep.test.ts): B's location as a chip is "not found"
 * everywhere, B's import as a filter finds nothing, and B's saved report cannot be deleted.
 */
export const registerSweeps = (): RegisterSweep[] => {
  const chip = (url: string): RegisterSweep => ({
    route: `POST ${url}`,
    expect: 'notFound',
    call: (api, b) => api.post(url, { filters: { entityIds: [b.location] } }),
  });
  return [
    ...[
      R.salesSearch,
      R.purchaseSearch,
      R.salesStatusCount,
      R.purchaseStatusCount,
      R.salesExport,
      R.purchaseExport,
      R.salesSummarySearch,
      R.purchaseSummarySearch,
    ].map(chip),
    { route: `POST ${R.salesSearch}`, expect: 'empty', call: (api, b) => api.post(R.salesSearch, { filters: { importId: b.import } }) },
    { route: `POST ${R.salesExport}`, expect: 'emptyXlsx', call: (api, b) => api.post(R.salesExport, { filters: { importId: b.import } }) },
    {
      route: `POST ${R.salesSummarySearch}`,
      expect: 'empty',
      call: (api, b) => api.post(R.salesSummarySearch, { filters: { importId: b.import } }),
    },
    {
      route: `POST ${R.savedReportSave}`,
      expect: 'notFound',
      call: (api, b) => api.post(R.savedReportSave, { module: 'RegularSales', name: 'Into B', filters: { entityIds: [b.location] } }),
    },
    {
      route: `POST ${R.savedReportDelete}`,
      expect: 'notFound',
      call: async (api, b, raw) => api.post(R.savedReportDelete, { id: await insertSavedReport(raw.h, b.user) }),
    },
  ];
};

/** The caller's own saved reports. */
export const REGISTER_NO_RECORD_IDS = [`GET ${R.savedReports}`];
