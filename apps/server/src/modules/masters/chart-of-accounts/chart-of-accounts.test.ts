// The chart of accounts on both engines (issue 20): /chart-of-accounts (groups and ledgers as a tree with paths, the
// GST head rule, placement under a group of the same type, loops refused with the path, in-use delete and deactivate
// refused with the reason, filters, sort, paging, audit rows, the right it needs), the export read back with exceljs
// and imported again unchanged, and the import through /import: parents in any order, a planted bad row on the
// import's error list with its row number and message, the good rows kept, an existing code updated.
import { CHART_OF_ACCOUNTS_API as C, IMPORT_API as I, IMPORT_COLUMNS, type ChartAccount, type ChartGroup } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, chartOfAccounts } from '../../../db/schema';
import { ENGINES, type Harness, type Tenant } from '../../../test-support/harness';
import { csvOf, importFile, readXlsx, upload } from '../../../test-support/import-fixtures';
import { clientOf, openSignedIn, signInLimitedUser, type ApiClient } from '../../../test-support/org-fixtures';

type ErrorItem = { row: number; column: string | null; code: string; type: string; message: string };
const columns = IMPORT_COLUMNS.ChartOfAccounts;
const fileOf = (rows: Record<string, string>[]) =>
  csvOf([columns.map((c) => c.name), ...rows.map((r) => columns.map((c) => r[c.key] ?? ''))]);

