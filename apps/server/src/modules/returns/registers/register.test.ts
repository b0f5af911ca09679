import { REGISTER_API as R, type RegisterItem, type RegisterSearchResponse, type StatusCountItem } from '@opengst/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, documents, documentSummaries } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import { EXPORT_MAX_ROWS } from '../../../platform/reports/report.queries';
import { exportRegister } from './register-export.service';
import { saveInstallationSettings } from '../../../platform/settings/installation-settings';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';
import { csvOf, CUSTOMER_GSTIN, DELHI_GSTIN, headerOf, importFile, readXlsx, saleRow } from '../../../test-support/import-fixtures';
import { clientOf, gstinFor, signInLimitedUser } from '../../../test-support/org-fixtures';
import { addChildLocation, insertDocument } from '../../../test-support/register-fixtures';

const OTHER_CUSTOMER = gstinFor('27', 'AAACZ9999Z', '1');

describe.each(ENGINES)('sales and purchase registers on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let other: Tenant;
  let api: ReturnType<typeof clientOf>;
  let business: number;
  let delhi: number;
  let chennai: number;
  let warehouse: number;
  let importId: number;

  const search = async (body: object, client = api): Promise<RegisterSearchResponse> => {
    const res = await client.post(R.salesSearch, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as RegisterSearchResponse;
  };
  const numbers = (r: RegisterSearchResponse) => r.items.map((i) => i.documentNumber);
  const sorted = (list: string[]) => [...list].sort();

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    other = await createTenant(h);
    [business, delhi, chennai] = t.entityIds as [number, number, number];
    api = clientOf(h, await signIn(h.app, t));
    warehouse = await addChildLocation(h, t, delhi, '07', [t.adminUserId]);

    // Imported: two Delhi invoices, the first with two item lines.
    const csv = csvOf([
      headerOf(),
      saleRow({ documentNumber: 'IMP/1' }),
      saleRow({ documentNumber: 'IMP/1', description: 'Mouse', taxable: '500', igst: '90' }),
      saleRow({ documentNumber: 'IMP/2', documentDate: '20-05-2024', taxable: '2000', igst: '360' }),
    ]);
    const imported = await importFile(h, await signIn(h.app, t), 'sales.csv', csv);
    expect(imported.progress.status).toBe('Success');
    importId = imported.importId;

    // Keyed in: other locations, periods, types, statuses and counterparties.
    await insertDocument(
      h,
      t,
      chennai,
      { documentNumber: 'CH/1', documentDate: '2024-06-10', status: 'Generated', placeOfSupply: '33', supplyType: 'B2B' },
      [{ taxable: 300_000, cgst: 27_000, sgst: 27_000 }],
    );
    await insertDocument(
      h,
      t,
      chennai,
      {
        documentNumber: 'CH/CRN/1',
        documentType: 'CRN',
        documentDate: '2024-06-20',
        status: 'Approved',
        isReverseCharge: true,
        counterpartyGstin: OTHER_CUSTOMER,
        counterpartyName: 'Zenith Metals',
        placeOfSupply: '27',
      },
      [{ taxable: 50_000, igst: 9_000 }],
    );
    await insertDocument(
      h,
      t,
      warehouse,
      {
        documentNumber: 'WH/1',
        documentDate: '2025-04-02',
        financialYear: '2025-26',
        status: 'Completed',
        supplyType: 'EXPWP',
        counterpartyName: '=HYPERLINK("http://evil.test","click")',
      },
      [
        { taxable: 700_000, igst: 126_000 },
        { taxable: 10_000, igst: 1_800 },
        { taxable: 5, igst: 1 },
      ],
    );
    // Never listed: a draft, a purchase, and another subscriber's invoice.
    await insertDocument(h, t, delhi, { documentNumber: 'DRAFT/1', isDraftDocument: true, status: 'Draft' });
    await insertDocument(h, t, delhi, {
      documentNumber: 'PUR/1',
      direction: 'Purchase',
      counterpartyGstin: gstinFor('27', 'AAACS4321K', '1'),
    });
    await insertDocument(h, other, other.entityIds[1] ?? 0, { documentNumber: 'OTHER/1' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('lists the final sales documents of every location the user sees, newest first, with totals, item counts and the location', async () => {
    const r = await search({});
    expect(r.totalRecords).toBe(5);
    expect(r.items.map((i) => i.id)).toEqual([...r.items.map((i) => i.id)].sort((a, b) => b - a));
    expect(sorted(numbers(r))).toEqual(['CH/1', 'CH/CRN/1', 'IMP/1', 'IMP/2', 'WH/1']);
    const imp1 = r.items.find((i) => i.documentNumber === 'IMP/1')!;
    expect(imp1).toMatchObject({
      entityId: delhi,
      entityName: 'Delhi',
      gstin: DELHI_GSTIN,
      financialYear: '2024-25',
      returnPeriod: '042024',
      documentType: 'INV',
      documentDate: '2024-04-15',
      counterpartyGstin: CUSTOMER_GSTIN,
      counterpartyName: 'Bharat Traders',
      taxable: 150_050,
      igst: 27_009,
      documentValue: 177_059,
      itemCount: 2,
      status: 'YetNotGenerated',
      source: 'Import',
      importId,
    });
    expect(r.items.find((i) => i.documentNumber === 'WH/1')).toMatchObject({
      entityId: warehouse,
      entityName: 'Warehouse 07',
      itemCount: 3,
      taxable: 710_005,
    });
    // Totals over every match: 150,050 + 200,000 + 300,000 − 50,000 (a credit note) + 710,005 paise taxable.
    expect(r.totals).toEqual({
      taxable: 1_310_055,
      igst: 27_009 + 36_000 - 9_000 + 127_801,
      cgst: 27_000,
      sgst: 27_000,
      cess: 0,
      documentValue: 1_310_055 + 181_810 + 54_000,
    });
  });

  it('pages by the pageSize setting and loads more from a start, totals and count unchanged', async () => {
    await saveInstallationSettings(h.ctx.database.db, { pageSize: 10 });
    for (let n = 1; n <= 8; n++) await insertDocument(h, t, chennai, { documentNumber: `PAGE/${n}`, documentDate: '2024-07-01' });
    try {
      const first = await search({});
      expect(first.items).toHaveLength(10);
      expect(first.totalRecords).toBe(13);
      const more = await search({ start: 10 });
      expect(more.items).toHaveLength(3);
      expect(more.totals).toEqual(first.totals);
      const whole = await search({ size: 13 });
      expect([...first.items, ...more.items].map((i) => i.id)).toEqual(whole.items.map((i) => i.id));
      expect((await search({ start: 13 })).items).toEqual([]);
    } finally {
      await saveInstallationSettings(h.ctx.database.db, { pageSize: 50 });
      const rows = await search({ size: 50, filters: { documentNumbers: Array.from({ length: 8 }, (_, i) => `PAGE/${i + 1}`) } });
      expect(rows.totalRecords).toBe(8);
      await h.ctx.database.db.delete(documents).where(
        inArray(
          documents.id,
          rows.items.map((i) => i.id),
        ),
      );
    }
  });

  it('applies each filter', async () => {
    const f = async (filters: object) => sorted(numbers(await search({ filters })));
    expect(await f({ financialYear: '2025-26' })).toEqual(['WH/1']);
    expect(await f({ financialYear: '2024-25', returnPeriods: ['052024', '062024'] })).toEqual(['CH/1', 'CH/CRN/1', 'IMP/2']);
    expect(await f({ fromDate: '2024-05-20', toDate: '2024-06-10' })).toEqual(['CH/1', 'IMP/2']);
    expect(await f({ documentTypes: ['crn'] })).toEqual(['CH/CRN/1']);
    expect(await f({ supplyTypes: ['EXPWP'] })).toEqual(['WH/1']);
    expect(await f({ statuses: ['Generated', 'Completed'] })).toEqual(['CH/1', 'WH/1']);
    expect(await f({ sourceTypes: ['Import'] })).toEqual(['IMP/1', 'IMP/2']);
    expect(await f({ documentNumbers: ['IMP/1', 'CH/1', 'NOPE'] })).toEqual(['CH/1', 'IMP/1']);
    expect(await f({ documentNumbers: ['imp/'] })).toEqual([]);
    expect(await f({ documentNumbers: ['imp/', 'crn'], isDocNumberLikeSearch: true })).toEqual(['CH/CRN/1', 'IMP/1', 'IMP/2']);
    expect(await f({ documentNumbers: ['%'], isDocNumberLikeSearch: true })).toEqual([]);
    expect(await f({ gstins: [OTHER_CUSTOMER.toLowerCase()] })).toEqual(['CH/CRN/1']);
    expect(await f({ pans: ['AAACZ9999Z'] })).toEqual(['CH/CRN/1']);
    expect(await f({ placesOfSupply: ['27'] })).toEqual(['CH/CRN/1']);
    expect(await f({ isReverseCharge: true })).toEqual(['CH/CRN/1']);
    expect(await f({ importId })).toEqual(['IMP/1', 'IMP/2']);
    expect(await f({ text: 'zenith' })).toEqual(['CH/CRN/1']);
    expect(await f({ text: 'wh/' })).toEqual(['WH/1']);
    expect(await f({ text: OTHER_CUSTOMER.slice(2, 12) })).toEqual(['CH/CRN/1']);
    expect(await f({ financialYear: '2024-25', statuses: ['YetNotGenerated'], documentTypes: ['INV'] })).toEqual(['IMP/1', 'IMP/2']);
    // Purchases are a register of their own.
    const purchases = await api.post(R.purchaseSearch, {});
    expect(purchases.json().data.items.map((i: RegisterItem) => i.documentNumber)).toEqual(['PUR/1']);
  });

  it('expands a business chip to all its locations and a location chip to its child locations', async () => {
    const f = async (entityIds: number[], client = api) => sorted(numbers(await search({ filters: { entityIds } }, client)));
    expect(await f([business])).toEqual(['CH/1', 'CH/CRN/1', 'IMP/1', 'IMP/2', 'WH/1']);
    expect(await f([delhi])).toEqual(['IMP/1', 'IMP/2', 'WH/1']);
    expect(await f([warehouse])).toEqual(['WH/1']);
    expect(await f([chennai, warehouse])).toEqual(['CH/1', 'CH/CRN/1', 'WH/1']);
    // A user who sees the business and Delhi only: the business chip covers just what they may see.
    const limited = clientOf(h, (await signInLimitedUser(h, t, ['SalesView'], [business, delhi])).token);
    expect(await f([business], limited)).toEqual(['IMP/1', 'IMP/2']);
  });

  it('keeps to the locations the user may see: 403 for another of their subscriber, 404 for another subscriber', async () => {
    const limited = clientOf(h, (await signInLimitedUser(h, t, ['SalesView', 'SalesExport'], [delhi])).token);
    const own = await search({ size: 100 }, limited);
    expect(sorted(numbers(own))).toEqual(['IMP/1', 'IMP/2']);
    expect(own.totals.taxable).toBe(350_050);
    for (const route of [R.salesSearch, R.salesStatusCount, R.salesExport, R.salesSummarySearch]) {
      const refused = await limited.post(route, { filters: { entityIds: [chennai] } });
      expect(refused.statusCode, route).toBe(403);
      expect(refused.json().errors[0].code).toBe('GEN0010');
      const foreign = await api.post(route, { filters: { entityIds: [other.entityIds[1]] } });
      expect(foreign.statusCode, route).toBe(404);
      expect(foreign.body).not.toContain('OTHER/1');
    }
    const counts = (await limited.post(R.salesStatusCount, {})).json().data.items as StatusCountItem[];
    expect(counts.find((c) => c.status === 'Generated')?.count).toBe(0);
    expect(counts[0]?.total).toBe(2);
    // A user without the register's right.
    const noRight = clientOf(h, (await signInLimitedUser(h, t, ['PurchaseView'], [delhi])).token);
    expect((await noRight.post(R.salesSearch, {})).statusCode).toBe(403);
    expect((await limited.post(R.purchaseSearch, {})).statusCode).toBe(403);
  });

  it('sorts by the allowed fields with the id as tie-break, and refuses any other', async () => {
    const byValue = await search({ sortExpression: 'documentValue DESC' });
    expect(byValue.items.map((i) => i.documentValue)).toEqual([...byValue.items.map((i) => i.documentValue)].sort((a, b) => b - a));
    expect(byValue.items[0]?.documentNumber).toBe('WH/1');
    const byNumber = await search({ sortExpression: 'documentNumber ASC' });
    expect(numbers(byNumber)).toEqual(['CH/1', 'CH/CRN/1', 'IMP/1', 'IMP/2', 'WH/1']);
    const byStatus = await search({ sortExpression: 'status asc' });
    const imps = byStatus.items.filter((i) => i.status === 'YetNotGenerated').map((i) => i.id);
    expect(imps).toEqual([...imps].sort((a, b) => a - b));
    for (const bad of ['subscriberId DESC', 'id; drop table documents', 'documentValue SIDEWAYS']) {
      const res = await api.post(R.salesSearch, { sortExpression: bad });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ code: 'GEN0009', propertyName: 'SortExpression' });
    }
  });

  it('counts every status over the filters without the status filter', async () => {
    const res = await api.post(R.salesStatusCount, { filters: { financialYear: '2024-25', statuses: ['Generated'] } });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as StatusCountItem[];
    expect(items.map((i) => i.status)).toEqual(['YetNotGenerated', 'Generated', 'Completed', 'Draft', 'Approved', 'Rejected']);
    expect(Object.fromEntries(items.map((i) => [i.status, i.count]))).toEqual({
      YetNotGenerated: 2,
      Generated: 1,
      Completed: 0,
      Draft: 0,
      Approved: 1,
      Rejected: 0,
    });
    expect(items.every((i) => i.total === 4)).toBe(true);
  });

  it('refuses a bulk list longer than the maxBulkSearchKeywords setting, and a value longer than its maximum', async () => {
    await saveInstallationSettings(h.ctx.database.db, { maxBulkSearchKeywords: 3 });
    try {
      expect((await search({ filters: { documentNumbers: ['A', 'B', 'C'] } })).totalRecords).toBe(0);
      for (const [key, propertyName, value] of [
        ['documentNumbers', 'DocumentNumbers', 'N'],
        ['gstins', 'Gstins', 'G'],
        ['pans', 'Pans', 'P'],
      ] as const) {
        const res = await api.post(R.salesSearch, { filters: { [key]: [1, 2, 3, 4].map((n) => `${value}${n}`) } });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors[0]).toEqual({
          code: 'GEN0009',
          type: 'Error',
          propertyName,
          message: 'Apply at most 3 values at a time: remove some lines.',
        });
      }
      const status = await api.post(R.salesStatusCount, { filters: { documentNumbers: ['1', '2', '3', '4'] } });
      expect(status.statusCode).toBe(422);
    } finally {
      await saveInstallationSettings(h.ctx.database.db, { maxBulkSearchKeywords: 1000 });
    }
    const long = await api.post(R.salesSearch, { filters: { documentNumbers: ['12345678901234567'] } });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors[0].propertyName).toBe('Filters.DocumentNumbers[0]');
  });

  it('exports one row per item line with the header columns, in the sort order, with formulas neutralised', async () => {
    const res = await api.post(R.salesExport, { sortExpression: 'documentNumber ASC', filters: { financialYear: null } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(res.rawPayload);
    const header = rows[0] ?? [];
    const col = (name: string) => header.indexOf(name);
    // 1 + 1 + 2 (IMP/1) + 1 (IMP/2) + 3 (WH/1) item lines, and the header.
    expect(rows).toHaveLength(9);
    expect(rows.slice(1).map((r) => r[col('Document number')])).toEqual([
      'CH/1',
      'CH/CRN/1',
      'IMP/1',
      'IMP/1',
      'IMP/2',
      'WH/1',
      'WH/1',
      'WH/1',
    ]);
    const imp1 = rows.filter((r) => r[col('Document number')] === 'IMP/1');
    expect(
      imp1.map((r) => [r[col('Line')], r[col('Description')], r[col('Taxable value (₹)')], r[col('IGST (₹)')], r[col('Rate (%)')]]),
    ).toEqual([
      ['1', 'Laptop', '1000.5', '180.09', '18'],
      ['2', 'Mouse', '500', '90', '18'],
    ]);
    expect(imp1[0]).toEqual(
      expect.arrayContaining([
        DELHI_GSTIN,
        'Delhi',
        '2024-25',
        'Apr 2024',
        'INV',
        '2024-04-15',
        CUSTOMER_GSTIN,
        'Bharat Traders',
        '1770.59',
      ]),
    );
    const wh = rows.find((r) => r[col('Document number')] === 'WH/1') ?? [];
    expect(wh[col('Customer name')]).toBe(`'=HYPERLINK("http://evil.test","click")`);
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'Register'), eq(auditTrail.action, 'Export')));
    expect(audit?.after).toMatchObject({ rows: 8 });
    // Same filters as the list; the export right is its own.
    const filtered = await readXlsx((await api.post(R.salesExport, { filters: { importId } })).rawPayload);
    expect(filtered).toHaveLength(4);
    const viewOnly = clientOf(h, (await signInLimitedUser(h, t, ['SalesView'], [delhi])).token);
    expect((await viewOnly.post(R.salesExport, {})).statusCode).toBe(403);
  });

  it('refuses an export of more item lines than the limit, with a message that says what to do', async () => {
    const principal = { sessionId: 0, userId: t.adminUserId, subscriberId: t.subscriberId, roleId: t.adminRoleId, userName: t.userName };
    const within = await exportRegister(h.ctx.database.db, principal, 'Sales', { filters: { importId } }, 3);
    expect(within.rows).toBe(3);
    const refused = await exportRegister(h.ctx.database.db, principal, 'Sales', { filters: { entityIds: [delhi] } }, 3).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(422);
    expect((refused as AppError).items[0]).toMatchObject({
      code: 'GEN0009',
      propertyName: 'Filters',
      message:
        'These filters match 6 item lines; an export holds at most 3. Narrow the filters (for example to a few return periods) and export again.',
    });
    expect(EXPORT_MAX_ROWS).toBe(1_000_000);
  });

  it('lists the summaries of the direction, scoped like the documents', async () => {
    const { db } = h.ctx.database;
    const base = { subscriberId: t.subscriberId, financialYear: '2024-25', source: 'Manual' as const };
    await db.insert(documentSummaries).values([
      {
        ...base,
        entityId: delhi,
        direction: 'Sales',
        returnPeriod: '042024',
        summaryType: 'B2CS',
        placeOfSupply: '07',
        rate: 18_000,
        taxable: 1_000_000,
        cgst: 90_000,
        sgst: 90_000,
      },
      {
        ...base,
        entityId: chennai,
        direction: 'Sales',
        returnPeriod: '052024',
        summaryType: 'DocumentsIssued',
        documentNature: 1,
        fromNumber: 'CH/1',
        toNumber: 'CH/99',
        totalNumber: 99,
        cancelledNumber: 2,
      },
      {
        ...base,
        entityId: delhi,
        direction: 'Purchase',
        returnPeriod: '042024',
        summaryType: 'NilExemptNonGst',
        supplyType: 'INTRB2B',
        exempted: 5_000,
      },
      {
        subscriberId: other.subscriberId,
        financialYear: '2024-25',
        source: 'Manual',
        entityId: other.entityIds[1] ?? 0,
        direction: 'Sales',
        returnPeriod: '042024',
        summaryType: 'B2CS',
        placeOfSupply: '07',
        rate: 5_000,
      },
    ]);
    const all = (await api.post(R.salesSummarySearch, {})).json().data;
    expect(all.totalRecords).toBe(2);
    expect(all.items.map((i: { summaryType: string }) => i.summaryType)).toEqual(['DocumentsIssued', 'B2CS']);
    expect(all.items[1]).toMatchObject({
      entityId: delhi,
      entityName: 'Delhi',
      gstin: DELHI_GSTIN,
      placeOfSupply: '07',
      rate: 18_000,
      taxable: 1_000_000,
      cgst: 90_000,
    });
    const b2cs = (await api.post(R.salesSummarySearch, { filters: { summaryTypes: ['B2CS'], returnPeriods: ['042024'] } })).json().data;
    expect(b2cs.items.map((i: { summaryType: string }) => i.summaryType)).toEqual(['B2CS']);
    const chennaiOnly = (await api.post(R.salesSummarySearch, { filters: { entityIds: [chennai] } })).json().data;
    expect(chennaiOnly.items).toMatchObject([{ summaryType: 'DocumentsIssued', fromNumber: 'CH/1', totalNumber: 99, cancelledNumber: 2 }]);
    const purchases = (await api.post(R.purchaseSummarySearch, {})).json().data;
    expect(purchases.items).toMatchObject([{ summaryType: 'NilExemptNonGst', supplyType: 'INTRB2B', exempted: 5_000 }]);
    const limited = clientOf(h, (await signInLimitedUser(h, t, ['SalesView'], [chennai])).token);
    expect((await limited.post(R.salesSummarySearch, {})).json().data.items.map((i: { summaryType: string }) => i.summaryType)).toEqual([
      'DocumentsIssued',
    ]);
    const sortedByRate = (await api.post(R.salesSummarySearch, { sortExpression: 'rate DESC' })).json().data;
    expect(sortedByRate.items[0].rate).toBe(18_000);
    expect((await api.post(R.salesSummarySearch, { sortExpression: 'gstin DESC' })).statusCode).toBe(422);
  });
});
