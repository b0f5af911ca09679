// /hsn-sac (issue 20): the subscriber's own HSN/SAC list, checked against the GST portal's directory, the dated GST
// rates and the UQC list; a code on a document is never deleted, a deactivated one is no longer offered by the document
// screen's lookup; the Excel export and the import with its error rows.
import { DOCUMENT_API as D, HSN_SAC_API as HS, IMPORT_API as I, IMPORT_COLUMNS, type HsnSac } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, hsnCodes } from '../../../db/schema';
import { saleRequest } from '../../../test-support/document-fixtures';
import { ENGINES, type Harness, type Tenant } from '../../../test-support/harness';
import { csvOf, importFile } from '../../../test-support/import-fixtures';
import { clientOf, openSignedIn, signInLimitedUser, type ApiClient } from '../../../test-support/org-fixtures';

describe.each(ENGINES)('HSN/SAC list on %s', (engine) => {
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

  const save = async (body: Record<string, unknown>): Promise<HsnSac> => {
    const res = await api.post(HS.hsnSacSave, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as HsnSac;
  };
  const refusal = async (body: Record<string, unknown>) => {
    const res = await api.post(HS.hsnSacSave, body);
    expect(res.statusCode, res.body).toBe(422);
    return res.json().errors as { message: string; propertyName?: string }[];
  };
  const list = async (body: Record<string, unknown> = {}) => {
    const res = await api.post(HS.hsnSacSearch, { start: 0, size: 50, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: HsnSac[]; totalRecords: number };
  };
  const rows = () => h.ctx.database.db.select().from(hsnCodes).where(eq(hsnCodes.subscriberId, t.subscriberId)).orderBy(hsnCodes.code);
  const audits = (key: number) =>
    h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'HsnSac'), eq(auditTrail.entityKey, String(key))));

  it('needs the MasterHsnSac right', async () => {
    const noRight = clientOf(h, (await signInLimitedUser(h, t, ['SalesView'], [])).token);
    for (const res of [
      await noRight.post(HS.hsnSacSearch, { start: 0, size: 10 }),
      await noRight.post(HS.hsnSacSave, { code: '847130', description: 'Laptops' }),
      await noRight.get(HS.hsnSacOptions),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect(await rows()).toEqual([]);
  });

  it("saves codes of the GST portal's directory, its headings, the description defaulting from it, audited", async () => {
    const wine = await save({ code: '2307 00', rate: 18000, uqc: 'kgs' });
    expect(wine).toMatchObject({ code: '230700', kind: 'HSN', description: 'WINE LEES, ARGOL', rate: 18000, uqc: 'KGS', status: 'Active' });
    const laptop = await save({ code: '84713010', description: 'Laptops', rate: 18000, uqc: 'NOS' });
    expect(laptop).toMatchObject({ code: '84713010', description: 'Laptops' });
    const heading = await save({ code: '8471', description: 'Computers', rate: 18000, uqc: 'NOS' });
    expect(heading.code).toBe('8471');
    const consulting = await save({ code: '998314', description: 'IT design services', rate: 18000, uqc: 'OTH' });
    expect(consulting).toMatchObject({ kind: 'SAC', uqc: 'OTH' });
    // 40% from 22-09-2025 (Schedule III of 9/2025-CT(Rate)).
    expect((await save({ code: '2402', description: 'Cigars', rate: 40000, uqc: 'NOS' })).rate).toBe(40000);
    const [created] = await audits(wine.id);
    expect(created).toMatchObject({ action: 'Create', entityName: '230700' });
    expect(created?.after).toEqual({ code: '230700', description: 'WINE LEES, ARGOL', rate: 18000, uqc: 'KGS', status: 'Active' });

    const edited = await save({ id: wine.id, code: '230700', description: 'Wine lees', rate: 5000, uqc: 'KGS' });
    expect(edited).toMatchObject({ description: 'Wine lees', rate: 5000 });
    expect((await audits(wine.id)).map((a) => a.action)).toEqual(['Create', 'Update']);
  });

  it('refuses a code outside the directory, a chapter, a short SAC, a rate not in force and a unit not of the list, with the reason', async () => {
    expect((await refusal({ code: '12349900', description: 'Made up' }))[0]).toMatchObject({
      propertyName: 'code',
      message: "12349900 is not in the GST portal's HSN/SAC directory: pick a code from the official list (HSN/SAC codes search).",
    });
    expect((await refusal({ code: '84', description: 'Chapter' }))[0]?.message).toContain('4, 6 or 8 digits');
    expect((await refusal({ code: '9983', description: 'Heading' }))[0]?.message).toContain('A SAC has 6 digits');
    expect((await refusal({ code: '847', description: 'Odd' }))[0]?.message).toBe('HSN/SAC code must have 2, 4, 6 or 8 digits.');
    const seventeen = await refusal({ code: '847130', description: 'Laptops', rate: 17000 });
    expect(seventeen[0]).toMatchObject({ propertyName: 'rate' });
    expect(seventeen[0]?.message).toMatch(/^17% is not a GST rate in force on \d\d-\d\d-\d{4}: the rates are 0, 0\.1, .*18, 40%\.$/);
    // 28% ended with the compensation cess on 31-01-2026 (the domain's dated slabs).
    expect((await refusal({ code: '847130', description: 'Laptops', rate: 28000 }))[0]?.propertyName).toBe('rate');
    expect((await refusal({ code: '847130', description: 'Laptops', uqc: 'XYZ' }))[0]).toMatchObject({
      propertyName: 'uqc',
      message: 'XYZ is not a unit quantity code (UQC) of the GST list.',
    });
    expect((await refusal({ code: '998314', description: 'IT design', uqc: 'NOS' }))[0]?.message).toBe(
      'A service (SAC) is not measured in NOS: leave the UQC blank or use OTH.',
    );
    const twice = await api.post(HS.hsnSacSave, { code: '8471 30 10', description: 'Again' });
    expect(twice.json().errors[0].message).toBe('84713010 is already in your list.');
    expect((await rows()).map((r) => r.code)).toEqual(['230700', '2402', '8471', '84713010', '998314']);
  });

  it("refuses to delete a code the subscriber's documents carry, with the count; deactivated, the lookup no longer offers it", async () => {
    const lookup = async (text: string) =>
      ((await api.get(D.hsnLookup, { text })).json().data.items as { code: string; source: string }[]).filter((i) => i.code === text);
    expect(await lookup('84713010')).toEqual([expect.objectContaining({ code: '84713010', source: 'Subscriber' })]);
    const sale = await api.post(D.save, saleRequest(t.entityIds[1] ?? 0, { documentNumber: 'HSN/1' }));
    expect(sale.statusCode, sale.body).toBe(200);
    const [laptop] = (await list({ filters: { text: '84713010' } })).items;
    if (!laptop) throw new Error('no laptop code');

    const refused = await api.post(HS.hsnSacDelete, { ids: [laptop.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].message).toBe(
      '84713010 is in use: 1 of your documents carry it, so it cannot be deleted; deactivate it instead (the document screen then no longer offers it).',
    );
    expect((await rows()).some((r) => r.code === '84713010')).toBe(true);
    const recode = await api.post(HS.hsnSacSave, { id: laptop.id, code: '847130', description: 'Laptops' });
    expect(recode.json().errors[0].message).toContain('84713010 is on 1 of your documents');

    const off = await api.post(HS.hsnSacUpdateStatus, { ids: [laptop.id], status: 'Inactive' });
    expect(off.json().data).toEqual({ affected: 1 });
    // Neither as the subscriber's code nor from the official directory.
    expect(await lookup('84713010')).toEqual([]);
    expect((await audits(laptop.id)).map((a) => a.action)).toEqual(['Create', 'StatusChange']);

    const [wine] = (await list({ filters: { text: 'wine' } })).items;
    const removed = await api.post(HS.hsnSacDelete, { ids: [wine?.id] });
    expect(removed.json().data).toEqual({ affected: 1 });
    expect((await audits(wine?.id ?? 0)).at(-1)?.action).toBe('Delete');
  });

  it('lists with filters, sort and paging, and exports what is filtered', async () => {
    expect((await list()).items.map((r) => r.code)).toEqual(['2402', '8471', '84713010', '998314']);
    expect((await list({ filters: { kind: 'SAC' } })).items.map((r) => r.code)).toEqual(['998314']);
    expect((await list({ filters: { status: 'Inactive' } })).items.map((r) => r.code)).toEqual(['84713010']);
    expect((await list({ filters: { rate: 40000 } })).items.map((r) => r.code)).toEqual(['2402']);
    expect((await list({ filters: { text: '8471' } })).items.map((r) => r.code)).toEqual(['8471', '84713010']);
    expect((await list({ sortExpression: 'description ASC' })).items.map((r) => r.description)).toEqual([
      'Cigars',
      'Computers',
      'IT design services',
      'Laptops',
    ]);
    const first = await list({ size: 3 });
    const next = await list({ start: 3, size: 3 });
    expect(first.totalRecords).toBe(4);
    expect([...first.items, ...next.items].map((r) => r.code)).toEqual(['2402', '8471', '84713010', '998314']);
    expect((await api.post(HS.hsnSacSearch, { start: 0, size: 10, sortExpression: 'subscriberId ASC' })).statusCode).toBe(422);

    const res = await api.post(HS.hsnSacExport, { sortExpression: 'code DESC', filters: { status: 'Active' } });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'HSN/SAC code',
      'Type',
      'Description',
      'Rate %',
      'UQC',
      'Status',
      'Changed by',
      'Last changed',
    ]);
    expect([2, 3, 4].map((n) => [1, 2, 3, 4, 5].map((c) => sheet?.getRow(n).getCell(c).value))).toEqual([
      ['998314', 'SAC', 'IT design services', 18, 'OTH'],
      ['8471', 'HSN', 'Computers', 18, 'NOS'],
      ['2402', 'HSN', 'Cigars', 40, 'NOS'],
    ]);
    expect(sheet?.rowCount).toBe(4);
    const [exported] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'HsnSac'), eq(auditTrail.action, 'Export')));
    expect(exported?.after).toEqual({ filters: { status: 'Active' }, rows: 3 });
  });

  it('offers the rates in force today and the UQC list', async () => {
    const options = (await api.get(HS.hsnSacOptions)).json().data as { rates: { ratePercent: number }[]; uqcs: { code: string }[] };
    expect(options.rates.map((r) => r.ratePercent)).toEqual([0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 40]);
    expect(options.uqcs.map((u) => u.code)).toEqual(expect.arrayContaining(['NOS', 'KGS', 'OTH']));
  });

  it('imports through /import with the same checks, the refused rows on its error screen', async () => {
    const header = IMPORT_COLUMNS.HsnSac.map((c) => c.name);
    const file = csvOf([
      header,
      ['1006 30 10', 'Basmati rice', '5', 'KGS'],
      ['12349900', 'Made-up code', '5', 'KGS'],
      ['998313', 'IT consulting', '18', 'NOS'],
      ['998313', 'IT consulting', '18', ''],
    ]);
    const { importId, progress } = await importFile(h, token, 'own-hsn.csv', file, 'HsnSac');
    expect(progress).toMatchObject({ status: 'SuccessWithError', validRows: 2, errorRows: 2 });
    const errors = (await api.post(I.errors, { importId })).json().data.items as {
      row: number;
      column: string;
      code: string;
      message: string;
    }[];
    expect(errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [3, 'HSN/SAC code', 'VAL0024'],
      [4, 'UQC', 'VAL0027'],
    ]);
    expect(errors[0]?.message).toContain("12349900 is not in the GST portal's HSN/SAC directory");
    const imported = (await rows()).filter((r) => r.importId === importId);
    expect(imported.map((r) => [r.code, r.description, r.rate, r.uqc, r.createdBy])).toEqual([
      ['10063010', 'Basmati rice', 5000, 'KGS', t.adminUserId],
      ['998313', 'IT consulting', 18000, null, t.adminUserId],
    ]);
  });
});
