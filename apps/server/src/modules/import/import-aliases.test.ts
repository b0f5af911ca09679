import { IMPORT_API as I, IMPORT_COLUMNS } from '@opengst/contracts';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, businessPartners, documentItems, documents, hsnCodes } from '../../db/schema';
import { createTenant, ENGINES, signIn, type Harness, type Tenant } from '../../test-support/harness';
import { csvOf, CUSTOMER_GSTIN, DELHI_GSTIN, importFile } from '../../test-support/import-fixtures';
import { type ApiClient, clientOf, openSignedIn, signInLimitedUser } from '../../test-support/org-fixtures';

// Column aliasing (issue 6): a subscriber maps their own headers to ours once, and the next import of that type
// reads them. Saved per subscriber and per import type.

/** A vendor list as another system writes it: its own headers, in its own order (none a known header). */
const OWN_HEADER = ['Firm', 'Supplier Code', 'GST No', 'Mail'];
const ownFile = (code: string) => csvOf([OWN_HEADER, [`Vendor ${code}`, code, '', `${code.toLowerCase()}@vendor.example`]]);
const MAPPING = [
  { column: 'legalName', alias: 'Firm' },
  { column: 'code', alias: 'Supplier Code' },
  { column: 'gstin', alias: 'GST No' },
  { column: 'email', alias: 'Mail' },
];

