import { IMPORT_API as I, IMPORT_COLUMNS, type ImportType } from '@opengst/contracts';
import { readHsnDirectory } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, businessPartners, documentSummaries, entities, hsnCodes, userEntities } from '../../../db/schema';
import { createTenant, ENGINES, setSubscriberSettings, signIn, type Harness, type Tenant } from '../../../test-support/harness';
import {
  CHENNAI_GSTIN,
  csvOf,
  DELHI_GSTIN,
  importFile,
  readXlsx,
  upload,
  waitForImport,
  xlsxOf,
} from '../../../test-support/import-fixtures';
import { type ApiClient, gstinFor, openSignedIn, signInLimitedUser, TENANT_PAN } from '../../../test-support/org-fixtures';

// The record imports of issue 6: sales and purchase summaries, vendors, HSN/SAC codes (with the GST portal's own
// directory file) and entities, each read back from its table.

const PORTAL_DIRECTORY = new URL('../../../../../../official/masters/HSN_SAC_2024-11.xlsx', import.meta.url).pathname;
const VENDOR_GSTIN = gstinFor('27', 'AAACS4321K', '1');
const OTHER_VENDOR_GSTIN = gstinFor('29', 'AAACE1234E', '1');

const headerOf = (importType: ImportType) => IMPORT_COLUMNS[importType].map((c) => c.name);
const rowOf = (importType: ImportType, values: Record<string, string>) => IMPORT_COLUMNS[importType].map((c) => values[c.key] ?? '');
const fileOf = (importType: ImportType, rows: Record<string, string>[]) =>
  csvOf([headerOf(importType), ...rows.map((r) => rowOf(importType, r))]);

type ErrorItem = { row: number; column: string | null; code: string; type: string; message: string };

