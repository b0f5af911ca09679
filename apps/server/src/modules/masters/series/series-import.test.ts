// The series import through /import on both engines (issue 20): valid rows create series, planted errors are listed
// by row, column and code on the import's error list, a re-import updates a series that has numbered nothing, and a
// series in use keeps its prefix (the row is refused with the reason).
import { DOCUMENT_API as D, IMPORT_API as I, IMPORT_COLUMNS, SERIES_API as S, type Series } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../../../db/schema';
import { saleRequest } from '../../../test-support/document-fixtures';
import { ENGINES, type Harness, type Tenant } from '../../../test-support/harness';
import { csvOf, importFile, readXlsx, upload } from '../../../test-support/import-fixtures';
import { openSignedIn, signInLimitedUser, type ApiClient } from '../../../test-support/org-fixtures';

type ErrorItem = { row: number; column: string | null; code: string; type: string; message: string };
const columns = IMPORT_COLUMNS.Series;
const fileOf = (rows: Record<string, string>[]) =>
  csvOf([columns.map((c) => c.name), ...rows.map((r) => columns.map((c) => r[c.key] ?? ''))]);

describe.each(ENGINES)('series import on %s', (engine) => {
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

  const seriesNamed = async (name: string) =>
    ((await api.post(S.seriesSearch, { start: 0, size: 10, filters: { text: name } })).json().data.items as Series[]).find(
      (s) => s.name === name,
    );
  const errorsOf = async (importId: number) =>
    ((await api.post(I.errors, { importId, size: 1000 })).json().data.items as ErrorItem[]).filter((e) => e.type === 'Error');

  it('serves the sample with the documented columns', async () => {
    const [header, example] = await readXlsx((await api.get(I.sample, { importType: 'Series' })).rawPayload);
    expect(header).toEqual(columns.map((c) => c.name));
    expect(example?.[0]).toBe('Mumbai invoices');
  });

  it('creates the valid series and lists each planted error by row, column and code', async () => {
    const { importId, progress } = await importFile(
      h,
      token,
      'series.csv',
      fileOf([
        { name: 'Delhi invoices', financialYear: '2026-27', prefix: 'DL/', padding: '5', startNumber: '1' },
        { name: 'Too long', financialYear: '2026-27', prefix: 'INVOICE/2026-27', padding: '4' },
        { name: 'Bad year', financialYear: '2026-28', prefix: 'BY/', padding: '3' },
        { name: 'Credit notes', financialYear: '2026-27', prefix: 'CN-', padding: '3', startNumber: '101', status: 'Inactive' },
        { name: 'Bad chars', financialYear: '2026-27', prefix: 'B C', padding: '3' },
      ]),
      'Series',
    );
    expect(progress).toMatchObject({ status: 'SuccessWithError', totalRows: 5, validRows: 2, errorRows: 3 });
    const errors = await errorsOf(importId);
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'Digits'],
      [4, 'Financial year'],
      [6, 'Prefix'],
    ]);
    expect(errors[0]?.message).toContain('Rule 46(b)');
    expect(await seriesNamed('Delhi invoices')).toMatchObject({
      prefix: 'DL/',
      padding: 5,
      nextDocumentNumber: 'DL/00001',
      status: 'Active',
    });
    expect(await seriesNamed('Credit notes')).toMatchObject({ startNumber: 101, nextNumber: 101, status: 'Inactive' });
    const audits = await h.ctx.database.db
      .select({ action: auditTrail.action, entityType: auditTrail.entityType })
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'Series')));
    expect(audits.map((a) => a.action)).toEqual(['Create', 'Create']);
  });

  it('updates an unused series on a re-import, and refuses to change the prefix of one in use, with the reason', async () => {
    const delhi = t.entityIds[1] ?? 0;
    const series = await seriesNamed('Delhi invoices');
    const allocated = await api.post(S.allocationSave, { seriesId: series?.id, entityId: delhi, documentType: 'INV' });
    expect(allocated.statusCode, allocated.body).toBe(200);
    const saved = await api.post(D.save, saleRequest(delhi, { documentNumber: '', seriesId: series?.id }));
    expect(saved.json().data.documentNumber).toBe('DL/00001');

    const { importId, progress } = await importFile(
      h,
      token,
      'series-again.csv',
      fileOf([
        { name: 'Delhi invoices', financialYear: '2026-27', prefix: 'DEL/', padding: '5' },
        { name: 'credit notes', financialYear: '2026-27', prefix: 'CRN-', padding: '4', startNumber: '1' },
      ]),
      'Series',
    );
    expect(progress).toMatchObject({ status: 'SuccessWithError', validRows: 1, errorRows: 1 });
    const [refused] = await errorsOf(importId);
    expect(refused).toMatchObject({ row: 2, column: 'Prefix' });
    expect(refused?.message).toContain('has numbered 1 document(s), up to DL/00001');
    expect(await seriesNamed('Delhi invoices')).toMatchObject({ prefix: 'DL/', nextNumber: 2 });
    // The same series (the name's case aside), renamed as the file writes it.
    expect(await seriesNamed('credit notes')).toMatchObject({
      prefix: 'CRN-',
      padding: 4,
      startNumber: 1,
      nextNumber: 1,
      status: 'Active',
    });
    expect(await seriesNamed('Credit notes')).toBeUndefined();
  });

  it('needs the series right to upload', async () => {
    const { token: other } = await signInLimitedUser(h, t, ['ImportView', 'ImportHsnSac'], t.entityIds);
    const res = await upload(h, other, 's.csv', fileOf([{ name: 'X', financialYear: '2026-27', prefix: 'X/', padding: '3' }]), 'Series');
    expect(res.statusCode).toBe(403);
    const { token: allowed } = await signInLimitedUser(h, t, ['ImportView', 'MasterSeries'], t.entityIds);
    const ok = await upload(h, allowed, 's.csv', fileOf([{ name: 'X', financialYear: '2026-27', prefix: 'X/', padding: '3' }]), 'Series');
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