describe.each(ENGINES)('chart of accounts on %s', (engine) => {
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

  const save = async (body: Record<string, unknown>): Promise<ChartAccount> => {
    const res = await api.post(C.chartOfAccountsSave, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ChartAccount;
  };
  const refused = async (url: string, body: Record<string, unknown>, status = 422) => {
    const res = await api.post(url, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json().errors as { code: string; message: string; propertyName?: string }[];
  };
  const list = async (body: Record<string, unknown> = {}) => {
    const res = await api.post(C.chartOfAccountsSearch, { start: 0, size: 100, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: ChartAccount[]; totalRecords: number };
  };
  const byCode = async (code: string) => (await list({ filters: { text: code } })).items.find((a) => a.code === code);
  const rows = () => h.ctx.database.db.select().from(chartOfAccounts).where(eq(chartOfAccounts.subscriberId, t.subscriberId));
  const audits = (key: number) =>
    h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(
          eq(auditTrail.subscriberId, t.subscriberId),
          eq(auditTrail.entityType, 'ChartOfAccounts'),
          eq(auditTrail.entityKey, String(key)),
        ),
      );
  const errorsOf = async (importId: number) =>
    ((await api.post(I.errors, { importId, size: 1000 })).json().data.items as ErrorItem[]).filter((e) => e.type === 'Error');

  const ids: Record<string, number> = {};

  it('needs the MasterChartOfAccounts right', async () => {
    const other = clientOf(h, (await signInLimitedUser(h, t, ['SalesView', 'ImportView'], [])).token);
    expect((await other.post(C.chartOfAccountsSearch, { start: 0, size: 10 })).statusCode).toBe(403);
    expect((await other.post(C.chartOfAccountsSave, { code: 'X', name: 'X', accountType: 'Asset' })).statusCode).toBe(403);
    expect((await other.get(C.chartOfAccountsGroups)).statusCode).toBe(403);
    expect(await rows()).toEqual([]);
  });

  it('creates groups and ledgers as a tree, with paths and audit rows', async () => {
    ids.assets = (await save({ code: 'CA', name: 'Current assets', accountType: 'Asset', isGroup: true })).id;
    ids.duties = (await save({ code: 'DUT', name: 'Duties and taxes', accountType: 'Asset', isGroup: true, parentId: ids.assets })).id;
    const cgst = await save({
      code: 'GST-IN/CG.1',
      name: 'Input CGST',
      accountType: 'Asset',
      parentId: ids.duties,
      gstHead: 'InputCgst',
      description: ' ITC of CGST ',
    });
    ids.cgst = cgst.id;
    expect(cgst).toMatchObject({
      path: 'Current assets > Duties and taxes > Input CGST',
      parentCode: 'DUT',
      isGroup: false,
      gstHead: 'InputCgst',
      description: 'ITC of CGST',
      status: 'Active',
    });
    ids.sgst = (
      await save({ code: 'GST-IN-SG', name: 'Input SGST', accountType: 'Asset', parentId: ids.duties, gstHead: 'InputSgstUtgst' })
    ).id;
    ids.liabilities = (await save({ code: 'CL', name: 'Current liabilities', accountType: 'Liability', isGroup: true })).id;
    ids.output = (
      await save({ code: 'GST-OUT-CG', name: 'Output CGST', accountType: 'Liability', parentId: ids.liabilities, gstHead: 'OutputCgst' })
    ).id;
    expect((await byCode('DUT'))?.children).toBe(2);
    const [created] = await audits(ids.cgst);
    expect(created).toMatchObject({ action: 'Create', entityName: 'GST-IN/CG.1 Input CGST' });
    expect(created?.after).toMatchObject({ code: 'GST-IN/CG.1', parentId: ids.duties, gstHead: 'InputCgst' });
    const groups = (await api.get(C.chartOfAccountsGroups)).json().data.items as ChartGroup[];
    expect(groups.map((g) => g.path)).toEqual(['Current assets', 'Current assets > Duties and taxes', 'Current liabilities']);
  });

  it('refuses a bad code, a code already used (any case), and a GST head against the account type', async () => {
    expect((await refused(C.chartOfAccountsSave, { code: 'GST IN', name: 'X', accountType: 'Asset' }))[0]).toMatchObject({
      propertyName: 'code',
    });
    expect((await refused(C.chartOfAccountsSave, { code: 'A'.repeat(21), name: 'X', accountType: 'Asset' }))[0]?.message).toContain(
      'at most 20',
    );
    const dup = await refused(C.chartOfAccountsSave, { code: 'dut', name: 'Other', accountType: 'Asset' });
    expect(dup[0]).toMatchObject({ code: 'ORG0006', message: 'Code DUT is already used by "Duties and taxes".' });
    const head = await refused(C.chartOfAccountsSave, { code: 'OUT-IG', name: 'Output IGST', accountType: 'Asset', gstHead: 'OutputIgst' });
    expect(head[0]).toMatchObject({ propertyName: 'gstHead' });
    expect(head[0]?.message).toContain('must be a Liability (the tax is owed to the Government), not an Asset');
  });

  it('refuses a parent of another type, a ledger as parent, and a loop, naming the path', async () => {
    const mismatch = await refused(C.chartOfAccountsSave, { code: 'EXP1', name: 'Rent', accountType: 'Expense', parentId: ids.duties });
    expect(mismatch[0]).toMatchObject({ propertyName: 'parentId' });
    expect(mismatch[0]?.message).toContain('"Duties and taxes" is an Asset group: an Expense account cannot sit under it');
    const underLedger = await refused(C.chartOfAccountsSave, { code: 'X1', name: 'X', accountType: 'Asset', parentId: ids.cgst });
    expect(underLedger[0]?.message).toBe('"Input CGST" is a ledger: only a group can hold accounts.');
    const loop = await refused(C.chartOfAccountsSave, {
      id: ids.assets,
      code: 'CA',
      name: 'Current assets',
      accountType: 'Asset',
      isGroup: true,
      parentId: ids.duties,
    });
    expect(loop[0]?.message).toBe(
      '"Current assets" cannot move under "Duties and taxes": that group is inside it (Current assets > Duties and taxes), so the tree would loop.',
    );
    const typeChange = await refused(C.chartOfAccountsSave, {
      id: ids.duties,
      code: 'DUT',
      name: 'Duties and taxes',
      accountType: 'Liability',
      isGroup: true,
    });
    expect(typeChange[0]?.message).toContain('Duties and taxes holds 2 ledgers of type Asset');
    expect((await byCode('CA'))?.parentId).toBeNull();
  });

  it('refuses to delete a group that holds accounts, or deactivate one whose accounts are active, with the reason', async () => {
    const remove = await refused(C.chartOfAccountsDelete, { ids: [ids.duties] });
    expect(remove.map((e) => e.message)).toEqual(['Duties and taxes holds 2 ledgers; move or delete them first.']);
    const deactivate = await refused(C.chartOfAccountsUpdateStatus, { ids: [ids.duties], status: 'Inactive' });
    expect(deactivate[0]?.message).toBe('Duties and taxes holds 2 ledgers still active; deactivate or move them first.');
    // With its accounts it may go inactive; a group and all it holds may be deleted together.
    const together = await api.post(C.chartOfAccountsUpdateStatus, { ids: [ids.duties, ids.cgst, ids.sgst], status: 'Inactive' });
    expect(together.json().data).toEqual({ affected: 3 });
    expect((await audits(ids.duties ?? 0)).map((a) => a.action)).toEqual(['Create', 'StatusChange']);
    const extra = await save({ code: 'TMP', name: 'Temporary', accountType: 'Asset', isGroup: true, parentId: ids.assets });
    const inner = await save({ code: 'TMP-1', name: 'Temporary ledger', accountType: 'Asset', parentId: extra.id });
    const gone = await api.post(C.chartOfAccountsDelete, { ids: [extra.id, inner.id] });
    expect(gone.json().data).toEqual({ affected: 2 });
    expect((await audits(inner.id)).at(-1)?.action).toBe('Delete');
    expect((await rows()).map((r) => r.code).sort()).toEqual(['CA', 'CL', 'DUT', 'GST-IN-SG', 'GST-IN/CG.1', 'GST-OUT-CG']);
  });

  it('lists with filters, sort and paging', async () => {
    expect((await list()).items.map((a) => a.code)).toEqual(['CA', 'CL', 'DUT', 'GST-IN-SG', 'GST-IN/CG.1', 'GST-OUT-CG']);
    expect((await list({ filters: { text: 'input' } })).items.map((a) => a.code)).toEqual(['GST-IN-SG', 'GST-IN/CG.1']);
    expect((await list({ filters: { accountType: 'Liability' } })).items.map((a) => a.code)).toEqual(['CL', 'GST-OUT-CG']);
    expect((await list({ filters: { gstHead: 'OutputCgst' } })).items.map((a) => a.code)).toEqual(['GST-OUT-CG']);
    expect((await list({ filters: { kind: 'Group' } })).items.map((a) => a.code)).toEqual(['CA', 'CL', 'DUT']);
    expect((await list({ filters: { status: 'Inactive', kind: 'Ledger' } })).items.map((a) => a.code)).toEqual([
      'GST-IN-SG',
      'GST-IN/CG.1',
    ]);
    expect((await list({ sortExpression: 'name DESC' })).items[0]?.name).toBe('Output CGST');
    const first = await list({ size: 4, sortExpression: 'code ASC' });
    const next = await list({ start: 4, size: 4, sortExpression: 'code ASC' });
    expect(first.totalRecords).toBe(6);
    expect(next.items.map((a) => a.code)).toEqual(['GST-IN/CG.1', 'GST-OUT-CG']);
    expect((await api.post(C.chartOfAccountsSearch, { start: 0, size: 10, sortExpression: 'subscriberId ASC' })).statusCode).toBe(422);
  });

  it('exports in the import template columns, and the export imports again unchanged', async () => {
    const res = await api.post(C.chartOfAccountsExport, { sortExpression: 'code DESC', filters: {} });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const headerRow = (sheet?.getRow(1).values as unknown[]).slice(1);
    expect(headerRow.slice(0, columns.length)).toEqual(columns.map((c) => c.name));
    expect(sheet?.rowCount).toBe(7);
    // Code DESC: a child before its parent, which the import resolves.
    expect((sheet?.getRow(2).values as unknown[]).slice(1, 9)).toEqual([
      'GST-OUT-CG',
      'Output CGST',
      'Liability',
      'N',
      'CL',
      'OutputCgst',
      '',
      'Active',
    ]);
    expect(sheet?.getRow(3).getCell(9).value).toBe('Current assets > Duties and taxes > Input CGST');
    const [exported] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'ChartOfAccounts'), eq(auditTrail.action, 'Export')),
      );
    expect(exported?.after).toMatchObject({ rows: 6 });

    const before = await rows();
    const { progress } = await importFile(h, token, 'chart.xlsx', res.rawPayload, 'ChartOfAccounts');
    expect(progress).toMatchObject({ status: 'Success', totalRows: 6, validRows: 6, errorRows: 0 });
    const after = await rows();
    const shape = (r: typeof chartOfAccounts.$inferSelect) => [
      r.id,
      r.code,
      r.name,
      r.accountType,
      r.isGroup,
      r.parentId,
      r.gstHead,
      r.status,
    ];
    expect(after.map(shape).sort()).toEqual(before.map(shape).sort());
  });

  it('imports parents in any order, lists a planted bad row with its row number and message, keeps the good rows, updates a code', async () => {
    const { importId, progress } = await importFile(
      h,
      token,
      'chart.csv',
      fileOf([
        { code: 'BANK-HDFC', name: 'HDFC current account', accountType: 'Asset', parentCode: 'bank' },
        {
          code: 'RCM-CG',
          name: 'RCM CGST payable',
          accountType: 'Liability',
          parentCode: 'CL',
          gstHead: 'CGST payable under reverse charge',
        },
        { code: 'BAD-IN', name: 'Input IGST', accountType: 'Liability', parentCode: 'CL', gstHead: 'InputIgst' },
        { code: 'BANK', name: 'Bank accounts', accountType: 'Asset', isGroup: 'Y', parentCode: 'CA' },
        { code: 'gst-out-cg', name: 'Output CGST payable', accountType: 'Liability', parentCode: 'CL', gstHead: 'OutputCgst' },
        { code: 'RENT', name: 'Rent', accountType: 'Expense', parentCode: 'DUT' },
      ]),
      'ChartOfAccounts',
    );
    expect(progress).toMatchObject({ status: 'SuccessWithError', totalRows: 6, validRows: 4, errorRows: 2 });
    const errors = await errorsOf(importId);
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [4, 'GST head'],
      [7, 'Parent code'],
    ]);
    expect(errors[0]?.message).toContain('"Input IGST (ITC)" must be an Asset (input tax is credit you hold), not a Liability');
    expect(errors[1]?.message).toContain('"Duties and taxes" is an Asset group: an Expense account cannot sit under it');
    expect(await byCode('BANK-HDFC')).toMatchObject({ path: 'Current assets > Bank accounts > HDFC current account', parentCode: 'BANK' });
    expect(await byCode('RCM-CG')).toMatchObject({ gstHead: 'RcmCgstPayable', accountType: 'Liability' });
    // The code's case aside, the same account: updated, renamed as the file writes it.
    expect(await byCode('gst-out-cg')).toMatchObject({ id: ids.output, name: 'Output CGST payable' });
    expect(await byCode('BAD-IN')).toBeUndefined();
    expect((await audits(ids.output ?? 0)).map((a) => a.action)).toEqual(['Create', 'Update', 'Update']);
    const summary = await api.get(I.summary, { importId });
    expect(summary.json().data).toMatchObject({ documents: 4, errors: 2 });
  });

  it('needs the chart of accounts right to upload', async () => {
    const file = fileOf([{ code: 'X', name: 'X', accountType: 'Asset' }]);
    const { token: other } = await signInLimitedUser(h, t, ['ImportView', 'MasterSeries'], t.entityIds);
    expect((await upload(h, other, 'c.csv', file, 'ChartOfAccounts')).statusCode).toBe(403);
    const { token: allowed } = await signInLimitedUser(h, t, ['ImportView', 'MasterChartOfAccounts'], t.entityIds);
    const ok = await upload(h, allowed, 'c.csv', file, 'ChartOfAccounts');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('serves the sample with the documented columns', async () => {
    const [header, example] = await readXlsx((await api.get(I.sample, { importType: 'ChartOfAccounts' })).rawPayload);
    expect(header).toEqual(columns.map((c) => c.name));
    expect(example?.[0]).toBe('GST-IN-CGST');
  });
});
