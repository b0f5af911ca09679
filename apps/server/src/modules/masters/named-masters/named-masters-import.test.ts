// The imports of levels, verticals and notice tags through /import on both engines (issue 20): valid rows create
// records, planted errors are listed by row, column and code, a row with a name already there (any case) updates that
// record, a rank another active level holds or a code another vertical has is refused with the reason, a level users
// hold is deactivated by a file as on the screen, audit rows are written, an export imports back, and the upload needs
// the master's right.
import {
  IMPORT_API as I,
  LEVEL_API as L,
  NOTICE_TAG_API as N,
  VERTICAL_API as V,
  type Level,
  type NoticeTag,
  type Vertical,
} from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, levels, users } from '../../../db/schema';
import { ENGINES, type Harness, type Tenant } from '../../../test-support/harness';
import { importFile, readXlsx, templateCsv, upload, xlsxOf } from '../../../test-support/import-fixtures';
import { openSignedIn, signInLimitedUser, type ApiClient } from '../../../test-support/org-fixtures';

type ErrorItem = { row: number; column: string | null; value: string | null; code: string; type: string; message: string };
const fileOf = templateCsv;

describe.each(ENGINES)('levels, verticals and notice tags imports on %s', (engine) => {
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
  const all = async <T>(url: string) => (await api.post(url, { start: 0, size: 100 })).json().data.items as T[];
  const auditsOf = (entityType: string) =>
    h.ctx.database.db
      .select({ action: auditTrail.action, entityName: auditTrail.entityName })
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, entityType)))
      .orderBy(auditTrail.id);

  it('lists the four master imports with the shared error screen and serves their samples', async () => {
    const types = (await api.get(I.importTypes)).json().data.items as { importType: string; rightId: string; errorRoute: string }[];
    const mine = ['Levels', 'Verticals', 'NoticeTags', 'IpAddresses'];
    expect(types.filter((x) => mine.includes(x.importType)).map((x) => [x.importType, x.rightId, x.errorRoute])).toEqual([
      ['Levels', 'MasterChartOfAccounts', '/import-master-error'],
      ['Verticals', 'MasterChartOfAccounts', '/import-master-error'],
      ['NoticeTags', 'MasterChartOfAccounts', '/import-master-error'],
      ['IpAddresses', 'MasterIpAddresses', '/import-master-error'],
    ]);
    const [header, example] = await readXlsx((await api.get(I.sample, { importType: 'Levels' })).rawPayload);
    expect(header).toEqual(['Name', 'Rank', 'Description', 'Status']);
    expect(example?.slice(0, 2)).toEqual(['Manager', '1']);
  });

  it('levels: creates the valid rows and reports each planted error by row, column and code', async () => {
    const { importId, progress } = await importFile(
      h,
      token,
      'levels.csv',
      fileOf('Levels', [
        { name: 'Manager', rank: '1', description: 'First approval' },
        { name: 'Director', rank: '2', status: 'Inactive' },
        { name: 'Bad rank', rank: 'x' },
        { name: 'Too high', rank: '21' },
        { name: 'Deputy', rank: '1' },
        { name: 'MANAGER', rank: '3' },
        { name: 'Head', rank: '2' },
      ]),
      'Levels',
    );
    expect(progress).toMatchObject({ status: 'SuccessWithError', totalRows: 7, validRows: 3, errorRows: 4 });
    const errors = await errorsOf(importId);
    expect(errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [4, 'Rank', 'GEN0009'],
      [5, 'Rank', 'GEN0009'],
      [6, 'Rank', 'GEN0009'],
      [7, null, 'IMP0017'],
    ]);
    expect(errors[0]?.message).toBe('A rank is a whole number from 1 to 20.');
    expect(errors[1]?.message).toBe('A rank is from 1 to 20.');
    // The screen's own check: a rank is held by one active level at a time (an inactive Director keeps rank 2 too).
    expect(errors[2]).toMatchObject({ value: '1', message: 'Rank 1 is already Manager.' });
    const stored = await all<Level>(L.search);
    expect(stored.map((l) => [l.name, l.rank, l.status, l.description])).toEqual([
      ['Manager', 1, 'Active', 'First approval'],
      ['Director', 2, 'Inactive', ''],
      ['Head', 2, 'Active', ''],
    ]);
    expect((await auditsOf('Level')).map((a) => [a.action, a.entityName])).toEqual([
      ['Create', 'Manager'],
      ['Create', 'Director'],
      ['Create', 'Head'],
    ]);
  });

  it('levels: a name already there in any case is updated; a level users hold is deactivated by the file', async () => {
    const [manager] = (await all<Level>(L.search)).filter((l) => l.name === 'Manager');
    await h.ctx.database.db
      .update(users)
      .set({ levelId: manager?.id ?? 0 })
      .where(eq(users.id, t.adminUserId));
    const { progress } = await importFile(
      h,
      token,
      'levels-again.csv',
      fileOf('Levels', [{ name: 'MANAGER', rank: '5', description: 'Renamed by the file', status: 'Inactive' }]),
      'Levels',
    );
    expect(progress).toMatchObject({ status: 'Success', validRows: 1, errorRows: 0 });
    const again = await h.ctx.database.db
      .select()
      .from(levels)
      .where(eq(levels.id, manager?.id ?? 0));
    expect(again[0]).toMatchObject({ name: 'MANAGER', rank: 5, status: 'Inactive', description: 'Renamed by the file' });
    expect((await h.ctx.database.db.select().from(users).where(eq(users.id, t.adminUserId)))[0]?.levelId).toBe(manager?.id);
    expect((await auditsOf('Level')).at(-1)).toEqual({ action: 'Update', entityName: 'MANAGER' });
    // Deleting it is still refused while the user holds it, with the reason.
    const refused = await api.post(L.delete, { ids: [manager?.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].message).toBe('MANAGER is held by 1 user; deactivate it instead.');
  });

  it('verticals: codes kept in capitals and unique, planted errors by column, and the export imports back', async () => {
    const { importId, progress } = await importFile(
      h,
      token,
      'verticals.csv',
      fileOf('Verticals', [
        { name: 'Retail', code: 'rtl', description: 'Stores' },
        { name: 'Exports', code: 'R T' },
        { name: 'Wholesale', code: 'RTL' },
        { name: 'Services' },
      ]),
      'Verticals',
    );
    expect(progress).toMatchObject({ status: 'SuccessWithError', validRows: 2, errorRows: 2 });
    const errors = await errorsOf(importId);
    expect(errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [3, 'Code', "A code has letters, digits and '-' only."],
      [4, 'Code', "Code RTL is already Retail's."],
    ]);
    expect((await all<Vertical>(V.search)).map((v) => [v.name, v.code, v.description])).toEqual([
      ['Retail', 'RTL', 'Stores'],
      ['Services', '', ''],
    ]);
    // The screen's export has the import's headers (and more): it imports back unchanged, updating both.
    const exported = (await api.post(V.export, {})).rawPayload;
    const rows = await readXlsx(exported);
    expect(rows[0]?.slice(0, 4)).toEqual(['Name', 'Code', 'Description', 'Status']);
    const back = await importFile(h, token, 'verticals.xlsx', await xlsxOf(rows), 'Verticals');
    expect(back.progress).toMatchObject({ status: 'Success', validRows: 2, errorRows: 0 });
    expect((await auditsOf('Vertical')).map((a) => a.action)).toEqual(['Create', 'Create', 'Export', 'Update', 'Update']);
  });

  it('notice tags: colours read in any case, blank is gray, an unknown colour is reported', async () => {
    const { importId, progress } = await importFile(
      h,
      token,
      'tags.csv',
      fileOf('NoticeTags', [
        { name: 'Urgent', color: 'Red' },
        { name: 'Routine' },
        { name: 'Odd', color: 'purple' },
        { name: '', color: 'blue' },
      ]),
      'NoticeTags',
    );
    expect(progress).toMatchObject({ status: 'SuccessWithError', validRows: 2, errorRows: 2 });
    expect((await errorsOf(importId)).map((e) => [e.row, e.column, e.code])).toEqual([
      [4, 'Colour', 'IMP0013'],
      [5, 'Name', 'IMP0009'],
    ]);
    expect((await all<NoticeTag>(N.search)).map((tag) => [tag.name, tag.color])).toEqual([
      ['Routine', 'gray'],
      ['Urgent', 'red'],
    ]);
  });

  it('needs the right of the master to upload', async () => {
    const file = fileOf('NoticeTags', [{ name: 'X' }]);
    const { token: noRight } = await signInLimitedUser(h, t, ['ImportView', 'MasterSeries'], t.entityIds);
    expect((await upload(h, noRight, 't.csv', file, 'NoticeTags')).statusCode).toBe(403);
    const { token: allowed } = await signInLimitedUser(h, t, ['ImportView', 'MasterChartOfAccounts'], t.entityIds);
    const ok = await upload(h, allowed, 't.csv', file, 'NoticeTags');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  // Last: the IP sample makes the allow-list active (this computer only), which limits the sign-ins of the tests above.
  it('imports each sample template unchanged', async () => {
    for (const importType of ['Levels', 'Verticals', 'NoticeTags', 'IpAddresses'] as const) {
      const sample = (await api.get(I.sample, { importType })).rawPayload;
      const { progress } = await importFile(h, token, `${importType}-sample.xlsx`, sample, importType);
      expect(progress, importType).toMatchObject({ status: 'Success', validRows: 1, errorRows: 0 });
    }
  });
});
