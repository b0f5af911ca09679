// Document number series on both engines (issue 20): /series and /allocate-series (list, filters, sort, paging, save,
// status, delete refused while in use, export read back, audit rows), the rights and location access they need, and
// the document save drawing numbers from a series: consecutive under concurrent saves, none lost to a refused save.
import { DOCUMENT_API as D, SERIES_API as S, type Allocation, type Series } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, documents, documentSeries } from '../../../db/schema';
import { saleRequest } from '../../../test-support/document-fixtures';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../../test-support/harness';
import { clientOf, signInLimitedUser, type ApiClient } from '../../../test-support/org-fixtures';

const YEAR = '2026-27';

describe.each(ENGINES)('document number series on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let delhi: number;
  let chennai: number;

  const saveSeries = async (body: Record<string, unknown>): Promise<Series> => {
    const res = await api.post(S.seriesSave, { financialYear: YEAR, padding: 4, startNumber: 1, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Series;
  };
  const allocate = async (body: Record<string, unknown>): Promise<Allocation> => {
    const res = await api.post(S.allocationSave, { documentType: 'INV', ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Allocation;
  };
  const audits = (entityType: string, key: number | string) =>
    h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, entityType), eq(auditTrail.entityKey, String(key))),
      );

  beforeAll(async () => {
    h = await startHarness(engine);
    t = await createTenant(h);
    api = clientOf(h, await signIn(h.app, t));
    delhi = t.entityIds[1] ?? 0;
    chennai = t.entityIds[2] ?? 0;
    expect(delhi).toBeGreaterThan(0);
    expect(chennai).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await h.close();
  });

  it('creates a series with its next number formed, audited; refuses a number over 16 characters with the rule', async () => {
    const series = await saveSeries({ name: 'Delhi invoices', prefix: 'DL/26-27/', padding: 5, startNumber: 1 });
    expect(series).toMatchObject({
      prefix: 'DL/26-27/',
      nextNumber: 1,
      nextDocumentNumber: 'DL/26-27/00001',
      numbered: 0,
      status: 'Active',
    });
    const [audit] = await audits('Series', series.id);
    expect(audit?.action).toBe('Create');
    expect(audit?.after).toMatchObject({ prefix: 'DL/26-27/', padding: 5 });

    const long = await api.post(S.seriesSave, {
      name: 'Too long',
      financialYear: YEAR,
      prefix: 'INVOICE/26-27/',
      padding: 3,
      startNumber: 1,
    });
    expect(long.statusCode).toBe(422);
    const [error] = long.json().errors;
    expect(error.propertyName).toBe('Padding');
    expect(error.message).toContain('Rule 46(b)');
    const chars = await api.post(S.seriesSave, { name: 'Bad chars', financialYear: YEAR, prefix: 'INV 26', padding: 3, startNumber: 1 });
    expect(chars.statusCode).toBe(422);
    expect(chars.json().errors[0].propertyName).toBe('Prefix');
    const sameName = await api.post(S.seriesSave, { name: 'delhi INVOICES', financialYear: YEAR, prefix: 'X', padding: 3, startNumber: 1 });
    expect(sameName.statusCode).toBe(422);
  });

  it('lists series newest first by default, filters by text, year and status, sorts by an allowed column and pages', async () => {
    await saveSeries({ name: 'Credit notes', prefix: 'CN-', padding: 3 });
    await saveSeries({ name: 'Last year', financialYear: '2025-26', prefix: 'OLD-', padding: 3, status: 'Inactive' });
    const all = (await api.post(S.seriesSearch, { start: 0, size: 10 })).json().data;
    expect(all.items.map((s: Series) => s.name)).toEqual(['Last year', 'Credit notes', 'Delhi invoices']);
    expect(all.totalRecords).toBe(3);
    const page2 = (await api.post(S.seriesSearch, { start: 1, size: 1 })).json().data;
    expect(page2.items.map((s: Series) => s.name)).toEqual(['Credit notes']);
    const byText = (await api.post(S.seriesSearch, { start: 0, size: 10, filters: { text: 'cn-' } })).json().data;
    expect(byText.items.map((s: Series) => s.name)).toEqual(['Credit notes']);
    const byYear = (await api.post(S.seriesSearch, { start: 0, size: 10, filters: { financialYear: YEAR, status: 'Active' } })).json().data;
    expect(byYear.totalRecords).toBe(2);
    const byName = (await api.post(S.seriesSearch, { start: 0, size: 10, sortExpression: 'name ASC' })).json().data;
    expect(byName.items.map((s: Series) => s.name)).toEqual(['Credit notes', 'Delhi invoices', 'Last year']);
    const badSort = await api.post(S.seriesSearch, { start: 0, size: 10, sortExpression: 'subscriberId ASC' });
    expect(badSort.statusCode).toBe(422);
  });

  it('allocates a series to a location and document type, one default each, and refuses a prefix that could collide', async () => {
    const [delhiSeries] = (await api.post(S.seriesSearch, { start: 0, size: 1, filters: { text: 'Delhi' } })).json().data.items as Series[];
    const first = await allocate({ seriesId: delhiSeries?.id, entityId: delhi, isDefault: true });
    expect(first).toMatchObject({ entityId: delhi, documentType: 'INV', isDefault: true, nextDocumentNumber: 'DL/26-27/00001' });
    const second = await saveSeries({ name: 'Delhi B2C', prefix: 'DLB/', padding: 4 });
    const other = await allocate({ seriesId: second.id, entityId: delhi, isDefault: true });
    const list = (await api.post(S.allocationSearch, { start: 0, size: 10, filters: { entityIds: [delhi] } })).json().data;
    expect(list.items.map((a: Allocation) => [a.seriesName, a.isDefault])).toEqual([
      ['Delhi B2C', true],
      ['Delhi invoices', false],
    ]);
    expect(other.isDefault).toBe(true);

    // 'DL/26-27/0' + digits would form the same numbers as 'DL/26-27/' + digits.
    const clashing = await saveSeries({ name: 'Clash', prefix: 'DL/26-27/0', padding: 3 });
    const refused = await api.post(S.allocationSave, { seriesId: clashing.id, entityId: delhi, documentType: 'CRN' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].message).toContain('Delhi invoices');
    // At another location (another GSTIN) the same prefix is fine: numbers are unique per GSTIN and year.
    await allocate({ seriesId: clashing.id, entityId: chennai, documentType: 'CRN' });
    const duplicate = await api.post(S.allocationSave, { seriesId: clashing.id, entityId: chennai, documentType: 'CRN' });
    expect(duplicate.statusCode).toBe(422);
    const business = await api.post(S.allocationSave, { seriesId: clashing.id, entityId: t.entityIds[0], documentType: 'INV' });
    expect(business.statusCode).toBe(422);
    expect(business.json().errors[0].propertyName).toBe('EntityId');
  });

  it('offers the location its active allocations for the type and year, the default first', async () => {
    const offered = await api.get(S.availableSeries, { entityId: delhi, documentType: 'INV', documentDate: '2026-10-15' });
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().data.map((s: { name: string; isDefault: boolean }) => [s.name, s.isDefault])).toEqual([
      ['Delhi B2C', true],
      ['Delhi invoices', false],
    ]);
    const otherYear = await api.get(S.availableSeries, { entityId: delhi, documentType: 'INV', documentDate: '2027-04-01' });
    expect(otherYear.json().data).toEqual([]);
  });

  it('numbers two documents saved at the same moment consecutively, without a gap or a duplicate', async () => {
    const [series] = (await api.post(S.seriesSearch, { start: 0, size: 1, filters: { text: 'Delhi invoices' } })).json().data
      .items as Series[];
    const seriesId = series?.id ?? 0;
    const save = (name: string) => api.post(D.save, saleRequest(delhi, { documentNumber: '', seriesId, counterpartyName: name }));
    const results = await Promise.all([save('First'), save('Second'), save('Third')]);
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const numbers = results.map((res) => res.json().data.documentNumber as string).sort();
    expect(numbers).toEqual(['DL/26-27/00001', 'DL/26-27/00002', 'DL/26-27/00003']);
    const stored = await h.ctx.database.db
      .select({ n: documents.documentNumber })
      .from(documents)
      .where(and(eq(documents.subscriberId, t.subscriberId), eq(documents.entityId, delhi)));
    expect(stored.map((r) => r.n).sort()).toEqual(numbers);
    const after = (await api.get(S.seriesDetail, { id: seriesId })).json().data as Series;
    expect(after).toMatchObject({ nextNumber: 4, numbered: 3, lastNumber: 'DL/26-27/00003', nextDocumentNumber: 'DL/26-27/00004' });
  });

  it('gives the number back when the save is refused, and refuses a series for a draft, an edit or an unallocated type', async () => {
    const [series] = (await api.post(S.seriesSearch, { start: 0, size: 1, filters: { text: 'Delhi invoices' } })).json().data
      .items as Series[];
    const seriesId = series?.id ?? 0;
    // A typed document already holds the series' next number: the save is refused, and the counter does not move.
    const typed = await api.post(D.save, saleRequest(delhi, { documentNumber: 'DL/26-27/00004' }));
    expect(typed.statusCode, typed.body).toBe(200);
    const clash = await api.post(D.save, saleRequest(delhi, { documentNumber: '', seriesId }));
    expect(clash.statusCode).toBe(422);
    expect(
      clash
        .json()
        .errors.map((e: { message: string }) => e.message)
        .join(' '),
    ).toContain('next number');
    expect(((await api.get(S.seriesDetail, { id: seriesId })).json().data as Series).nextNumber).toBe(4);
    // The user raises the next number past it; the next document takes 00005.
    const raised = await api.post(S.seriesSave, { ...series, id: seriesId, nextNumber: 5 });
    expect(raised.statusCode, raised.body).toBe(200);
    const fifth = await api.post(D.save, saleRequest(delhi, { documentNumber: '', seriesId }));
    expect(fifth.json().data.documentNumber).toBe('DL/26-27/00005');

    const draft = await api.post(D.save, saleRequest(delhi, { documentNumber: '', seriesId, isDraftDocument: true }));
    expect(draft.statusCode).toBe(422);
    expect(draft.json().errors[0].propertyName).toBe('SeriesId');
    const crn = await api.post(
      D.save,
      saleRequest(delhi, {
        documentNumber: '',
        seriesId,
        documentType: 'CRN',
        originalDocumentNumber: 'X/1',
        originalDocumentDate: '2026-10-01',
      }),
    );
    expect(crn.statusCode).toBe(422);
    expect(
      crn
        .json()
        .errors.map((e: { message: string }) => e.message)
        .join(' '),
    ).toContain('not allocated');
    const blank = await api.post(D.save, saleRequest(delhi, { documentNumber: '' }));
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors[0].message).toBe('Document number is required.');
    expect(((await api.get(S.seriesDetail, { id: seriesId })).json().data as Series).nextNumber).toBe(6);
  });

  it('keeps a used series: its prefix no longer changes, its next number never goes back, and deletion is refused with the reason', async () => {
    const [series] = (await api.post(S.seriesSearch, { start: 0, size: 1, filters: { text: 'Delhi invoices' } })).json().data
      .items as Series[];
    const id = series?.id ?? 0;
    const prefix = await api.post(S.seriesSave, { ...series, id, prefix: 'DEL/' });
    expect(prefix.statusCode).toBe(422);
    expect(prefix.json().errors[0].message).toContain('has numbered 4');
    const back = await api.post(S.seriesSave, { ...series, id, nextNumber: 2 });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors[0].propertyName).toBe('NextNumber');

    const refused = await api.post(S.seriesDelete, { ids: [id] });
    expect(refused.statusCode).toBe(422);
    const message = refused.json().errors[0].message as string;
    expect(message).toContain('in use');
    expect(message).toContain('DL/26-27/00001 to DL/26-27/00005');
    const [allocation] = (await api.post(S.allocationSearch, { start: 0, size: 10, filters: { seriesId: id } })).json().data
      .items as Allocation[];
    const allocationRefused = await api.post(S.allocationDelete, { ids: [allocation?.id] });
    expect(allocationRefused.statusCode).toBe(422);
    expect(allocationRefused.json().errors[0].message).toContain('The allocation Delhi invoices: Delhi, INV is in use');
    expect(await h.ctx.database.db.select().from(documentSeries).where(eq(documentSeries.id, id))).toHaveLength(1);

    // Deactivated, it is no longer offered nor drawn from.
    const off = await api.post(S.seriesUpdateStatus, { ids: [id], status: 'Inactive' });
    expect(off.json().data.affected).toBe(1);
    expect((await audits('Series', id)).map((a) => a.action)).toContain('StatusChange');
    const inactive = await api.post(D.save, saleRequest(delhi, { documentNumber: '', seriesId: id }));
    expect(inactive.statusCode).toBe(422);
    expect(
      inactive
        .json()
        .errors.map((e: { message: string }) => e.message)
        .join(' '),
    ).toContain('inactive');
  });

  it('deletes an unused series with its allocations, audited', async () => {
    const unused = await saveSeries({ name: 'Unused', prefix: 'UNU-', padding: 3 });
    const allocation = await allocate({ seriesId: unused.id, entityId: chennai, documentType: 'DBN' });
    const res = await api.post(S.seriesDelete, { ids: [unused.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.affected).toBe(1);
    expect((await audits('Series', unused.id)).map((a) => a.action).sort()).toEqual(['Create', 'Delete']);
    expect((await audits('AllocateSeries', allocation.id)).map((a) => a.action).sort()).toEqual(['Create', 'Delete']);
    expect((await api.get(S.seriesDetail, { id: unused.id })).statusCode).toBe(404);
  });

  it('exports what the filters match, in the sort, and the allocations, and reads the files back', async () => {
    const res = await api.post(S.seriesExport, { sortExpression: 'name ASC', filters: { financialYear: YEAR } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows = (sheet?.getSheetValues() ?? []).slice(1).map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(rows[0]?.slice(0, 3)).toEqual(['Name', 'Financial year', 'Prefix']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Clash', 'Credit notes', 'Delhi B2C', 'Delhi invoices']);
    const delhiRow = rows.find((r) => r[0] === 'Delhi invoices');
    // 00004 was typed, not numbered by the series: four numbered, the last 00005.
    expect(delhiRow?.slice(5, 9)).toEqual([6, 'DL/26-27/00006', 4, 'DL/26-27/00005']);
    expect((await audits('Series', 'export'))[0]?.after).toMatchObject({ rows: 4 });

    const allocations = await api.post(S.allocationExport, { filters: { entityIds: [delhi] } });
    const allocationBook = new ExcelJS.Workbook();
    await allocationBook.xlsx.load(allocations.rawPayload as unknown as ArrayBuffer);
    const allocationRows = (allocationBook.worksheets[0]?.getSheetValues() ?? []).slice(2).map((r) => (Array.isArray(r) ? r.slice(1) : []));
    expect(allocationRows.map((r) => [r[0], r[4]])).toEqual([
      ['Delhi B2C', 'INV (Tax invoice)'],
      ['Delhi invoices', 'INV (Tax invoice)'],
    ]);
  });

  it('needs the series right, and shows and changes only the locations the user may open', async () => {
    const noRight = clientOf(h, (await signInLimitedUser(h, t, ['SalesView'], [delhi, chennai])).token);
    for (const [url, body] of [
      [S.seriesSearch, { start: 0, size: 10 }],
      [S.seriesSave, { name: 'X', financialYear: YEAR, prefix: 'X', padding: 2, startNumber: 1 }],
      [S.allocationSearch, { start: 0, size: 10 }],
      [S.seriesExport, {}],
    ] as const) {
      const res = await noRight.post(url, body);
      expect(res.statusCode, url).toBe(403);
    }
    const chennaiOnly = clientOf(h, (await signInLimitedUser(h, t, ['MasterSeries'], [chennai])).token);
    const seen = (await chennaiOnly.post(S.allocationSearch, { start: 0, size: 10 })).json().data;
    expect(seen.items.map((a: Allocation) => a.entityId)).toEqual([chennai]);
    const [delhiAllocation] = (await api.post(S.allocationSearch, { start: 0, size: 1, filters: { entityIds: [delhi] } })).json().data
      .items as Allocation[];
    const foreign = await chennaiOnly.post(S.allocationUpdateStatus, { ids: [delhiAllocation?.id], status: 'Inactive' });
    expect(foreign.statusCode).toBe(403);
    const intoDelhi = await chennaiOnly.post(S.allocationSave, {
      seriesId: delhiAllocation?.seriesId,
      entityId: delhi,
      documentType: 'DBN',
    });
    expect(intoDelhi.statusCode).toBe(403);
    const lookUp = await chennaiOnly.get(S.availableSeries, { entityId: chennai, documentType: 'CRN', documentDate: '2026-10-15' });
    expect(lookUp.statusCode).toBe(403);
  });
});
