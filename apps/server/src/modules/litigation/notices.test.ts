import { NOTICE_API as N, NOTICE_TAG_API as TAG, type Notice, type NoticeDashboard, type NoticeDetail } from '@opengst/contracts';
import { addDays, istDateOf } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, noticeTags, subscriptions } from '../../db/schema';
import { createTenant, ENGINES, signIn, type Harness, type Tenant } from '../../test-support/harness';
import { type ApiClient, clientOf, openSignedIn, signInLimitedUser } from '../../test-support/org-fixtures';

// The notice register (issue 23) through its routes: a notice saved with its statutory due date, moved along the status
// model (a refused move named), the status codes as days pass, reopened, listed by status, exported, deleted; rights
// and locations enforced.

describe.each(ENGINES)('the notice register on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let delhi: number;
  let chennai: number;
  const today = () => istDateOf(h.ctx.now());

  beforeAll(async () => {
    let token: string;
    ({ h, t, token, api } = await openSignedIn(engine));
    [, delhi = 0, chennai = 0] = t.entityIds;
    void token;
  });
  afterAll(async () => {
    await h.close();
  });

  const save = (body: Record<string, unknown>) => api.post(N.noticeSave, body);
  const asmt10 = (reference: string, issuedOn: string) => ({
    entityId: delhi,
    form: 'ASMT-10',
    referenceNumber: reference,
    issuedOn,
    financialYears: ['2023-24'],
    section: '61',
    subject: 'Difference between GSTR-3B and GSTR-2B ITC',
    demand: { taxIgst: 0, taxCgst: 4_500_000, taxSgst: 4_500_000, taxCess: 0, interest: 120_000, penalty: 0 },
    contingent: { classification: 'Possible', amount: 9_000_000, asOf: '2026-03-31' },
  });

  it('saves a notice with the due date of its form, and answers it with its timeline and next stages', async () => {
    const issuedOn = addDays(today(), -5);
    const res = await save(asmt10('ZA0711260000123', issuedOn));
    expect(res.statusCode, res.body).toBe(200);
    const notice = res.json().data as NoticeDetail;
    // Rule 99(2): ASMT-11 within 30 days of the ASMT-10.
    expect(notice).toMatchObject({
      form: 'ASMT-10',
      noticeType: 'Notice',
      dueOn: addDays(issuedOn, 30),
      dueBasis: 'Rule 99(2)',
      daysLeft: 25,
      stage: 'Received',
      status: 'ACT',
      totalDemand: 9_120_000,
      contingentTreatment: 'Disclosure',
      gstin: expect.stringMatching(/^07/),
    });
    expect(notice.nextStages).toContain('Replied');
    // The timeline holds the Ind AS 37 assessment saved with it, as its own entry (class, amount, as-of date).
    expect(notice.events).toEqual([
      expect.objectContaining({ action: 'Created', toStage: 'Received', eventDate: issuedOn }),
      expect.objectContaining({
        action: 'ContingentAssessed',
        toStage: null,
        note: 'Possible',
        amount: 9_000_000,
        eventDate: '2026-03-31',
      }),
    ]);
    // Reassessed at another reporting date: a second entry, the first kept.
    const reassessed = (
      await save({
        ...asmt10('ZA0711260000123', issuedOn),
        id: notice.id,
        contingent: { classification: 'Probable', amount: 5_000_000, asOf: '2026-09-30' },
      })
    ).json().data as NoticeDetail;
    expect(reassessed.events.filter((e) => e.action === 'ContingentAssessed').map((e) => [e.note, e.amount, e.eventDate])).toEqual([
      ['Possible', 9_000_000, '2026-03-31'],
      ['Probable', 5_000_000, '2026-09-30'],
    ]);
    // The same reference again on the same GSTIN and form is refused.
    const again = await save(asmt10('ZA0711260000123', issuedOn));
    expect(again.statusCode).toBe(422);
    expect(again.body).toContain('already in the register');
  });

  it('refuses what cannot be: a business for a GSTIN, a date in the future, an unmeasured probable outflow, another subscriber’s tag', async () => {
    const business = await save({ ...asmt10('B-1', today()), entityId: t.entityIds[0] });
    expect(business.statusCode).toBe(422);
    expect(business.body).toContain('choose a location');
    const future = await save(asmt10('F-1', addDays(today(), 1)));
    expect(future.body).toContain('cannot be in the future');
    const unmeasured = await save({ ...asmt10('P-1', today()), contingent: { classification: 'Probable', amount: 0, asOf: today() } });
    expect(unmeasured.body).toContain('Ind AS 37');
    const other = await createTenant(h);
    const [foreign] = await h.ctx.database.db
      .insert(noticeTags)
      .values({ subscriberId: other.subscriberId, name: 'Foreign' })
      .returning({ id: noticeTags.id });
    const tagged = await save({ ...asmt10('T-1', today()), tagIds: [foreign?.id] });
    expect(tagged.body).toContain('active notice tags of your organisation');
  });

  it('moves along the status model, refuses a move it does not allow, and is reopened with a reason', async () => {
    const created = (
      await save({ ...asmt10('DRC-SCN-77', addDays(today(), -2)), form: 'DRC-01', statedDueOn: addDays(today(), 28) })
    ).json().data as NoticeDetail;
    expect(created).toMatchObject({ dueBasis: 'notice', dueOn: addDays(today(), 28), noticeType: 'Notice' });
    const move = (toStage: string, extra: Record<string, unknown> = {}) =>
      api.post(N.noticeMove, { id: created.id, toStage, eventDate: today(), ...extra });

    const refused = await move('AppealFiled');
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('cannot move to Appeal filed');
    expect((await move('Replied', { reference: 'AD0711260001234', note: 'DRC-06 filed' })).json().data).toMatchObject({
      stage: 'Replied',
      status: 'REP',
    });
    await move('Order', { reference: 'ZD071126000999', amount: 3_000_000 });
    const appealed = (await move('AppealFiled', { reference: 'AD07112600077' })).json().data as NoticeDetail;
    expect(appealed.events.map((e) => [e.action, e.toStage, e.reference])).toEqual([
      ['Created', 'Received', ''],
      ['ContingentAssessed', null, ''],
      ['StageChanged', 'Replied', 'AD0711260001234'],
      ['StageChanged', 'Order', 'ZD071126000999'],
      ['StageChanged', 'AppealFiled', 'AD07112600077'],
    ]);
    const closed = (await move('Closed', { note: 'Appeal allowed' })).json().data as NoticeDetail;
    expect(closed).toMatchObject({ status: 'CLS', daysLeft: null, nextStages: [] });
    expect((await move('UnderReview')).body).toContain('open it again first');

    const noReason = await api.post(N.noticeReopen, { id: created.id, eventDate: today(), note: '' });
    expect(noReason.statusCode).toBe(422);
    const reopened = (
      await api.post(N.noticeReopen, { id: created.id, eventDate: today(), note: 'Remanded by the appellate order' })
    ).json().data as NoticeDetail;
    expect(reopened).toMatchObject({ stage: 'UnderReview', status: 'ROPEN', isReopened: true });
    const audit = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'Litigation'), eq(auditTrail.entityKey, String(created.id))));
    expect(audit.map((a) => a.action)).toEqual(['Create', 'StatusChange', 'StatusChange', 'StatusChange', 'StatusChange', 'StatusChange']);
  });

  it('lists by status (a reply date passed with no reply is DDL), by location, and exports what it lists', async () => {
    const open = (await save({ ...asmt10('DRC01B-2026', today()), form: 'DRC-01B', entityId: chennai })).json().data as NoticeDetail;
    // Rule 88C(2): seven days.
    expect(open).toMatchObject({ dueOn: addDays(today(), 7), status: 'ACT', daysLeft: 7 });
    const lapsed = (await save({ ...asmt10('DRC01B-2025', addDays(today(), -10)), form: 'DRC-01B', entityId: chennai })).json()
      .data as NoticeDetail;
    expect(lapsed).toMatchObject({ dueOn: addDays(today(), -3), status: 'DDL', daysLeft: -3 });
    const search = async (filters: Record<string, unknown>) => {
      const res = await api.post(N.noticeSearch, { start: 0, size: 50, filters });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { items: { referenceNumber: string; status: string }[] }).items.map(
        (i) => `${i.referenceNumber} ${i.status}`,
      );
    };
    expect(await search({ statuses: ['ACT'], entityIds: [chennai] })).toEqual(['DRC01B-2026 ACT']);
    expect(await search({ statuses: ['DDL'], entityIds: [chennai] })).toEqual(['DRC01B-2025 DDL']);
    // Soonest due first: the lapsed one leads.
    expect(await search({ entityIds: [chennai] })).toEqual(['DRC01B-2025 DDL', 'DRC01B-2026 ACT']);
    // Replied: no longer lapsed, whatever the date.
    await api.post(N.noticeMove, { id: lapsed.id, toStage: 'Replied', eventDate: today(), reference: 'AD33112600001' });
    expect(await search({ statuses: ['DDL', 'REP'], entityIds: [chennai] })).toEqual(['DRC01B-2025 REP']);

    const res = await api.post(N.noticeExport, { filters: { entityIds: [chennai] } });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect([sheet?.getRow(2).getCell(5).value, sheet?.getRow(3).getCell(5).value]).toEqual(['DRC01B-2025', 'DRC01B-2026']);
    expect(sheet?.getRow(3).getCell(16).value).toBe(91_200);
  });

  it('files notices under active tags, and a tag a notice carries is deactivated, not deleted', async () => {
    const tag = (await api.post(TAG.save, { name: 'Scrutiny', color: 'grape' })).json().data as { id: number };
    const tagged = (await save({ ...asmt10('TAG-1', today()), tagIds: [tag.id] })).json().data as NoticeDetail;
    expect(tagged.tagIds).toEqual([tag.id]);
    expect((await api.post(N.noticeSearch, { start: 0, size: 10, filters: { tagIds: [tag.id] } })).json().data.items).toEqual([
      expect.objectContaining({ referenceNumber: 'TAG-1' }),
    ]);
    const refused = await api.post(TAG.delete, { ids: [tag.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].message).toBe('Scrutiny tags 1 notice; deactivate it instead.');
    // Deleted with its notice gone.
    await api.post(N.noticeDelete, { ids: [tagged.id] });
    expect((await api.post(TAG.delete, { ids: [tag.id] })).statusCode).toBe(200);
  });

  it("answers the dashboard with the register's own figures", async () => {
    // One reply overdue: a DRC-01C's 7 days (Rule 88D(2)) ran out two days ago.
    await save({ ...asmt10('DRC01C-LATE', addDays(today(), -9)), form: 'DRC-01C' });
    const board = (await api.post(N.noticeDashboard, {})).json().data as NoticeDashboard;
    const register = (await api.post(N.noticeSearch, { start: 0, size: 1000 })).json().data as { items: Notice[]; totalRecords: number };
    const demandOf = (items: readonly Notice[]) => items.reduce((sum, n) => sum + n.totalDemand, 0);
    expect(board.total).toMatchObject({ count: register.totalRecords, demand: demandOf(register.items) });
    for (const slice of board.byStatus) {
      const listed = (await api.post(N.noticeSearch, { start: 0, size: 1000, filters: { statuses: [slice.key] } })).json().data as {
        items: Notice[];
      };
      expect([slice.key, slice.count, slice.demand]).toEqual([slice.key, listed.items.length, demandOf(listed.items)]);
    }
    expect(board.overdue.count).toBe(register.items.filter((n) => n.status === 'DDL').length);
    expect(board.overdue.count).toBeGreaterThan(0);
    expect(board.byEntity.reduce((sum, s) => sum + s.count, 0)).toBe(register.totalRecords);
    // Ind AS 37: probable provided for, possible disclosed; closed notices left out.
    const open = register.items.filter((n) => n.stage !== 'Closed' && n.contingentAmount !== null);
    const sumOf = (treatment: string) =>
      open.filter((n) => n.contingentTreatment === treatment).reduce((sum, n) => sum + (n.contingentAmount ?? 0), 0);
    expect(board.contingent).toMatchObject({ provision: sumOf('Provision'), disclosure: sumOf('Disclosure') });
    expect(board.contingent.disclosure).toBeGreaterThan(0);
    // Narrowed to one location by its chip.
    const chennaiOnly = (await api.post(N.noticeDashboard, { entityIds: [chennai] })).json().data as NoticeDashboard;
    expect(chennaiOnly.byEntity.map((e) => e.key)).toEqual([String(chennai)]);
  });

  it('keeps a limited user to their locations and their rights, and refuses the register without the premium subscription', async () => {
    const delhiOnly = await signInLimitedUser(h, t, ['LitigationManagement'], [delhi]);
    const limited = clientOf(h, delhiOnly.token);
    const listed = (await limited.post(N.noticeSearch, { start: 0, size: 50 })).json().data as { items: { entityId: number }[] };
    expect(listed.items.length).toBeGreaterThan(0);
    expect(listed.items.every((i) => i.entityId === delhi)).toBe(true);
    expect((await limited.post(N.noticeSearch, { start: 0, size: 50, filters: { entityIds: [chennai] } })).statusCode).toBe(403);
    expect((await limited.post(N.noticeSave, asmt10('L-1', today()))).statusCode).toBe(403);
    expect((await limited.post(N.noticeDelete, { ids: [1] })).statusCode).toBe(403);

    // A subscriber that has not bought the premium register: its administrator is refused.
    const unsubscribed = await createTenant(h);
    await h.ctx.database.db
      .delete(subscriptions)
      .where(and(eq(subscriptions.subscriberId, unsubscribed.subscriberId), eq(subscriptions.rightId, 'LitigationManagement')));
    const outsider = clientOf(h, await signIn(h.app, unsubscribed));
    expect((await outsider.post(N.noticeSearch, { start: 0, size: 50 })).statusCode).toBe(403);
  });
});
