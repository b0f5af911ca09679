import { NOTICE_API as N, type NoticeDetail } from '@opengst/contracts';
import { addDays, istDateOf } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, noticeEvents } from '../../db/schema';
import { ENGINES, type Harness, type Tenant } from '../../test-support/harness';
import { type ApiClient, clientOf, openSignedIn, signInLimitedUser } from '../../test-support/org-fixtures';

// DRC-03 payments against a notice's demand (issue 23) through their route: recorded without moving the stage, split by
// head, shown in the timeline as their own entry; the date, the ARN and the amounts checked; audited; the right
// LitigationEdit and the user's locations enforced.

const ZERO = { taxIgst: 0, taxCgst: 0, taxSgst: 0, taxCess: 0, interest: 0, penalty: 0 };

describe.each(ENGINES)('DRC-03 payments on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let delhi: number;
  let chennai: number;
  let notice: NoticeDetail;
  let chennaiNotice: NoticeDetail;
  const today = () => istDateOf(h.ctx.now());

  const scn = (entityId: number, reference: string) => ({
    entityId,
    form: 'DRC-01',
    referenceNumber: reference,
    issuedOn: addDays(today(), -20),
    section: '73',
    financialYears: ['2019-20'],
    demand: { taxIgst: 0, taxCgst: 1_000_000, taxSgst: 1_000_000, taxCess: 0, interest: 400_000, penalty: 200_000 },
  });
  const pay = (body: Record<string, unknown>, client: ApiClient = api) =>
    client.post(N.noticePayment, { id: notice.id, paidOn: today(), arn: 'AD071126000123Z', split: ZERO, ...body });

  beforeAll(async () => {
    ({ h, t, api } = await openSignedIn(engine));
    [, delhi = 0, chennai = 0] = t.entityIds;
    notice = (await api.post(N.noticeSave, scn(delhi, 'PAY-SCN-1'))).json().data as NoticeDetail;
    chennaiNotice = (await api.post(N.noticeSave, scn(chennai, 'PAY-SCN-2'))).json().data as NoticeDetail;
  });
  afterAll(async () => {
    await h.close();
  });

  it('records a payment split by head without moving the notice, as its own timeline entry, and audits it', async () => {
    const paidOn = addDays(today(), -3);
    const res = await pay({
      paidOn,
      arn: ' ad071126000123z ',
      split: { ...ZERO, taxCgst: 600_000, interest: 100_000 },
      note: 'Cash ledger',
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data as NoticeDetail;
    expect(detail.stage).toBe('Received');
    expect(detail.events.at(-1)).toMatchObject({
      action: 'Payment',
      eventDate: paidOn,
      reference: 'AD071126000123Z',
      amount: 700_000,
      note: 'Cash ledger',
      toStage: null,
      payment: { ...ZERO, taxCgst: 600_000, interest: 100_000 },
    });
    // The split is kept in the event's note (no structured column): its documented first line, then the user's note.
    const [stored] = await h.ctx.database.db
      .select()
      .from(noticeEvents)
      .where(and(eq(noticeEvents.noticeId, notice.id), eq(noticeEvents.action, 'Payment')));
    expect(stored?.note).toBe('DRC03 igst=0;cgst=600000;sgst=0;cess=0;interest=100000;penalty=0\nCash ledger');
    const audit = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'Litigation'), eq(auditTrail.entityKey, String(notice.id)), eq(auditTrail.action, 'Update')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ payment: { form: 'DRC-03', arn: 'AD071126000123Z', paidOn, total: 700_000 } });
  });

  it('refuses a date in the future or before the issue date, a malformed or repeated ARN, and a payment of nothing', async () => {
    const future = await pay({ arn: 'AD071126000124Z', paidOn: addDays(today(), 1), split: { ...ZERO, taxSgst: 1 } });
    expect(future.statusCode).toBe(422);
    expect(future.body).toContain('cannot be in the future');
    const before = await pay({ arn: 'AD071126000124Z', paidOn: addDays(notice.issuedOn, -1), split: { ...ZERO, taxSgst: 1 } });
    expect(before.statusCode).toBe(422);
    expect(before.body).toContain(`issued on ${notice.issuedOn}`);
    const shortArn = await pay({ arn: 'AD07112600012', split: { ...ZERO, taxSgst: 1 } });
    expect(shortArn.statusCode).toBe(422);
    expect(shortArn.body).toContain('15 letters and digits');
    const nothing = await pay({ arn: 'AD071126000124Z' });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.body).toContain('at least one head');
    const negative = await pay({ arn: 'AD071126000124Z', split: { ...ZERO, taxSgst: -1 } });
    expect(negative.statusCode).toBe(422);
    const repeated = await pay({ split: { ...ZERO, taxSgst: 1 } });
    expect(repeated.body).toContain('already recorded on this notice');
    const detail = (await api.get(N.noticeDetail, { id: notice.id })).json().data as NoticeDetail;
    expect(detail.events.filter((e) => e.action === 'Payment')).toHaveLength(1);
  });

  it('needs LitigationEdit and the notice’s location', async () => {
    const reader = clientOf(h, (await signInLimitedUser(h, t, ['LitigationManagement'], [delhi])).token);
    expect((await pay({ arn: 'AD071126000125Z', split: { ...ZERO, taxSgst: 1 } }, reader)).statusCode).toBe(403);
    const delhiEditor = clientOf(h, (await signInLimitedUser(h, t, ['LitigationManagement', 'LitigationEdit'], [delhi])).token);
    const elsewhere = await delhiEditor.post(N.noticePayment, {
      id: chennaiNotice.id,
      paidOn: today(),
      arn: 'AD071126000126Z',
      split: { ...ZERO, taxSgst: 1 },
    });
    expect(elsewhere.statusCode).toBe(403);
    const own = await pay({ arn: 'AD071126000127Z', split: { ...ZERO, taxSgst: 1 } }, delhiEditor);
    expect(own.statusCode, own.body).toBe(200);
    const rows = await h.ctx.database.db.select().from(noticeEvents).where(eq(noticeEvents.noticeId, chennaiNotice.id));
    expect(rows.some((r) => r.action === 'Payment')).toBe(false);
  });
});
