// The notice register's sync from the GST portal (issue 23) against the portal sandbox mounted in the server: two
// notices an officer issues to Delhi in the sandbox come into the register with source Portal, their due dates and
// demand as the portal states them, each with its Created event; a second sync changes nothing; a notice the portal
// then states otherwise is updated in the portal's fields only (the user's stage and assignee kept); the setting off
// is refused with its reason, as are a GSTIN without a portal session (recorded in /data-activities), another
// location and a user without LitigationEdit.
import {
  NOTICE_API as N,
  NOTICE_PORTAL_SYNC_API as S,
  ORGANIZATION_API as O,
  RETURN_API as R,
  type Notice,
  type NoticeDetail,
  type NoticePortalSyncResult,
} from '@opengst/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, dataActivities, noticeDocuments, notices, storedFiles } from '../../db/schema';
import type { SandboxNoticeRequest } from '../../portal';
import { createTenant, ENGINES, setSubscriberSettings, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { DELHI_GSTIN } from '../../test-support/import-fixtures';
import { clientOf, signInLimitedUser, type ApiClient } from '../../test-support/org-fixtures';
import { activePortalSession } from '../returns';
import { portalFieldsOf } from './notices-portal-sync';

const OTP = '575757';

const ASMT10: SandboxNoticeRequest = {
  form: 'ASMT-10',
  referenceNumber: 'ZD0705250001234',
  issuedOn: '2025-05-20',
  dueOn: '2025-06-19',
  section: '61',
  financialYears: ['2023-24'],
  subject: 'Discrepancies in the returns of FY 2023-24',
  officerName: 'R. Sharma',
  officerDesignation: 'Superintendent',
  jurisdiction: 'Delhi North, Range 3',
  tax: { igst: 12_500_50, cgst: 0, sgst: 0, cess: 0 },
  interest: 1_000_00,
  penalty: 0,
};
const DRC01: SandboxNoticeRequest = {
  form: 'DRC-01',
  referenceNumber: 'ZD0706250004567',
  issuedOn: '2025-06-05',
  dueOn: null,
  section: '73',
  financialYears: ['2022-23', '2023-24'],
  subject: 'Show cause notice: ITC availed in excess',
  officerName: 'A. Gupta',
  officerDesignation: 'Assistant Commissioner',
  jurisdiction: 'Delhi North',
  tax: { igst: 0, cgst: 40_000_00, sgst: 40_000_00, cess: 0 },
  interest: 8_000_00,
  penalty: 8_000_00,
};

describe('portalFieldsOf', () => {
  it('keeps years as the register does (2023-24, also from a portal\'s "FY 2023-24"), keeps a stated due date and keeps an unknown form as OTHER', () => {
    const base = { caseId: '', kind: 'Notice' as const, documentName: '' };
    expect(portalFieldsOf({ ...base, ...ASMT10 })).toMatchObject({
      form: 'ASMT-10',
      noticeType: 'Notice',
      financialYears: ['2023-24'],
      statedDueOn: '2025-06-19',
      dueOn: '2025-06-19',
      dueBasis: 'notice',
    });
    expect(portalFieldsOf({ ...base, ...ASMT10, financialYears: ['FY 2022-23', '2023-24', 'all years'] }).financialYears).toEqual([
      '2022-23',
      '2023-24',
    ]);
    expect(portalFieldsOf({ ...base, ...ASMT10, form: 'GST MOV-07', subject: 'Detention' })).toMatchObject({
      form: 'OTHER',
      subject: 'GST MOV-07: Detention',
    });
  });
});

describe.each(ENGINES)('notices synced from the GST portal sandbox on %s', (engine) => {
  let h: Harness;
  let tenant: Tenant;
  let api: ApiClient;
  let delhi: number;
  let chennai: number;

  const sync = (entityId: number) => api.post(S.noticePortalSync, { entityId });
  const register = async (): Promise<Notice[]> =>
    ((await api.post(N.noticeSearch, { start: 0, size: 50 })).json().data as { items: Notice[] }).items;

  beforeAll(async () => {
    h = await startHarness(engine);
    tenant = await createTenant(h);
    api = clientOf(h, await signIn(h.app, tenant));
    [, delhi = 0, chennai = 0] = tenant.entityIds;
  }, 120_000);
  afterAll(async () => {
    await h.close();
  });

  it('is refused while the subscriber’s litigationSync setting is off, saying where to turn it on', async () => {
    const refused = await sync(delhi);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain("turns on 'Sync litigation notices' in Settings > Modules");
    await setSubscriberSettings(h, tenant.subscriberId, { litigationSync: true });
  });

  it('records a GSTIN without a portal session as a failed sync, saying to sign in', async () => {
    const refused = await sync(chennai);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe('RET0008');
    const [activity] = await h.ctx.database.db
      .select()
      .from(dataActivities)
      .where(and(eq(dataActivities.entityId, chennai), eq(dataActivities.action, 'Notices')));
    expect(activity).toMatchObject({ kind: 'Sync', status: 'Unprocessable' });
  });

  it('brings the two notices issued in the sandbox into the register with source Portal; a second sync changes nothing', async () => {
    await api.post(O.entitySetGstPortalCredential, { entityId: delhi, portalUserName: 'delhi-notices', portalPassword: 'Portal#Pass1' });
    expect((await api.post(R.portalOtp, { entityId: delhi })).statusCode).toBe(200);
    expect((await api.post(R.portalAuthenticate, { entityId: delhi, otp: OTP })).statusCode).toBe(200);
    const session = await activePortalSession(h.ctx, delhi, DELHI_GSTIN);
    await h.ctx.gstPortal.issueNoticeInSandbox(session, ASMT10);
    await h.ctx.gstPortal.issueNoticeInSandbox(session, DRC01);

    const first = await sync(delhi);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data as NoticePortalSyncResult).toMatchObject({
      entityId: delhi,
      gstin: DELHI_GSTIN,
      received: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
    });
    const listed = await register();
    expect(listed.map((n) => [n.form, n.referenceNumber, n.source, n.stage, n.gstin]).sort()).toEqual([
      ['ASMT-10', ASMT10.referenceNumber, 'Portal', 'Received', DELHI_GSTIN],
      ['DRC-01', DRC01.referenceNumber, 'Portal', 'Received', DELHI_GSTIN],
    ]);
    const drc = listed.find((n) => n.form === 'DRC-01');
    // DRC-01 states no date here: the register works to the statutory window (Rule 142(2): 30 days) from the issue date.
    expect(drc).toMatchObject({ issuedOn: '2025-06-05', demand: { taxCgst: 40_000_00, taxSgst: 40_000_00, interest: 8_000_00 } });
    expect(drc?.dueBasis).not.toBe('notice');
    const asmt = listed.find((n) => n.form === 'ASMT-10');
    expect(asmt).toMatchObject({ dueOn: '2025-06-19', dueBasis: 'notice', demand: { taxIgst: 12_500_50, interest: 1_000_00 } });
    const detail = (await api.get(N.noticeDetail, { id: asmt?.id ?? 0 })).json().data as NoticeDetail;
    expect(detail).toMatchObject({
      officerName: 'R. Sharma',
      officerDesignation: 'Superintendent',
      jurisdiction: 'Delhi North, Range 3',
      financialYears: ['2023-24'],
      section: '61',
    });
    expect(detail.events.map((e) => [e.action, e.note.startsWith('From the GST portal (case AD07')])).toEqual([['Created', true]]);

    // Each notice added has the portal's PDF as its Notice document, tied to its Created event.
    const documents = await h.ctx.database.db
      .select({ noticeId: noticeDocuments.noticeId, kind: noticeDocuments.kind, eventId: noticeDocuments.eventId, file: storedFiles })
      .from(noticeDocuments)
      .innerJoin(storedFiles, eq(storedFiles.id, noticeDocuments.fileId))
      .where(eq(noticeDocuments.subscriberId, tenant.subscriberId));
    expect(documents.map((d) => [d.noticeId, d.kind, d.file.contentType, d.file.fileName]).sort()).toEqual(
      [
        [asmt?.id, 'Notice', 'application/pdf', `ASMT-10_${ASMT10.referenceNumber}.pdf`],
        [drc?.id, 'Notice', 'application/pdf', `DRC-01_${DRC01.referenceNumber}.pdf`],
      ].sort(),
    );
    expect(documents.find((d) => d.noticeId === asmt?.id)?.eventId).toBe(detail.events[0]?.id);

    const again = await sync(delhi);
    expect(again.json().data).toMatchObject({ received: 2, created: 0, updated: 0, unchanged: 2 });
    expect(await register()).toHaveLength(2);
    expect(
      await h.ctx.database.db.select().from(noticeDocuments).where(eq(noticeDocuments.subscriberId, tenant.subscriberId)),
    ).toHaveLength(2);
    const audits = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, tenant.subscriberId), eq(auditTrail.entityType, 'Litigation')));
    expect(audits.map((a) => a.action).sort()).toEqual(['Create', 'Create']);
    const activities = await h.ctx.database.db
      .select()
      .from(dataActivities)
      .where(and(eq(dataActivities.entityId, delhi), eq(dataActivities.action, 'Notices')));
    expect(activities.map((a) => [a.status, a.documentCount])).toEqual([
      ['Completed', 2],
      ['Completed', 2],
    ]);
  });

  it('updates only the portal’s fields of a notice already there, keeping the user’s stage', async () => {
    const [asmt] = (await register()).filter((n) => n.form === 'ASMT-10');
    const moved = await api.post(N.noticeMove, { id: asmt?.id, toStage: 'UnderReview', eventDate: '2025-05-22' });
    expect(moved.statusCode, moved.body).toBe(200);
    // The portal now states a later due date (an extension), as if the officer had reissued it.
    await h.ctx.database.db.execute(
      sql`UPDATE portal_sandbox.notices SET due_on = '2025-07-04' WHERE gstin = ${DELHI_GSTIN} AND ref_id = ${ASMT10.referenceNumber}`,
    );
    const synced = await sync(delhi);
    expect(synced.json().data).toMatchObject({ received: 2, created: 0, updated: 1, unchanged: 1 });
    const detail = (await api.get(N.noticeDetail, { id: asmt?.id ?? 0 })).json().data as NoticeDetail;
    expect(detail).toMatchObject({ stage: 'UnderReview', dueOn: '2025-07-04', statedDueOn: '2025-07-04', source: 'Portal' });
    expect(detail.events.at(-1)).toMatchObject({ action: 'Edited', note: 'Updated from the GST portal: statedDueOn, dueOn' });
  });

  it('refuses another location, a user without LitigationEdit and another subscriber’s location', async () => {
    const limited = await signInLimitedUser(h, tenant, ['LitigationManagement', 'LitigationEdit'], [chennai]);
    const reader = await signInLimitedUser(h, tenant, ['LitigationManagement'], [delhi]);
    expect((await clientOf(h, limited.token).post(S.noticePortalSync, { entityId: delhi })).statusCode).toBe(403);
    expect((await clientOf(h, reader.token).post(S.noticePortalSync, { entityId: delhi })).statusCode).toBe(403);
    const other = await createTenant(h);
    expect((await clientOf(h, await signIn(h.app, other)).post(S.noticePortalSync, { entityId: delhi })).statusCode).toBe(404);
    const rows = await h.ctx.database.db.select().from(notices).where(eq(notices.subscriberId, tenant.subscriberId));
    expect(rows).toHaveLength(2);
  });
});