describe.each(ENGINES)('record imports on %s', (engine) => {
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

  const errorsOf = async (importId: number) =>
    ((await api.post(I.errors, { importId, size: 1000 })).json().data.items as ErrorItem[]).filter((e) => e.type === 'Error');
  const db = () => h.ctx.database.db;

  it('lists every import type with its error screen and serves each sample with documented columns', async () => {
    const types = (await api.get(I.importTypes)).json().data.items as { importType: string; errorRoute: string; rightId: string }[];
    expect(types.map((x) => [x.importType, x.rightId, x.errorRoute])).toEqual([
      ['SalesDocuments', 'ImportSales', '/import-document-error'],
      ['PurchaseDocuments', 'ImportPurchase', '/import-document-error'],
      ['SalesSummaries', 'ImportSummary', '/import-document-summary-error'],
      ['PurchaseSummaries', 'ImportSummary', '/import-document-summary-error'],
      ['Vendors', 'ImportVendors', '/import-vendor-error'],
      ['HsnSac', 'ImportHsnSac', '/import-hsn-sac-error'],
      ['Entities', 'ImportEntities', '/import-entities-error'],
      ['Series', 'MasterSeries', '/import-series-error'],
      ['ChartOfAccounts', 'MasterChartOfAccounts', '/import-chart-of-accounts-error'],
      ['Notices', 'LitigationEdit', '/import-notices-error'],
      ['Levels', 'MasterChartOfAccounts', '/import-master-error'],
      ['Verticals', 'MasterChartOfAccounts', '/import-master-error'],
      ['NoticeTags', 'MasterChartOfAccounts', '/import-master-error'],
      ['IpAddresses', 'MasterIpAddresses', '/import-master-error'],
      ['Consultants', 'UserManage', '/import-master-error'],
    ]);
    for (const importType of ['SalesSummaries', 'Vendors', 'HsnSac', 'Entities'] as const) {
      const sample = (await api.get(I.sample, { importType })).rawPayload;
      const [header, example] = await readXlsx(sample);
      expect(header).toEqual(headerOf(importType));
      expect(example?.[0]).toBe(IMPORT_COLUMNS[importType][0]?.example);
      const instructions = await readXlsx(sample, 1);
      expect(instructions.map((r) => r[0])).toEqual(expect.arrayContaining(headerOf(importType)));
    }
  });

  it('sales summaries: every summary type stored with exact values, planted errors by row, column and code, re-import updates', async () => {
    const good: Record<string, string>[] = [
      {
        locationGstin: DELHI_GSTIN,
        returnPeriod: '042024',
        summaryType: 'B2CS',
        placeOfSupply: '07',
        rate: '18',
        taxable: '10,000.00',
        cgst: '900.00',
        sgst: '900.00',
      },
      {
        locationGstin: DELHI_GSTIN,
        returnPeriod: '42024',
        summaryType: 'B2CS',
        placeOfSupply: '33',
        rate: '5',
        taxable: '2000',
        igst: '100',
      },
      {
        locationGstin: DELHI_GSTIN,
        returnPeriod: '042024',
        summaryType: 'AdvanceReceived',
        placeOfSupply: '33',
        rate: '18',
        taxable: '5000',
        igst: '900',
      },
      {
        locationGstin: CHENNAI_GSTIN,
        returnPeriod: '042024',
        summaryType: 'NilExemptNonGst',
        supplyType: 'INTRAB2C',
        nilRated: '150.50',
        exempted: '20',
        nonGst: '0',
      },
      {
        locationGstin: DELHI_GSTIN,
        returnPeriod: '042024',
        summaryType: 'DocumentsIssued',
        documentNature: '1',
        fromNumber: 'INV/001',
        toNumber: 'INV/120',
        totalNumber: '120',
        cancelledNumber: '3',
      },
    ];
    const bad: Record<string, string>[] = [
      {
        locationGstin: DELHI_GSTIN,
        returnPeriod: '042024',
        summaryType: 'B2CS',
        placeOfSupply: '07',
        rate: '18',
        taxable: '100',
        igst: '18',
      },
      {
        locationGstin: DELHI_GSTIN,
        returnPeriod: '042024',
        summaryType: 'B2CS',
        placeOfSupply: '33',
        rate: '13',
        taxable: '100',
        igst: '13',
      },
      {
        locationGstin: DELHI_GSTIN,
        returnPeriod: '042024',
        summaryType: 'DocumentsIssued',
        documentNature: '5',
        fromNumber: 'CN/1',
        toNumber: 'CN/2',
        totalNumber: '2',
        cancelledNumber: '3',
      },
      {
        locationGstin: gstinFor('27', TENANT_PAN, '1'),
        returnPeriod: '042024',
        summaryType: 'NilExemptNonGst',
        supplyType: 'INTRB2B',
        nilRated: '1',
      },
      {
        locationGstin: DELHI_GSTIN,
        returnPeriod: '042024',
        summaryType: 'B2CS',
        placeOfSupply: '96',
        rate: '18',
        taxable: '100',
        igst: '18',
      },
      {
        locationGstin: DELHI_GSTIN,
        returnPeriod: '042024',
        summaryType: 'B2CS',
        placeOfSupply: '33',
        rate: '18',
        taxable: '100',
        igst: '50',
      },
      { locationGstin: DELHI_GSTIN, returnPeriod: '132024', summaryType: 'NilExemptNonGst', supplyType: 'INTRB2B', nilRated: '1' },
      { ...good[0] },
    ];
    const { importId, progress } = await importFile(
      h,
      token,
      'summaries.csv',
      fileOf('SalesSummaries', [...good, ...bad]),
      'SalesSummaries',
    );
    expect(progress).toMatchObject({ status: 'SuccessWithError', totalRows: 13, validRows: 5, errorRows: 8 });
    expect((await errorsOf(importId)).map((e) => [e.row, e.column, e.code])).toEqual([
      [7, 'IGST', 'VAL0016'],
      [8, 'Rate %', 'VAL0566'],
      [9, 'Cancelled', 'IMP0016'],
      [10, 'Location GSTIN', 'IMP0014'],
      [11, 'Place of supply', 'VAL0438'],
      [12, 'IGST', 'VAL0568'],
      [13, 'Return period', 'IMP0010'],
      [14, null, 'IMP0017'],
    ]);
    const stored = await db()
      .select()
      .from(documentSummaries)
      .where(eq(documentSummaries.subscriberId, t.subscriberId))
      .orderBy(documentSummaries.id);
    expect(stored).toHaveLength(5);
    const [delhi, chennai] = t.entityIds.slice(1);
    expect(
      stored.map((s) => [
        s.entityId,
        s.direction,
        s.financialYear,
        s.returnPeriod,
        s.summaryType,
        s.placeOfSupply,
        s.rate,
        s.taxable,
        s.igst,
        s.cgst,
        s.sgst,
      ]),
    ).toEqual([
      [delhi, 'Sales', '2024-25', '042024', 'B2CS', '07', 18_000, 1_000_000, 0, 90_000, 90_000],
      [delhi, 'Sales', '2024-25', '042024', 'B2CS', '33', 5_000, 200_000, 10_000, 0, 0],
      [delhi, 'Sales', '2024-25', '042024', 'AdvanceReceived', '33', 18_000, 500_000, 90_000, 0, 0],
      [chennai, 'Sales', '2024-25', '042024', 'NilExemptNonGst', '', 0, 0, 0, 0, 0],
      [delhi, 'Sales', '2024-25', '042024', 'DocumentsIssued', '', 0, 0, 0, 0, 0],
    ]);
    expect(stored[3]).toMatchObject({ supplyType: 'INTRAB2C', nilRated: 15_050, exempted: 2000, nonGst: 0, importId });
    expect(stored[4]).toMatchObject({
      documentNature: 1,
      fromNumber: 'INV/001',
      toNumber: 'INV/120',
      totalNumber: 120,
      cancelledNumber: 3,
    });
    expect((await api.get(I.summary, { importId })).json().data).toMatchObject({ documents: 5, status: 'SuccessWithError' });

    const again = await importFile(
      h,
      token,
      'summaries-again.csv',
      fileOf('SalesSummaries', [{ ...good[0], taxable: '20000', cgst: '1800', sgst: '1800' }]),
      'SalesSummaries',
    );
    expect(again.progress.status).toBe('Success');
    const after = await db().select().from(documentSummaries).where(eq(documentSummaries.subscriberId, t.subscriberId));
    expect(after).toHaveLength(5);
    expect(after.find((s) => s.summaryType === 'B2CS' && s.placeOfSupply === '07')).toMatchObject({
      taxable: 2_000_000,
      cgst: 180_000,
      importId: again.importId,
    });
  });

  it('purchase summaries go to the purchase side of the same table', async () => {
    const { progress } = await importFile(
      h,
      token,
      'purchase-summaries.csv',
      fileOf('PurchaseSummaries', [
        { locationGstin: CHENNAI_GSTIN, returnPeriod: '052024', summaryType: 'NilExemptNonGst', supplyType: 'INTRB2B', exempted: '75' },
      ]),
      'PurchaseSummaries',
    );
    expect(progress.status).toBe('Success');
    const [row] = await db()
      .select()
      .from(documentSummaries)
      .where(and(eq(documentSummaries.subscriberId, t.subscriberId), eq(documentSummaries.direction, 'Purchase')));
    expect(row).toMatchObject({ returnPeriod: '052024', supplyType: 'INTRB2B', exempted: 7500 });
  });

  it('vendors: registered by GSTIN (code stored empty), unregistered by code, planted errors, re-import updates', async () => {
    const rows: Record<string, string>[] = [
      {
        gstin: VENDOR_GSTIN,
        code: 'IGNORED',
        legalName: 'Supreme Supplies Pvt Ltd',
        email: 'a@supreme.example',
        phone: '+91 98000 00000',
        pincode: '411001',
      },
      { code: 'V-001', legalName: 'Local Hardware', stateCode: '7' },
      { gstin: OTHER_VENDOR_GSTIN, legalName: 'Wrong PAN', pan: 'AAACS4321K' },
      { gstin: '27AAACS4321K1ZZ', legalName: 'Bad check character' },
      { legalName: 'No code' },
      { gstin: OTHER_VENDOR_GSTIN, legalName: 'Bad mail', email: 'not-an-email' },
    ];
    const { importId, progress } = await importFile(h, token, 'vendors.csv', fileOf('Vendors', rows), 'Vendors');
    expect(progress).toMatchObject({ status: 'SuccessWithError', validRows: 2, errorRows: 4 });
    expect((await errorsOf(importId)).map((e) => [e.row, e.column, e.code])).toEqual([
      [4, 'PAN', 'GEN0009'],
      [5, 'GSTIN', 'VAL0437'],
      [6, 'Vendor code', 'IMP0009'],
      [7, 'E-mail', 'GEN0009'],
    ]);
    const stored = await db()
      .select()
      .from(businessPartners)
      .where(eq(businessPartners.subscriberId, t.subscriberId))
      .orderBy(businessPartners.id);
    expect(stored.map((v) => [v.gstin, v.code, v.pan, v.stateCode, v.legalName, v.phone, v.partnerType])).toEqual([
      [VENDOR_GSTIN, '', 'AAACS4321K', '27', 'Supreme Supplies Pvt Ltd', '+919800000000', 'Vendor'],
      ['', 'V-001', null, '07', 'Local Hardware', null, 'Vendor'],
    ]);
    const again = await importFile(
      h,
      token,
      'vendors-again.csv',
      fileOf('Vendors', [
        { gstin: VENDOR_GSTIN, legalName: 'Supreme Supplies Limited' },
        { code: 'V-001', legalName: 'Local Hardware & Co' },
      ]),
      'Vendors',
    );
    expect(again.progress.status).toBe('Success');
    const after = await db()
      .select()
      .from(businessPartners)
      .where(eq(businessPartners.subscriberId, t.subscriberId))
      .orderBy(businessPartners.id);
    expect(after.map((v) => [v.gstin, v.code, v.legalName, v.importId])).toEqual([
      [VENDOR_GSTIN, '', 'Supreme Supplies Limited', again.importId],
      ['', 'V-001', 'Local Hardware & Co', again.importId],
    ]);
    const [audit] = await db()
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'Import'), eq(auditTrail.entityKey, String(again.importId)), eq(auditTrail.action, 'Import')));
    expect(audit?.after).toMatchObject({ importType: 'Vendors', records: 2 });
  });

  it('stores no vendor when the subscriber imports all or nothing', async () => {
    await setSubscriberSettings(h, t.subscriberId, { importValidation: { allOrNothing: true } });
    try {
      const { progress } = await importFile(
        h,
        token,
        'aon-vendors.csv',
        fileOf('Vendors', [{ code: 'AON-1', legalName: 'Fine' }, { legalName: 'No code' }]),
        'Vendors',
      );
      expect(progress).toMatchObject({ status: 'Failed', validRows: 0, errorRows: 1 });
      expect(
        await db()
          .select()
          .from(businessPartners)
          .where(and(eq(businessPartners.subscriberId, t.subscriberId), eq(businessPartners.code, 'AON-1'))),
      ).toHaveLength(0);
    } finally {
      await setSubscriberSettings(h, t.subscriberId, { importValidation: { allOrNothing: false } });
    }
  });

  it("HSN/SAC: the subscriber's own list with rate and UQC, planted errors, re-import keeps one row per code", async () => {
    const rows: Record<string, string>[] = [
      { hsn: '8471 30', description: 'Portable computers', rate: '18', uqc: 'nos' },
      { hsn: '998314', description: 'IT design services', rate: '18' },
      { hsn: '847', description: 'Three digits' },
      { hsn: '8471', description: 'Bad unit', uqc: 'XYZ' },
      { hsn: '8472', description: 'Bad rate', rate: '13' },
    ];
    const { importId, progress } = await importFile(h, token, 'hsn.csv', fileOf('HsnSac', rows), 'HsnSac');
    expect(progress).toMatchObject({ status: 'SuccessWithError', validRows: 2, errorRows: 3 });
    expect((await errorsOf(importId)).map((e) => [e.row, e.column, e.code])).toEqual([
      [4, 'HSN/SAC code', 'VAL0024'],
      [5, 'UQC', 'VAL0027'],
      [6, 'Rate %', 'VAL0566'],
    ]);
    const stored = await db().select().from(hsnCodes).where(eq(hsnCodes.subscriberId, t.subscriberId)).orderBy(hsnCodes.code);
    expect(stored.map((c) => [c.code, c.description, c.isService, c.rate, c.uqc])).toEqual([
      ['847130', 'Portable computers', false, 18_000, 'NOS'],
      ['998314', 'IT design services', true, 18_000, null],
    ]);
    await importFile(h, token, 'hsn-again.csv', fileOf('HsnSac', [{ hsn: '847130', description: 'Laptops' }]), 'HsnSac');
    const after = await db()
      .select()
      .from(hsnCodes)
      .where(and(eq(hsnCodes.subscriberId, t.subscriberId), eq(hsnCodes.code, '847130')));
    // A blank rate or UQC keeps what the master holds.
    expect(after.map((c) => [c.description, c.rate, c.uqc])).toEqual([['Laptops', 18_000, 'NOS']]);
  });

  it("imports the GST portal's HSN/SAC directory file as downloaded: every code the domain reads, services flagged", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(PORTAL_DIRECTORY);
    const rows: unknown[][] = [];
    for (const sheet of workbook.worksheets) sheet.eachRow((row) => rows.push(row.values as unknown[]));
    const expected = readHsnDirectory(rows).records;
    const tenant = await createTenant(h);
    const own = await signIn(h.app, tenant);
    const res = await upload(h, own, 'HSN_SAC_2024-11.xlsx', readFileSync(PORTAL_DIRECTORY), 'HsnSac');
    expect(res.statusCode).toBe(200);
    const progress = await waitForImport(h, own, res.json().data.importId as number, 180_000);
    expect(progress.status).toMatch(/^Success/);
    const stored = await db()
      .select({ code: hsnCodes.code, description: hsnCodes.description, isService: hsnCodes.isService })
      .from(hsnCodes)
      .where(eq(hsnCodes.subscriberId, tenant.subscriberId));
    expect(stored.length).toBe(expected.length);
    expect(stored.length).toBeGreaterThan(22_000);
    const byCode = new Map(stored.map((c) => [c.code, c]));
    expect(byCode.get('995411')).toMatchObject({ isService: true });
    expect(byCode.get('230700')).toMatchObject({ description: 'WINE LEES, ARGOL', isService: false });
    expect(byCode.get('030559')).toBeDefined();
    expect(stored.filter((c) => c.isService).length).toBe(expected.filter((r) => r.code.startsWith('99')).length);
  }, 240_000);

  it('entities: a location under the business by PAN and a child location under it by GSTIN, planted errors, re-import updates', async () => {
    const mumbai = gstinFor('27', TENANT_PAN, '1');
    const rows: Record<string, string>[] = [
      { entityType: 'Location', entityName: 'Mumbai', parent: TENANT_PAN, gstin: mumbai, legalName: 'Tenant Mumbai' },
      { entityType: 'ChildLocation', entityName: 'Pune depot', parent: mumbai },
      { entityType: 'Location', entityName: 'Bengaluru', parent: TENANT_PAN, gstin: gstinFor('29', 'AAACE1234E', '1') },
      { entityType: 'Location', entityName: 'Kolkata', parent: TENANT_PAN, gstin: gstinFor('19', TENANT_PAN, '1'), stateCode: '20' },
      { entityType: 'Location', entityName: 'Nowhere', parent: 'No such business', gstin: gstinFor('24', TENANT_PAN, '1') },
      { entityType: 'Location', entityName: 'No GSTIN', parent: TENANT_PAN },
    ];
    const { importId, progress } = await importFile(h, token, 'entities.csv', fileOf('Entities', rows), 'Entities');
    expect(progress).toMatchObject({ status: 'SuccessWithError', totalRows: 6, validRows: 2, errorRows: 4 });
    expect((await errorsOf(importId)).map((e) => [e.row, e.column, e.code])).toEqual([
      [4, 'GSTIN', 'ORG0002'],
      [5, 'GSTIN', 'ORG0001'],
      [6, 'Parent', 'ORG0004'],
      [7, 'GSTIN', 'IMP0009'],
    ]);
    const created = await db()
      .select()
      .from(entities)
      .where(and(eq(entities.subscriberId, t.subscriberId), eq(entities.gstin, mumbai)));
    expect(created.map((e) => [e.entityType, e.entityName, e.pan, e.stateCode, e.legalName, e.parentEntityId])).toEqual([
      ['Location', 'Mumbai', TENANT_PAN, '27', 'Tenant Mumbai', t.entityIds[0]],
    ]);
    const child = await db()
      .select()
      .from(entities)
      .where(and(eq(entities.subscriberId, t.subscriberId), eq(entities.parentEntityId, created[0]?.id ?? 0)));
    expect(child.map((e) => [e.entityType, e.entityName, e.stateCode])).toEqual([['ChildLocation', 'Pune depot', '27']]);
    // As entity/save does, the creator may use the new location at once.
    expect(
      await db()
        .select()
        .from(userEntities)
        .where(and(eq(userEntities.userId, t.adminUserId), eq(userEntities.entityId, created[0]?.id ?? 0))),
    ).toHaveLength(1);

    const again = await importFile(
      h,
      token,
      'entities-again.csv',
      fileOf('Entities', [
        { entityType: 'Location', entityName: 'Mumbai HQ', parent: TENANT_PAN, gstin: mumbai },
        { entityType: 'ChildLocation', entityName: 'pune DEPOT', parent: 'Mumbai HQ', address: 'Hinjewadi' },
      ]),
      'Entities',
    );
    expect(again.progress.status).toBe('Success');
    const all = await db().select().from(entities).where(eq(entities.subscriberId, t.subscriberId));
    expect(all.filter((e) => e.gstin === mumbai).map((e) => e.entityName)).toEqual(['Mumbai HQ']);
    expect(all.filter((e) => e.entityType === 'ChildLocation').map((e) => [e.entityName, e.address])).toEqual([
      ['pune DEPOT', 'Hinjewadi'],
    ]);
  });

  it('refuses an upload of a type without its right, and accepts it with that right alone', async () => {
    const [, delhiId] = t.entityIds;
    const clerk = await signInLimitedUser(h, t, ['ImportSales', 'ImportView'], [delhiId ?? 0]);
    for (const importType of ['Vendors', 'HsnSac', 'Entities', 'SalesSummaries'] as const) {
      const refused = await upload(h, clerk.token, 'x.csv', fileOf(importType, [{}]), importType);
      expect(refused.statusCode, importType).toBe(403);
      expect(refused.json().errors[0].code).toBe('GEN0002');
    }
    const vendorClerk = await signInLimitedUser(h, t, ['ImportVendors'], [delhiId ?? 0]);
    const accepted = await upload(h, vendorClerk.token, 'v.csv', fileOf('Vendors', [{ code: 'RIGHT-1', legalName: 'Allowed' }]), 'Vendors');
    expect(accepted.statusCode).toBe(200);
    expect((await waitForImport(h, vendorClerk.token, accepted.json().data.importId as number)).status).toBe('Success');
    const refusedSales = await upload(h, vendorClerk.token, 's.csv', 'x', 'SalesDocuments');
    expect(refusedSales.statusCode).toBe(403);
  });

  it('reads an xlsx upload of a record type too', async () => {
    const content = await xlsxOf([headerOf('Vendors'), rowOf('Vendors', { code: 'XL-1', legalName: 'From Excel', pincode: '560001' })]);
    const { progress } = await importFile(h, token, 'vendors.xlsx', content, 'Vendors');
    expect(progress.status).toBe('Success');
    const [row] = await db()
      .select()
      .from(businessPartners)
      .where(and(eq(businessPartners.subscriberId, t.subscriberId), eq(businessPartners.code, 'XL-1')));
    expect(row).toMatchObject({ legalName: 'From Excel', pincode: '560001' });
  });
});
