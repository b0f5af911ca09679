import { DEMO_LOCATION_GSTIN, IMPORT_API as I, IMPORT_COLUMNS, ORGANIZATION_API as O } from '@opengst/contracts';
import { and, eq, inArray, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUSINESS } from '../../seed/demo';
import { documentItems, documents } from '../../db/schema';
import { createTenant, ENGINES, setSubscriberSettings, signIn, type Harness, type Tenant } from '../../test-support/harness';
import {
  CHENNAI_GSTIN,
  csvOf,
  CUSTOMER_GSTIN,
  headerOf,
  importFile,
  readXlsx,
  saleRow,
  SUPPLIER_GSTIN,
  upload,
  waitForImport,
  xlsxOf,
} from '../../test-support/import-fixtures';
import { type ApiClient, clientOf, gstinFor, openSignedIn, signInLimitedUser } from '../../test-support/org-fixtures';

describe.each(ENGINES)('import of sales and purchase documents on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let token: string;
  let api: ApiClient;

  beforeAll(async () => {
    ({ h, t, token, api } = await openSignedIn(engine));
  });
  afterAll(async () => {
    await h.close();
  });

  const storedSales = (number?: string) =>
    h.ctx.database.db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.subscriberId, t.subscriberId),
          eq(documents.direction, 'Sales'),
          ...(number ? [eq(documents.documentNumber, number)] : []),
        ),
      );

  it('lists the import types with their documented columns and serves the sample template', async () => {
    const types = (await api.get(I.importTypes)).json().data.items as { importType: string; columns: { name: string }[] }[];
    expect(types.map((x) => x.importType)).toEqual([
      'SalesDocuments',
      'PurchaseDocuments',
      'SalesSummaries',
      'PurchaseSummaries',
      'Vendors',
      'HsnSac',
      'Entities',
      'Series',
      'ChartOfAccounts',
      'Notices',
      'Levels',
      'Verticals',
      'NoticeTags',
      'IpAddresses',
      'Consultants',
    ]);
    const res = await api.get(I.sample, { importType: 'SalesDocuments' });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const [header, example] = await readXlsx(res.rawPayload);
    expect(header).toEqual(headerOf());
    expect(example?.[0]).toBe(IMPORT_COLUMNS.SalesDocuments[0]?.example);
    const instructions = await readXlsx(res.rawPayload, 1);
    expect(instructions[0]?.[0]).toBe('Column');
    expect(instructions.map((r) => r[0])).toContain('Document number');
  });

  it('imports a good csv: documents and items stored with exact paise', async () => {
    const csv = csvOf([
      headerOf(),
      saleRow({ documentNumber: 'G/1' }),
      saleRow({ documentNumber: 'G/1', description: 'Mouse', taxable: '1,00,000.25', igst: '18000.05' }),
      saleRow({
        documentNumber: 'G/2',
        counterpartyGstin: '',
        counterpartyName: '',
        supplyType: 'B2C',
        placeOfSupply: '07',
        igst: '0',
        cgst: '90.05',
        sgst: '90.05',
        taxable: '1000.60',
      }),
    ]);
    const { importId, progress } = await importFile(h, token, 'good.csv', csv);
    expect(progress).toMatchObject({ status: 'Success', totalRows: 3, processedRows: 3, validRows: 3, errorRows: 0 });
    const [g1] = await storedSales('G/1');
    expect(g1).toMatchObject({
      taxable: 10_100_075,
      igst: 1_818_014,
      documentValue: 11_918_089,
      financialYear: '2024-25',
      returnPeriod: '042024',
      documentDate: '2024-04-15',
      counterpartyGstin: CUSTOMER_GSTIN,
      supplyType: 'B2B',
      source: 'Import',
      importId,
    });
    const items = await h.ctx.database.db
      .select()
      .from(documentItems)
      .where(eq(documentItems.documentId, g1?.id ?? 0))
      .orderBy(documentItems.lineNumber);
    expect(items.map((i) => [i.lineNumber, i.description, i.taxable, i.rate, i.quantity])).toEqual([
      [1, 'Laptop', 100_050, 18_000, 1000],
      [2, 'Mouse', 10_000_025, 18_000, 1000],
    ]);
    const [g2] = await storedSales('G/2');
    expect(g2).toMatchObject({ supplyType: 'B2C', counterpartyGstin: '', cgst: 9005, sgst: 9005 });
    const summary = (await api.get(I.summary, { importId })).json().data;
    expect(summary).toMatchObject({ status: 'Success', documents: 2, errors: 0 });
    expect((await api.get(I.backgroundStatus, { id: importId, type: 'import' })).json().data.status).toBe('Completed');
  });

  it('planted errors give SuccessWithError with exact row, column and code; the export carries the rows', async () => {
    const rows = [
      headerOf(),
      saleRow({ documentNumber: 'P/1' }),
      saleRow({ documentNumber: 'P/2', locationGstin: '27AAACT1234F1ZX' }),
      saleRow({ documentNumber: 'P/3', taxable: '100.505' }),
      saleRow({ documentNumber: 'P/4', igst: '999.00' }),
      saleRow({ documentNumber: 'P/5', documentDate: '31-02-2024' }),
      saleRow({ documentNumber: 'P/6' }),
    ];
    const { importId, progress } = await importFile(h, token, 'planted.xlsx', await xlsxOf(rows));
    expect(progress).toMatchObject({ status: 'SuccessWithError', totalRows: 6, validRows: 2, errorRows: 4 });
    const errors = (await api.post(I.errors, { importId })).json().data;
    const errorsOnly = (errors.items as { row: number; column: string; code: string; type: string }[]).filter((e) => e.type === 'Error');
    expect(errorsOnly.map((e) => [e.row, e.column, e.code])).toEqual([
      [3, 'Location GSTIN', 'IMP0014'],
      [4, 'Taxable value', 'IMP0011'],
      [5, 'IGST', 'VAL0568'],
      [6, 'Document date', 'IMP0010'],
    ]);
    expect((await storedSales()).map((d) => d.documentNumber)).toEqual(expect.arrayContaining(['P/1', 'P/6']));
    expect(await storedSales('P/4')).toHaveLength(0);
    const byCode = (await api.get(I.errorSummary, { importId })).json().data.items as { code: string; count: number }[];
    expect(byCode.find((c) => c.code === 'IMP0011')?.count).toBe(1);
    const paged = (await api.post(I.errors, { importId, start: 1, size: 2 })).json().data;
    expect(paged.items).toHaveLength(2);
    expect(paged.totalRecords).toBe(errors.totalRecords);
    const exported = await readXlsx((await api.get(I.export, { importId })).rawPayload);
    expect(exported[0]).toEqual(['Row', ...headerOf(), 'Errors']);
    expect(exported.slice(1).map((r) => r[0])).toEqual(['3', '4', '5', '6']);
    expect(exported[2]?.[3]).toBe('P/3');
    expect(exported[2]?.at(-1)).toContain('IMP0011 (Taxable value)');
    const list = (await api.post(I.statisticSearch, { filters: { statuses: ['SuccessWithError'] } })).json().data;
    expect(list.items[0]).toMatchObject({
      importId,
      fileName: 'planted.xlsx',
      fileFormat: 'xlsx',
      errorRows: 4,
      createdByName: expect.any(String),
    });
  });

  it('a re-import updates the documents and replaces their items, never duplicates', async () => {
    const first = csvOf([headerOf(), saleRow({ documentNumber: 'R/1' }), saleRow({ documentNumber: 'R/1', description: 'Bag' })]);
    await importFile(h, token, 'first.csv', first);
    const again = csvOf([headerOf(), saleRow({ documentNumber: 'R/1', taxable: '2000.00', igst: '360.00', counterpartyName: 'Renamed' })]);
    const { importId, progress } = await importFile(h, token, 'again.csv', again);
    expect(progress.status).toBe('Success');
    const stored = await storedSales('R/1');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ taxable: 200_000, igst: 36_000, counterpartyName: 'Renamed', importId });
    const items = await h.ctx.database.db
      .select()
      .from(documentItems)
      .where(eq(documentItems.documentId, stored[0]?.id ?? 0));
    expect(items).toHaveLength(1);
  });

  it('imports purchase documents keyed by supplier GSTIN as well', async () => {
    const header = headerOf('PurchaseDocuments');
    const row = (supplier: string, itcEligibility: string) =>
      saleRow(
        {
          locationGstin: CHENNAI_GSTIN,
          counterpartyGstin: supplier,
          counterpartyName: 'Supreme',
          documentNumber: 'S-1',
          placeOfSupply: '33',
          itcEligibility,
        },
        'PurchaseDocuments',
      );
    const { progress } = await importFile(
      h,
      token,
      'purchase.csv',
      csvOf([header, row(SUPPLIER_GSTIN, 'Capital goods'), row(gstinForOtherSupplier, 'Ineligible')]),
      'PurchaseDocuments',
    );
    expect(progress.status).toBe('Success');
    const stored = await h.ctx.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.subscriberId, t.subscriberId), eq(documents.direction, 'Purchase')));
    expect(stored.map((d) => d.counterpartyGstin).sort()).toEqual([SUPPLIER_GSTIN, gstinForOtherSupplier].sort());
    // The ITC eligibility of each line is kept (GSTR-3B table 4 needs it).
    const items = await h.ctx.database.db
      .select({ documentId: documentItems.documentId, itcEligibility: documentItems.itcEligibility })
      .from(documentItems)
      .where(
        inArray(
          documentItems.documentId,
          stored.map((d) => d.id),
        ),
      );
    const supplierOf = new Map(stored.map((d) => [d.id, d.counterpartyGstin]));
    expect(Object.fromEntries(items.map((i) => [supplierOf.get(i.documentId), i.itcEligibility]))).toEqual({
      [SUPPLIER_GSTIN]: 'Capital goods',
      [gstinForOtherSupplier]: 'Ineligible',
    });
  });

  it('imports purchases from unregistered suppliers: a GTA bill under reverse charge, blank or URP; refuses tax without it', async () => {
    const header = headerOf('PurchaseDocuments');
    // Chennai's freight bills from unregistered transporters: 5% under reverse charge, intra-State (Tamil Nadu).
    const gta = (number: string, supplier: string, reverseCharge: string) =>
      saleRow(
        {
          locationGstin: CHENNAI_GSTIN,
          counterpartyGstin: supplier,
          counterpartyName: 'Murugan Transport',
          documentNumber: number,
          placeOfSupply: '33',
          reverseCharge,
          hsn: '996511',
          description: 'Road freight',
          uqc: 'NA',
          taxable: '10000',
          rate: '5',
          igst: '0',
          cgst: '250',
          sgst: '250',
        },
        'PurchaseDocuments',
      );
    const { importId, progress } = await importFile(
      h,
      token,
      'gta.csv',
      csvOf([header, gta('GTA-1', '', 'Y'), gta('GTA-2', 'URP', 'Y'), gta('GTA-3', '', 'N')]),
      'PurchaseDocuments',
    );
    expect(progress).toMatchObject({ status: 'SuccessWithError', validRows: 2, errorRows: 1 });
    const errors = (await api.post(I.errors, { importId })).json().data.items as { row: number; code: string; type: string }[];
    expect(errors.filter((e) => e.type === 'Error').map((e) => [e.row, e.code])).toEqual([[4, 'VAL0047']]);
    const stored = await h.ctx.database.db
      .select({ number: documents.documentNumber, supplier: documents.counterpartyGstin, isReverseCharge: documents.isReverseCharge })
      .from(documents)
      .where(and(eq(documents.subscriberId, t.subscriberId), eq(documents.direction, 'Purchase'), like(documents.documentNumber, 'GTA-%')))
      .orderBy(documents.documentNumber);
    expect(stored).toEqual([
      { number: 'GTA-1', supplier: '', isReverseCharge: true },
      { number: 'GTA-2', supplier: '', isReverseCharge: true },
    ]);
  });

  it("refuses a B2B sale whose HSN has fewer digits than the location's turnover requires (Notification 78/2020-CT)", async () => {
    const rows = [headerOf(), saleRow({ documentNumber: 'H/2', hsn: '84' }), saleRow({ documentNumber: 'H/4', hsn: '8471' })];
    const { importId, progress } = await importFile(h, token, 'hsn-digits.csv', csvOf(rows));
    expect(progress).toMatchObject({ status: 'SuccessWithError', validRows: 1, errorRows: 1 });
    const errors = (await api.post(I.errors, { importId })).json().data.items as { row: number; column: string; code: string }[];
    expect(errors.map((e) => [e.row, e.column, e.code])).toEqual([[2, 'HSN/SAC', 'VAL0025']]);
  });

  it('stores nothing when the subscriber imports all or nothing', async () => {
    await setSubscriberSettings(h, t.subscriberId, { importValidation: { allOrNothing: true } });
    try {
      const csv = csvOf([headerOf(), saleRow({ documentNumber: 'A/1' }), saleRow({ documentNumber: 'A/2', rate: 'abc' })]);
      const { progress } = await importFile(h, token, 'aon.csv', csv);
      expect(progress).toMatchObject({ status: 'Failed', validRows: 0, errorRows: 1 });
      expect(progress.message).toContain('only when every row is valid');
      expect(await storedSales('A/1')).toHaveLength(0);
    } finally {
      await setSubscriberSettings(h, t.subscriberId, { importValidation: { allOrNothing: false } });
    }
  });

  it("imports each sample document template unchanged at the demo tenant's location (its example GSTIN)", async () => {
    const business = await api.post(O.entitySave, { entityType: 'Business', entityName: 'Demo Traders', pan: 'AABCD1234E' });
    expect(business.statusCode, business.body).toBe(200);
    const location = await api.post(O.entitySave, {
      entityType: 'Location',
      parentEntityId: business.json().data.entityId,
      entityName: 'Mumbai Head Office',
      gstin: DEMO_LOCATION_GSTIN,
      stateCode: '27',
    });
    expect(location.statusCode, location.body).toBe(200);
    expect(DEMO_LOCATION_GSTIN).toBe(gstinFor('27', DEMO_BUSINESS.pan, '1'));
    for (const importType of ['SalesDocuments', 'PurchaseDocuments'] as const) {
      const sample = (await api.get(I.sample, { importType })).rawPayload;
      const { progress } = await importFile(h, token, `${importType}-sample.xlsx`, sample, importType);
      expect(progress, importType).toMatchObject({ status: 'Success', totalRows: 1, validRows: 1 });
    }
  });

  it('imports the downloaded sample once filled in, and remembers column aliases', async () => {
    const sample = (await api.get(I.sample, { importType: 'SalesDocuments' })).rawPayload;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sample as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    sheet.spliceRows(2, 1, saleRow({ documentNumber: 'T/1' }), saleRow({ documentNumber: 'T/2' }));
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await importFile(h, token, 'filled.xlsx', filled)).progress).toMatchObject({ status: 'Success', totalRows: 2 });

    const saved = await api.post(I.aliasesSave, {
      importType: 'SalesDocuments',
      aliases: [
        { column: 'documentNumber', alias: 'Our Ref' },
        { column: 'taxable', alias: 'Value before tax' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect((await api.get(I.aliases, { importType: 'SalesDocuments' })).json().data.aliases).toHaveLength(2);
    const header = headerOf().map((name) =>
      name === 'Document number' ? 'OUR REF' : name === 'Taxable value' ? 'value before tax' : name,
    );
    expect((await importFile(h, token, 'aliased.csv', csvOf([header, saleRow({ documentNumber: 'AL/1' })]))).progress.status).toBe(
      'Success',
    );
    expect(await storedSales('AL/1')).toHaveLength(1);
    const clash = await api.post(I.aliasesSave, {
      importType: 'SalesDocuments',
      aliases: [{ column: 'documentNumber', alias: 'Document date' }],
    });
    expect(clash.statusCode).toBe(422);
  });

  it('keeps an upload for one location to that location, and refuses rows that disagree within a document', async () => {
    const [, , chennaiId = 0] = t.entityIds;
    const res = await upload(h, token, 'chennai.csv', csvOf([headerOf(), saleRow({ documentNumber: 'L/1' })]), 'SalesDocuments', {
      entityId: String(chennaiId),
    });
    const progress = await waitForImport(h, token, res.json().data.importId);
    expect(progress.status).toBe('Failed');
    const errors = (await api.post(I.errors, { importId: progress.importId })).json().data.items;
    expect(errors[0]).toMatchObject({ row: 2, column: 'Location GSTIN', code: 'IMP0014' });

    const csv = csvOf([headerOf(), saleRow({ documentNumber: 'L/2' }), saleRow({ documentNumber: 'L/2', documentDate: '16-04-2024' })]);
    const { importId } = await importFile(h, token, 'disagree.csv', csv);
    const items = (await api.post(I.errors, { importId })).json().data.items;
    expect(items[0]).toMatchObject({ row: 3, column: 'Document date', code: 'IMP0017' });
    expect(await storedSales('L/2')).toHaveLength(0);
  });

  it("answers 404 for another subscriber's import and 403 without the import rights", async () => {
    const { importId } = await importFile(h, token, 'mine.csv', csvOf([headerOf(), saleRow({ documentNumber: 'M/1' })]));
    const other = await createTenant(h);
    const stranger = clientOf(h, await signIn(h.app, other));
    for (const url of [I.statisticStatus, I.summary, I.errorSummary, I.export])
      expect((await stranger.get(url, { importId })).statusCode).toBe(404);
    expect((await stranger.post(I.errors, { importId })).statusCode).toBe(404);
    expect((await stranger.get(I.backgroundStatus, { id: importId, type: 'import' })).statusCode).toBe(404);
    const [, delhiId = 0] = t.entityIds;
    const clerk = await signInLimitedUser(h, t, ['ImportPurchase'], [delhiId]);
    const refused = await upload(h, clerk.token, 'sales.csv', csvOf([headerOf(), saleRow()]), 'SalesDocuments');
    expect(refused.statusCode).toBe(403);
    const none = clientOf(h, (await signInLimitedUser(h, t, ['DashboardStatistics'], [delhiId])).token);
    expect((await none.post(I.statisticSearch, {})).statusCode).toBe(403);
  });
});

const gstinForOtherSupplier = gstinFor('29', 'AAACS4321K', '1');