describe.each(ENGINES)('import column aliases on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let token: string;

  beforeAll(async () => {
    ({ h, t, token, api } = await openSignedIn(engine));
  });
  afterAll(async () => {
    await h.close();
  });

  const vendor = (code: string) =>
    h.ctx.database.db
      .select()
      .from(businessPartners)
      .where(and(eq(businessPartners.subscriberId, t.subscriberId), eq(businessPartners.code, code)));

  it("a file with the subscriber's own headers fails with IMP0008 naming the missing columns, and imports once they are mapped", async () => {
    const before = await importFile(h, token, 'own-headers.csv', ownFile('OWN-1'), 'Vendors');
    expect(before.progress.status).toBe('Failed');
    expect(before.progress.message).toBe('Required columns missing from the header row: Legal name.');
    const [fileError] = (await api.post(I.errors, { importId: before.importId })).json().data.items;
    expect(fileError).toMatchObject({ row: 0, code: 'IMP0008' });
    // A file-level error has no column: the summary by code names none (not the text "NULL").
    expect((await api.get(I.errorSummary, { importId: before.importId })).json().data.items).toMatchObject([
      { code: 'IMP0008', count: 1, columns: [] },
    ]);
    expect(await vendor('OWN-1')).toHaveLength(0);

    const saved = await api.post(I.aliasesSave, { importType: 'Vendors', aliases: MAPPING });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.aliases).toEqual(expect.arrayContaining(MAPPING));
    expect((await api.get(I.aliases, { importType: 'Vendors' })).json().data.aliases).toHaveLength(4);
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'ImportAlias'), eq(auditTrail.entityKey, 'Vendors')),
      );
    expect(audit?.after).toEqual(MAPPING);

    const after = await importFile(h, token, 'own-headers.csv', ownFile('OWN-1'), 'Vendors');
    expect(after.progress.status).toBe('Success');
    expect(await vendor('OWN-1')).toEqual([
      expect.objectContaining({ legalName: 'Vendor OWN-1', email: 'own-1@vendor.example', gstin: '' }),
    ]);
  });

  it("offers the file's own headers to pick from, with what each was read as", async () => {
    const failed = await importFile(h, token, 'firm.csv', ownFile('OWN-9'), 'Vendors');
    const headers = await api.get(I.fileHeaders, { importId: failed.importId });
    expect(headers.statusCode).toBe(200);
    // By now the first test mapped Firm, Supplier Code, GST No and Mail.
    expect(headers.json().data).toEqual({
      importId: failed.importId,
      importType: 'Vendors',
      headers: OWN_HEADER,
      matched: { legalName: 'Firm', code: 'Supplier Code', gstin: 'GST No', email: 'Mail' },
    });
    const other = await createTenant(h);
    const stranger = clientOf(h, await signIn(h.app, other));
    expect((await stranger.get(I.fileHeaders, { importId: failed.importId })).statusCode).toBe(404);
  });

  it('reads a register exported by Tally or the GSTN offline tool as it is: its headers, "29-Karnataka" and "18%"', async () => {
    const header = [
      'GSTIN of the location',
      'Voucher Type',
      'Invoice No.',
      'Invoice date',
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Place Of Supply',
      'HSN/SAC Code',
      'Qty',
      'Taxable Value',
      'GST Rate %',
      'Integrated Tax Amount',
    ];
    const row = (number: string, pos: string) => [
      DELHI_GSTIN,
      'INV',
      number,
      '15-04-2024',
      CUSTOMER_GSTIN,
      'Bharat Traders',
      pos,
      '84713010',
      '1',
      '1000.00',
      '18%',
      '180.00',
    ];
    await api.post(I.aliasesSave, {
      importType: 'SalesDocuments',
      aliases: [
        { column: 'locationGstin', alias: 'GSTIN of the location' },
        { column: 'documentType', alias: 'Voucher Type' },
      ],
    });
    const { progress, importId } = await importFile(
      h,
      token,
      'tally.csv',
      csvOf([header, row('TL/001', '33-Tamil Nadu'), row('TL/002', '33-Kerala')]),
      'SalesDocuments',
    );
    expect(progress).toMatchObject({ status: 'SuccessWithError', validRows: 1, errorRows: 1 });
    const [wrongState] = (await api.post(I.errors, { importId })).json().data.items;
    expect(wrongState).toMatchObject({ row: 3, code: 'IMP0013', message: 'State code 33 is Tamil Nadu, not "Kerala".' });
    const [saved] = await h.ctx.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.subscriberId, t.subscriberId), eq(documents.documentNumber, 'TL/001')));
    expect(saved).toMatchObject({ placeOfSupply: '33', counterpartyGstin: CUSTOMER_GSTIN, taxable: 100_000, igst: 18_000 });
    const [item] = await h.ctx.database.db
      .select()
      .from(documentItems)
      .where(eq(documentItems.documentId, saved?.id ?? 0));
    expect(item).toMatchObject({ hsn: '84713010', rate: 18_000 });
  });

  it('keeps the aliases to their import type and their subscriber', async () => {
    // The same headers mean nothing for HSN/SAC codes.
    expect((await api.get(I.aliases, { importType: 'HsnSac' })).json().data.aliases).toEqual([]);
    const other = await createTenant(h);
    const otherToken = await signIn(h.app, other);
    expect((await clientOf(h, otherToken).get(I.aliases, { importType: 'Vendors' })).json().data.aliases).toEqual([]);
    const theirs = await importFile(h, otherToken, 'own-headers.csv', ownFile('OWN-2'), 'Vendors');
    expect(theirs.progress.status).toBe('Failed');
    expect(theirs.progress.message).toContain('Legal name');
  });

  it('refuses an alias longer than 40 characters, one header for two columns, a column name as alias and unknown columns', async () => {
    const long = await api.post(I.aliasesSave, { importType: 'Vendors', aliases: [{ column: 'legalName', alias: 'x'.repeat(41) }] });
    expect(long.statusCode).toBe(422);
    const twice = await api.post(I.aliasesSave, {
      importType: 'Vendors',
      aliases: [
        { column: 'legalName', alias: 'Party Title' },
        { column: 'tradeName', alias: 'party-title' },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors[0]).toMatchObject({ code: 'GEN0009', propertyName: 'aliases[1].alias' });
    const clash = await api.post(I.aliasesSave, { importType: 'Vendors', aliases: [{ column: 'code', alias: 'Legal name' }] });
    expect(clash.statusCode).toBe(422);
    const unknown = await api.post(I.aliasesSave, { importType: 'Vendors', aliases: [{ column: 'documentNumber', alias: 'Doc' }] });
    expect(unknown.statusCode).toBe(422);
    // Nothing of the refused saves replaced the mapping.
    expect((await api.get(I.aliases, { importType: 'Vendors' })).json().data.aliases).toHaveLength(4);
    const exactly40 = 'y'.repeat(40);
    const hsn = await api.post(I.aliasesSave, { importType: 'HsnSac', aliases: [{ column: 'hsn', alias: exactly40 }] });
    expect(hsn.statusCode).toBe(200);
    const { progress } = await importFile(
      h,
      token,
      'hsn.csv',
      csvOf([
        [exactly40, 'Description'],
        ['998311', 'Management consulting services'],
      ]),
      'HsnSac',
    );
    expect(progress.status).toBe('Success');
    expect(
      await h.ctx.database.db
        .select()
        .from(hsnCodes)
        .where(and(eq(hsnCodes.subscriberId, t.subscriberId), eq(hsnCodes.code, '998311'))),
    ).toHaveLength(1);
  });

  it('needs the right of the import type to change its aliases', async () => {
    const clerk = clientOf(h, (await signInLimitedUser(h, t, ['ImportSales'], t.entityIds)).token);
    expect((await clerk.post(I.aliasesSave, { importType: 'Vendors', aliases: [] })).statusCode).toBe(403);
    expect((await api.get(I.aliases, { importType: 'Vendors' })).json().data.aliases).toHaveLength(MAPPING.length);
  });

  it('refuses as an alias a header the reader already knows: a known header of the column itself or of another', async () => {
    const own = await api.post(I.aliasesSave, { importType: 'HsnSac', aliases: [{ column: 'hsn', alias: ' SAC code ' }] });
    expect(own.statusCode).toBe(422);
    expect(own.json().errors[0]).toMatchObject({
      propertyName: 'aliases[0].alias',
      message: '"SAC code" is already read as the column HSN/SAC code: it needs no alias.',
    });
    const other = await api.post(I.aliasesSave, { importType: 'HsnSac', aliases: [{ column: 'description', alias: 'HSN/SAC' }] });
    expect(other.json().errors[0].message).toBe('"HSN/SAC" is already read as the column HSN/SAC code: it needs no alias.');
    const key = await api.post(I.aliasesSave, { importType: 'HsnSac', aliases: [{ column: 'rate', alias: 'UQC' }] });
    expect(key.json().errors[0].message).toBe('"UQC" is already read as the column UQC: it needs no alias.');
    const blank = await api.post(I.aliasesSave, { importType: 'HsnSac', aliases: [{ column: 'rate', alias: '--' }] });
    expect(blank.statusCode).toBe(422);
    const spaced = await api.post(I.aliasesSave, { importType: 'HsnSac', aliases: [{ column: 'rate', alias: '   ' }] });
    expect(spaced.statusCode).toBe(422);
  });

  it('lets a holder of the data mapper right (no import right) read, save and export the aliases of any type, audited', async () => {
    const mapper = signInLimitedUser(h, t, ['MasterDataMapper'], []);
    const client = clientOf(h, (await mapper).token);
    expect((await client.get(I.aliases, { importType: 'Vendors' })).json().data.aliases).toHaveLength(MAPPING.length);
    const saved = await client.post(I.aliasesSave, {
      importType: 'PurchaseDocuments',
      aliases: [
        { column: 'documentNumber', alias: '  Bill Ref  ' },
        { column: 'documentNumber', alias: 'Our bill no' },
        { column: 'documentDate', alias: 'Bill dt' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.aliases).toEqual([
      { column: 'documentDate', alias: 'Bill dt' },
      { column: 'documentNumber', alias: 'Bill Ref' },
      { column: 'documentNumber', alias: 'Our bill no' },
    ]);
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(
          eq(auditTrail.subscriberId, t.subscriberId),
          eq(auditTrail.entityType, 'ImportAlias'),
          eq(auditTrail.entityKey, 'PurchaseDocuments'),
          eq(auditTrail.action, 'Update'),
        ),
      );
    expect(audit).toMatchObject({ userId: (await mapper).userId, before: [] });

    const file = await client.get(I.aliasesExport, { importType: 'PurchaseDocuments' });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Template column', 'Required', 'Format', 'Your column names', 'Also read']);
    const lines = new Map<string, unknown[]>();
    sheet?.eachRow((row, n) => {
      if (n > 1)
        lines.set(
          String(row.getCell(1).value),
          [2, 3, 4].map((c) => row.getCell(c).value),
        );
    });
    expect(lines.size).toBe(IMPORT_COLUMNS.PurchaseDocuments.length);
    const numberColumn = IMPORT_COLUMNS.PurchaseDocuments.find((c) => c.key === 'documentNumber');
    expect(lines.get(numberColumn?.name ?? '')).toEqual(['Yes', 'text', 'Bill Ref; Our bill no']);
    const exported = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'ImportAlias'), eq(auditTrail.action, 'Export')));
    expect(exported).toHaveLength(1);

    const nobody = clientOf(h, (await signInLimitedUser(h, t, ['SalesView'], [])).token);
    expect((await nobody.get(I.aliases, { importType: 'Vendors' })).statusCode).toBe(403);
    expect((await nobody.post(I.aliasesSave, { importType: 'Vendors', aliases: [] })).statusCode).toBe(403);
    expect((await nobody.get(I.aliasesExport, { importType: 'Vendors' })).statusCode).toBe(403);
    expect((await client.get(I.aliases, { importType: 'Vendors' })).json().data.aliases).toHaveLength(MAPPING.length);
  });
});
