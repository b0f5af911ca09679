import {
  IMPORT_COLUMNS,
  NOTICE_API as N,
  type Notice,
  type NoticeDashboard,
  type NoticeDetail,
  type NoticeOptions,
} from '@opengst/contracts';
import { addDays, istDateOf } from '@opengst/domain';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, consultants, entities, mailOutbox, noticeConsultants, noticeEvents, noticeTags } from '../../db/schema';
import { createTenant, ENGINES, type Harness, type Tenant } from '../../test-support/harness';
import { csvOf, importFile } from '../../test-support/import-fixtures';
import { type ApiClient, clientOf, openSignedIn, signInLimitedUser } from '../../test-support/org-fixtures';
import { sendNoticeReminders } from './notice-reminders.jobs';

// Consultants on notices (issue 23): assigned on the save (the subscriber's own only, at most 20, replaced on edit with
// the change in the timeline and the audit), answered by the detail and the list; a consultant's sign-in reaches only
// the notices assigned to it (search, detail, export, dashboard, options; any other 404), cannot reassign them, and
// gets their reminders. And the register's filters by section, year, contingent class and consultant, each equal to
// the dashboard's figure that links to it.

type Page = { items: Notice[]; totalRecords: number };

describe.each(ENGINES)('consultants on notices and the register filters on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let delhi: number;
  let chennai: number;
  const today = () => istDateOf(h.ctx.now());

  /** A consultant: a user who may work on notices at both locations, with its consultants row. */
  const consultant = async (tenant: Tenant, entityIds: readonly number[]) => {
    const user = await signInLimitedUser(
      h,
      tenant,
      ['LitigationManagement', 'LitigationEdit', 'LitigationDelete', 'DashboardLitigation'],
      entityIds,
    );
    const [row] = await h.ctx.database.db
      .insert(consultants)
      .values({ subscriberId: tenant.subscriberId, userId: user.userId, profession: 'Advocate', firmName: 'Rao & Co' })
      .returning({ id: consultants.id });
    return { ...user, id: row?.id ?? 0, api: clientOf(h, user.token) };
  };
  let first: Awaited<ReturnType<typeof consultant>>;
  let second: Awaited<ReturnType<typeof consultant>>;

  beforeAll(async () => {
    ({ h, t, api } = await openSignedIn(engine));
    [, delhi = 0, chennai = 0] = t.entityIds;
    first = await consultant(t, [delhi, chennai]);
    second = await consultant(t, [delhi, chennai]);
  });
  afterAll(async () => {
    await h.close();
  });

  const scn = (reference: string, extra: Record<string, unknown> = {}) => ({
    entityId: delhi,
    form: 'DRC-01',
    referenceNumber: reference,
    issuedOn: addDays(today(), -3),
    statedDueOn: addDays(today(), 27),
    financialYears: ['2022-23'],
    section: '73',
    demand: { taxIgst: 1_000_000, taxCgst: 0, taxSgst: 0, taxCess: 0, interest: 50_000, penalty: 100_000 },
    ...extra,
  });
  const saved = async (client: ApiClient, body: Record<string, unknown>): Promise<NoticeDetail> => {
    const res = await client.post(N.noticeSave, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as NoticeDetail;
  };
  const search = async (client: ApiClient, filters: Record<string, unknown> = {}): Promise<Page> => {
    const res = await client.post(N.noticeSearch, { start: 0, size: 1000, filters });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Page;
  };
  const references = (page: Page) => page.items.map((i) => i.referenceNumber).sort();

  it('assigns consultants on the save, answers them by name, replaces them on edit with the change in the timeline and the audit', async () => {
    const notice = await saved(api, scn('CONS-1', { consultantIds: [first.id] }));
    expect(notice.consultants).toEqual([{ id: first.id, displayName: expect.stringMatching(/^Limited /) }]);
    expect(notice.events[0]).toMatchObject({ action: 'Created', note: `Consultants: ${notice.consultants[0]?.displayName}` });
    const listed = await search(api, { consultantIds: [first.id] });
    expect(listed.items.map((i) => [i.referenceNumber, i.consultants.map((c) => c.id)])).toEqual([['CONS-1', [first.id]]]);

    // An edit that does not name them keeps them; one that does replaces them.
    const kept = await saved(api, { ...scn('CONS-1', { subject: 'Excess ITC' }), id: notice.id });
    expect(kept.consultants.map((c) => c.id)).toEqual([first.id]);
    expect(kept.events.at(-1)).toMatchObject({ action: 'Edited', note: '' });
    const both = await saved(api, { ...scn('CONS-1'), id: notice.id, consultantIds: [second.id, first.id] });
    expect(both.consultants.map((c) => c.id).sort()).toEqual([first.id, second.id].sort());
    expect(both.events.at(-1)?.note).toMatch(/^Consultants: Limited .*, Limited /);
    const moved = await saved(api, { ...scn('CONS-1'), id: notice.id, consultantIds: [second.id] });
    expect(moved.consultants.map((c) => c.id)).toEqual([second.id]);
    expect((await search(api, { consultantIds: [first.id] })).totalRecords).toBe(0);
    const audit = await h.ctx.database.db
      .select({ before: auditTrail.before, after: auditTrail.after })
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'Litigation'), eq(auditTrail.entityKey, String(notice.id))))
      .orderBy(asc(auditTrail.id));
    expect(audit.at(-1)?.before).toMatchObject({ consultants: [first.id, second.id].sort((a, b) => a - b) });
    expect(audit.at(-1)?.after).toMatchObject({ consultants: [second.id] });
    const cleared = await saved(api, { ...scn('CONS-1'), id: notice.id, consultantIds: [] });
    expect(cleared.consultants).toEqual([]);
    expect(cleared.events.at(-1)?.note).toBe('Consultants: none');
  });

  it("refuses another subscriber's consultant (404, nothing written) and more than 20", async () => {
    const other = await createTenant(h);
    const foreign = await consultant(other, [other.entityIds[1] ?? 0]);
    const res = await api.post(N.noticeSave, scn('CONS-FOREIGN', { consultantIds: [foreign.id] }));
    expect(res.statusCode).toBe(404);
    expect((await search(api, { text: 'CONS-FOREIGN' })).totalRecords).toBe(0);
    const many = await api.post(N.noticeSave, scn('CONS-MANY', { consultantIds: Array.from({ length: 21 }, (_, i) => i + 1) }));
    expect(many.statusCode).toBe(422);
    expect(many.body).toContain('at most 20 consultants');
  });

  it('shows a consultant only its notices: search, detail, export, dashboard, options; the others answer 404', async () => {
    const mine = await saved(api, scn('MINE-1', { consultantIds: [first.id], section: '74', financialYears: ['2021-22'] }));
    const theirs = await saved(api, scn('THEIRS-1', { consultantIds: [second.id], entityId: chennai, section: '61' }));
    const nobodys = await saved(api, scn('NOBODY-1', { section: '65' }));
    const own = first.api;

    expect(references(await search(own))).toEqual(['MINE-1']);
    expect(references(await search(own, { entityIds: [chennai] }))).toEqual([]);
    expect((await own.get(N.noticeDetail, { id: mine.id })).statusCode).toBe(200);
    for (const id of [theirs.id, nobodys.id]) {
      expect((await own.get(N.noticeDetail, { id })).statusCode).toBe(404);
      expect((await own.post(N.noticeSave, { ...scn('HIJACK'), id })).statusCode).toBe(404);
      expect((await own.post(N.noticeMove, { id, toStage: 'UnderReview', eventDate: today() })).statusCode).toBe(404);
      expect((await own.post(N.noticeReopen, { id, eventDate: today(), note: 'Remand' })).statusCode).toBe(404);
      expect((await own.post(N.noticeDelete, { ids: [mine.id, id] })).statusCode).toBe(404);
    }
    expect((await api.get(N.noticeDetail, { id: theirs.id })).json().data.referenceNumber).toBe('THEIRS-1');

    const exported = await own.post(N.noticeExport, {});
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.rowCount).toBe(2);
    expect(book.worksheets[0]?.getRow(2).getCell(5).value).toBe('MINE-1');

    const board = (await own.post(N.noticeDashboard, {})).json().data as NoticeDashboard;
    expect(board.total.count).toBe(1);
    expect(board.bySection.map((s) => s.key)).toEqual(['74']);
    const options = (await own.get(N.noticeOptions)).json().data as NoticeOptions;
    expect(options).toMatchObject({
      sections: ['74'],
      financialYears: ['2021-22'],
      consultants: [{ id: first.id }],
      viewerConsultantId: first.id,
    });
    expect((await api.get(N.noticeOptions)).json().data.viewerConsultantId).toBeNull();

    // Its own notice: it works on it, but the consultants stay as they are.
    const edited = await saved(own, { ...scn('MINE-1', { subject: 'Reply drafted by counsel' }), id: mine.id, consultantIds: [second.id] });
    expect(edited.consultants.map((c) => c.id)).toEqual([first.id]);
    expect((await own.post(N.noticeMove, { id: mine.id, toStage: 'UnderReview', eventDate: today() })).statusCode).toBe(200);
    // One it enters is assigned to it, so that it sees it.
    const entered = await saved(own, scn('MINE-2', { consultantIds: [] }));
    expect(entered.consultants.map((c) => c.id)).toEqual([first.id]);
    expect(references(await search(own))).toEqual(['MINE-1', 'MINE-2']);
    expect((await own.post(N.noticeDelete, { ids: [entered.id] })).statusCode).toBe(200);
  });

  it("mails the assigned consultants' users with the notice's assignee", async () => {
    const { db } = h.ctx.database;
    // DRC-01B: Part B within 7 days (Rule 88C(2)); the subscriber's default first reminder is 7 days before.
    const notice = await saved(api, {
      entityId: chennai,
      form: 'DRC-01B',
      referenceNumber: 'REMIND-CONS',
      issuedOn: today(),
      assigneeUserId: t.adminUserId,
      consultantIds: [second.id],
    });
    await sendNoticeReminders(h.ctx);
    const sent = await db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.subscriberId, t.subscriberId),
          eq(mailOutbox.subject, `Reply due in 7 days: DRC-01B REMIND-CONS (${notice.gstin})`),
        ),
      );
    const to = sent.map((m) => m.to);
    // The assignee and the consultant; not the other consultant, though it may edit notices at that location.
    expect(to.sort()).toEqual([t.email, `${second.userName}@example.test`].sort());
  });

  it('filters by section, year, contingent class and consultant, each equal to the dashboard figure that links to it', async () => {
    await saved(api, scn('F-MULTI', { section: '73, 74A', financialYears: ['2023-24', '2024-25'], consultantIds: [first.id] }));
    await saved(
      api,
      scn('F-NONE', { section: '', financialYears: [], contingent: { classification: 'Probable', amount: 700_000, asOf: today() } }),
    );
    await saved(api, scn('F-REMOTE', { section: '16(4)', contingent: { classification: 'Remote', amount: 10_000, asOf: today() } }));
    await saved(api, scn('F-POSSIBLE', { section: '74A', contingent: { classification: 'Possible', amount: 300_000, asOf: today() } }));

    // Among these four (text 'F-'): the register's other notices are counted by the dashboard's checks below.
    const these = async (filters: Record<string, unknown>) => references(await search(api, { text: 'F-', ...filters }));
    expect(await these({ sections: ['74A'] })).toEqual(['F-MULTI', 'F-POSSIBLE']);
    expect(await these({ sections: ['73'] })).toEqual(['F-MULTI']);
    expect(await these({ sections: ['-'] })).toEqual(['F-NONE']);
    expect(await these({ sections: ['-', '16(4)'] })).toEqual(['F-NONE', 'F-REMOTE']);
    expect(await these({ financialYears: ['2024-25'] })).toEqual(['F-MULTI']);
    expect(await these({ financialYears: ['-'] })).toEqual(['F-NONE']);
    expect(await these({ contingentClasses: ['Probable', 'Remote'] })).toEqual(['F-NONE', 'F-REMOTE']);
    expect(await these({ sections: ['74A'], contingentClasses: ['Possible'] })).toEqual(['F-POSSIBLE']);
    expect(await these({ consultantIds: [first.id] })).toEqual(['F-MULTI']);

    const board = (await api.post(N.noticeDashboard, {})).json().data as NoticeDashboard;
    const demandOf = (page: Page) => page.items.reduce((sum, n) => sum + n.totalDemand, 0);
    for (const slice of board.bySection) {
      const listed = await search(api, { sections: [slice.key] });
      expect([slice.key, listed.totalRecords, demandOf(listed)]).toEqual([slice.key, slice.count, slice.demand]);
    }
    for (const slice of board.byFinancialYear) {
      const listed = await search(api, { financialYears: [slice.key] });
      expect([slice.key, listed.totalRecords, demandOf(listed)]).toEqual([slice.key, slice.count, slice.demand]);
    }
    expect(board.bySection.map((s) => s.key)).toEqual(expect.arrayContaining(['73', '74A', '16(4)', '-']));
    // Ind AS 37's figures: the open notices of each class, as the dashboard's links ask for them.
    const open = ['ACT', 'REP', 'DDL', 'ROPEN'];
    const atStake = async (classification: string) =>
      (await search(api, { statuses: open, contingentClasses: [classification] })).items.reduce(
        (sum, n) => sum + (n.contingentAmount ?? 0),
        0,
      );
    expect(board.contingent).toMatchObject({
      provision: await atStake('Probable'),
      disclosure: await atStake('Possible'),
      remote: await atStake('Remote'),
    });
    expect(board.contingent.provision).toBeGreaterThan(0);

    const options = (await api.get(N.noticeOptions)).json().data as NoticeOptions;
    expect(options.sections).toEqual(expect.arrayContaining(['16(4)', '73', '74A']));
    expect(options.sections).not.toContain('');
    expect(options.financialYears.slice(0, 2)).toEqual(['2024-25', '2023-24']);
  });

  it("offers the subscriber's tags with their colours, and never another subscriber's", async () => {
    const { db } = h.ctx.database;
    await db.insert(noticeTags).values([
      { subscriberId: t.subscriberId, name: 'Scrutiny', color: 'grape' },
      { subscriberId: t.subscriberId, name: 'Old', color: 'gray', status: 'Inactive' },
    ]);
    const other = await createTenant(h);
    await db.insert(noticeTags).values({ subscriberId: other.subscriberId, name: 'B-only tag', color: 'red' });
    const options = (await api.get(N.noticeOptions)).json().data as NoticeOptions;
    expect(options.tags.map(({ name, color, isActive }) => [name, color, isActive])).toEqual([
      ['Old', 'gray', false],
      ['Scrutiny', 'grape', true],
    ]);
    // And the rows a consultant's notice leaves behind go with the notice.
    const gone = await saved(api, scn('GONE-1', { consultantIds: [first.id] }));
    await api.post(N.noticeDelete, { ids: [gone.id] });
    expect(await db.select().from(noticeConsultants).where(eq(noticeConsultants.noticeId, gone.id))).toEqual([]);
    expect(await db.select().from(noticeEvents).where(eq(noticeEvents.noticeId, gone.id))).toEqual([]);
  });

  it("imports a consultant's notices assigned to it, and refuses a file naming one of the organisation's it is not assigned", async () => {
    const [location] = await h.ctx.database.db.select({ gstin: entities.gstin }).from(entities).where(eq(entities.id, delhi));
    const issued = addDays(today(), -2);
    const fileOf = (reference: string) =>
      csvOf([
        IMPORT_COLUMNS.Notices.map((c) => c.name),
        IMPORT_COLUMNS.Notices.map(
          (c) =>
            ({
              gstin: location?.gstin ?? '',
              form: 'DRC-01',
              referenceNumber: reference,
              issuedOn: `${issued.slice(8, 10)}-${issued.slice(5, 7)}-${issued.slice(0, 4)}`,
            })[c.key] ?? '',
        ),
      ]);
    const created = await importFile(h, first.token, 'notices.csv', fileOf('IMP-CONS-1'), 'Notices');
    expect(created.progress.status).toBe('Success');
    const mine = (await search(first.api, { text: 'IMP-CONS-1' })).items;
    expect(mine.map((n) => n.consultants.map((c) => c.id))).toEqual([[first.id]]);

    await saved(api, scn('IMP-ORG-1'));
    const refused = await importFile(h, first.token, 'notices.csv', fileOf('IMP-ORG-1'), 'Notices');
    expect(refused.progress.status).toBe('Failed');
    expect(JSON.stringify(refused.progress)).toContain('DRC-01 IMP-ORG-1 is not a notice assigned to you.');
    const untouched = (await search(api, { text: 'IMP-ORG-1' })).items;
    expect(untouched.map((n) => [n.source, n.consultants])).toEqual([['Manual', []]]);
  });
});
