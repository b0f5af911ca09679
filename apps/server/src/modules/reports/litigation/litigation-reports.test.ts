import {
  LITIGATION_REPORT_ENDPOINTS as E,
  NOTICE_API as N,
  lastQuarterEnd,
  type ContingentLiabilityRow,
  type GstAssessmentRow,
  type NoticeDetail,
} from '@opengst/contracts';
import { istDateOf } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, consultants, noticeConsultants, noticeEvents, notices, subscriptions } from '../../../db/schema';
import { createTenant, ENGINES, signIn, type Harness, type Tenant } from '../../../test-support/harness';
import { readXlsx } from '../../../test-support/import-fixtures';
import { type ApiClient, clientOf, openSignedIn, signInLimitedUser } from '../../../test-support/org-fixtures';

// The contingent liability and GST assessment reports (issue 23) over a register built to exercise them: a notice
// reassessed from Possible to Probable between two reporting dates, a remote one taken to order and appeal, a probable
// one paid and closed, one issued after the first date and never assessed, and one assessed before assessments were
// kept as events; sections and years split; the totals; rights, locations and the premium subscription.

type Contingent = {
  items: ContingentLiabilityRow[];
  totalRecords: number;
  totals: Record<'totalDemand' | 'provision' | 'disclosure', number>;
};
type Assessment = { items: GstAssessmentRow[]; totalRecords: number; totals: Record<string, number> };

const MARCH = '2026-03-31';
const JUNE = '2026-06-30';
const SEPTEMBER = '2026-09-30';

describe.each(ENGINES)('the litigation reports on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let delhi: number;
  let chennai: number;
  const ids: Record<string, number> = {};

  const save = async (body: Record<string, unknown>) => {
    const res = await api.post(N.noticeSave, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as NoticeDetail;
  };
  const move = async (id: number, toStage: string, eventDate: string, amount?: number) => {
    const res = await api.post(N.noticeMove, { id, toStage, eventDate, ...(amount === undefined ? {} : { amount }) });
    expect(res.statusCode, res.body).toBe(200);
  };
  const pay = async (id: number, arn: string, paidOn: string, split: Record<string, number>) => {
    const zero = { taxIgst: 0, taxCgst: 0, taxSgst: 0, taxCess: 0, interest: 0, penalty: 0 };
    const res = await api.post(N.noticePayment, { id, arn, paidOn, split: { ...zero, ...split } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const notice = (reference: string, more: Record<string, unknown>) => ({
    entityId: delhi,
    form: 'DRC-01',
    referenceNumber: reference,
    issuedOn: '2025-11-10',
    ...more,
  });
  const contingent = async (filters: Record<string, unknown>, sortExpression?: string) => {
    const res = await api.post(E.contingentSearch.path, { start: 0, size: 100, filters, ...(sortExpression ? { sortExpression } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Contingent;
  };
  const assessment = async (filters: Record<string, unknown> = {}) => {
    const res = await api.post(E.assessmentSearch.path, { start: 0, size: 100, filters });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Assessment;
  };
  const byReference = (items: ContingentLiabilityRow[]) => Object.fromEntries(items.map((i) => [i.referenceNumber, i]));

  beforeAll(async () => {
    ({ h, t, api } = await openSignedIn(engine));
    [, delhi = 0, chennai = 0] = t.entityIds;
    // A: a section 73 demand, possible at March, probable (and larger) at September.
    const a = notice('CL-A', {
      section: '73',
      financialYears: ['2021-22'],
      demand: { taxIgst: 0, taxCgst: 1_000_000, taxSgst: 1_000_000, taxCess: 0, interest: 300_000, penalty: 200_000 },
      contingent: { classification: 'Possible', amount: 2_000_000, asOf: MARCH },
    });
    ids.a = (await save(a)).id;
    await save({ ...a, id: ids.a, contingent: { classification: 'Probable', amount: 2_500_000, asOf: SEPTEMBER } });
    // B: sections 74 and 74A over two years, remote; confirmed in part by an order, then appealed.
    ids.b = (
      await save(
        notice('CL-B', {
          issuedOn: '2026-01-15',
          section: '74, 74A',
          financialYears: ['2022-23', '2023-24'],
          demand: { taxIgst: 5_000_000, taxCgst: 0, taxSgst: 0, taxCess: 0, interest: 1_000_000, penalty: 5_000_000 },
          contingent: { classification: 'Remote', amount: 0, asOf: MARCH },
        }),
      )
    ).id;
    await move(ids.b, 'Order', '2026-05-20', 4_000_000);
    await move(ids.b, 'AppealFiled', '2026-06-10');
    // C: an ASMT-10 at Chennai, probable at March, paid under DRC-03 and closed in May.
    ids.c = (
      await save(
        notice('CL-C', {
          entityId: chennai,
          form: 'ASMT-10',
          issuedOn: '2026-02-01',
          section: '61',
          financialYears: ['2023-24'],
          demand: { taxIgst: 0, taxCgst: 300_000, taxSgst: 300_000, taxCess: 0, interest: 0, penalty: 0 },
          contingent: { classification: 'Probable', amount: 600_000, asOf: MARCH },
        }),
      )
    ).id;
    await move(ids.c, 'Replied', '2026-04-20', 600_000);
    await move(ids.c, 'Closed', '2026-05-05');
    // D: issued after March, never assessed.
    ids.d = (
      await save(
        notice('CL-D', {
          issuedOn: '2026-06-01',
          section: '73',
          financialYears: ['2021-22'],
          demand: { taxIgst: 0, taxCgst: 100_000, taxSgst: 0, taxCess: 0, interest: 0, penalty: 0 },
        }),
      )
    ).id;
    // DRC-03 payments: on A, ₹2,500 (tax and interest); on D, ₹1,000, also typed on its move to Replied (counted once).
    await pay(ids.a, 'AD070126000001A', '2026-01-10', { taxCgst: 200_000, interest: 50_000 });
    await pay(ids.d, 'AD070626000002B', '2026-06-15', { taxCgst: 100_000 });
    await move(ids.d, 'Replied', '2026-06-16', 100_000);
    // E: assessed before the assessments were kept as events (its columns only), no section, no year.
    const [e] = await h.ctx.database.db
      .insert(notices)
      .values({
        subscriberId: t.subscriberId,
        entityId: delhi,
        form: 'DRC-01',
        noticeType: 'Notice',
        referenceNumber: 'CL-E',
        issuedOn: '2025-12-01',
        contingentClass: 'Possible',
        contingentAmount: 700_000,
        contingentAsOf: MARCH,
      })
      .returning({ id: notices.id });
    ids.e = e?.id ?? 0;
  });
  afterAll(async () => {
    await h.close();
  });

  it('keeps each assessment as an event of its reporting date, shown in the notice timeline as its own entry', async () => {
    const events = await h.ctx.database.db
      .select({ eventDate: noticeEvents.eventDate, amount: noticeEvents.amount, note: noticeEvents.note })
      .from(noticeEvents)
      .where(and(eq(noticeEvents.noticeId, ids.a ?? 0), eq(noticeEvents.action, 'ContingentAssessed')))
      .orderBy(noticeEvents.id);
    expect(events).toEqual([
      { eventDate: MARCH, amount: 2_000_000, note: 'Possible' },
      { eventDate: SEPTEMBER, amount: 2_500_000, note: 'Probable' },
    ]);
    const detail = (await api.get(N.noticeDetail, { id: ids.a ?? 0 })).json().data as NoticeDetail;
    // The DRC-03 payment recorded after them is an entry of its own too, with its split by head.
    expect(detail.events.map((event) => event.action)).toEqual([
      'Created',
      'ContingentAssessed',
      'Edited',
      'ContingentAssessed',
      'Payment',
    ]);
    expect(detail.events.at(-1)).toMatchObject({
      reference: 'AD070126000001A',
      amount: 250_000,
      note: '',
      payment: { taxIgst: 0, taxCgst: 200_000, taxSgst: 0, taxCess: 0, interest: 50_000, penalty: 0 },
    });
  });

  it('offers as section and year filters those the notices in the user’s scope hold, under either report’s right', async () => {
    const options = async (client: ApiClient) => {
      const res = await client.get(E.options.path);
      return { status: res.statusCode, data: res.statusCode === 200 ? res.json().data : null };
    };
    // "74, 74A" is cited as two sections; E has none; sorted by number, the years newest first.
    expect(await options(api)).toEqual({
      status: 200,
      data: { sections: ['61', '73', '74', '74A'], financialYears: ['2023-24', '2022-23', '2021-22'] },
    });
    // The same as the register's own filter bar.
    const register = (await api.get(N.noticeOptions)).json().data as { sections: string[]; financialYears: string[] };
    expect((await options(api)).data).toEqual({ sections: register.sections, financialYears: register.financialYears });
    // Delhi only: Chennai's section 61 is not offered.
    const delhiOnly = clientOf(h, (await signInLimitedUser(h, t, ['ReportGstAssessment'], [delhi])).token);
    expect((await options(delhiOnly)).data).toEqual({ sections: ['73', '74', '74A'], financialYears: ['2023-24', '2022-23', '2021-22'] });
    const contingentOnly = clientOf(h, (await signInLimitedUser(h, t, ['ReportContingentLiability'], [chennai])).token);
    expect((await options(contingentOnly)).data).toEqual({ sections: ['61'], financialYears: ['2023-24'] });
    const neither = clientOf(h, (await signInLimitedUser(h, t, ['LitigationManagement'], [delhi, chennai])).token);
    expect((await options(neither)).status).toBe(403);
  });

  it('reads each notice open at a reporting date with the class then in force, its Ind AS 37 treatment and the totals', async () => {
    const march = await contingent({ asOf: MARCH });
    const rows = byReference(march.items);
    // D was issued after March; every other notice was open then (C closed only in May).
    expect(Object.keys(rows).sort()).toEqual(['CL-A', 'CL-B', 'CL-C', 'CL-E']);
    expect(rows['CL-A']).toMatchObject({
      contingentClass: 'Possible',
      contingentAmount: 2_000_000,
      treatment: 'Disclosure',
      provision: 0,
      disclosure: 2_000_000,
      assessedAsOf: MARCH,
      totalDemand: 2_500_000,
      taxCgst: 1_000_000,
      interest: 300_000,
      penalty: 200_000,
      financialYears: '2021-22',
    });
    expect(rows['CL-B']).toMatchObject({ contingentClass: 'Remote', treatment: 'None', provision: 0, disclosure: 0, section: '74, 74A' });
    expect(rows['CL-C']).toMatchObject({
      contingentClass: 'Probable',
      treatment: 'Provision',
      provision: 600_000,
      gstin: expect.stringMatching(/^33/),
    });
    // The notice assessed before events were kept reads its own columns.
    expect(rows['CL-E']).toMatchObject({ contingentClass: 'Possible', disclosure: 700_000 });
    expect(march.totals).toEqual({ totalDemand: 14_100_000, provision: 600_000, disclosure: 2_700_000 });

    const september = await contingent({ asOf: SEPTEMBER });
    const later = byReference(september.items);
    // C was closed in May; D is open and not assessed.
    expect(Object.keys(later).sort()).toEqual(['CL-A', 'CL-B', 'CL-D', 'CL-E']);
    // Compared with the quarter end before (30 June), when A was still possible.
    expect(later['CL-A']).toMatchObject({
      contingentClass: 'Probable',
      contingentAmount: 2_500_000,
      treatment: 'Provision',
      provision: 2_500_000,
      previousClass: 'Possible',
      previousAmount: 2_000_000,
    });
    expect(later['CL-D']).toMatchObject({ contingentClass: null, contingentAmount: null, treatment: 'NotAssessed', previousClass: null });
    expect(september.totals).toEqual({ totalDemand: 13_600_000, provision: 2_500_000, disclosure: 700_000 });
    // The date compared with defaults to the quarter end before the reporting date.
    expect(await contingent({ asOf: SEPTEMBER, previousAsOf: JUNE })).toEqual(september);
    // The comparison date may be chosen: at March, A was possible and C probable.
    const vsMarch = byReference((await contingent({ asOf: SEPTEMBER, previousAsOf: MARCH })).items);
    expect(vsMarch['CL-A']?.previousClass).toBe('Possible');
    expect(vsMarch['CL-D']?.previousClass).toBeNull();
  });

  it('filters by class, year, section and location, sorts, and defaults to the last quarter end', async () => {
    expect((await contingent({ asOf: SEPTEMBER, classes: ['Probable'] })).items.map((i) => i.referenceNumber)).toEqual(['CL-A']);
    expect((await contingent({ asOf: SEPTEMBER, classes: ['NotAssessed', 'Remote'] })).items.map((i) => i.referenceNumber).sort()).toEqual([
      'CL-B',
      'CL-D',
    ]);
    expect((await contingent({ asOf: MARCH, sections: ['74A'] })).items.map((i) => i.referenceNumber)).toEqual(['CL-B']);
    expect((await contingent({ asOf: MARCH, financialYears: ['2023-24'] })).items.map((i) => i.referenceNumber).sort()).toEqual([
      'CL-B',
      'CL-C',
    ]);
    expect((await contingent({ asOf: MARCH, entityIds: [chennai] })).items.map((i) => i.referenceNumber)).toEqual(['CL-C']);
    expect((await contingent({ asOf: MARCH }, 'totalDemand DESC')).items.map((i) => i.referenceNumber)).toEqual([
      'CL-B',
      'CL-A',
      'CL-C',
      'CL-E',
    ]);
    expect((await api.post(E.contingentSearch.path, { start: 0, sortExpression: 'provision ASC' })).statusCode).toBe(422);
    const today = istDateOf(h.ctx.now());
    const byDefault = await contingent({});
    expect(byDefault).toEqual(await contingent({ asOf: lastQuarterEnd(today) }));
  });

  it('keeps the earlier assessment of a notice assessed before events were kept when it is reassessed', async () => {
    const e = (await api.get(N.noticeDetail, { id: ids.e ?? 0 })).json().data as NoticeDetail;
    await save({
      id: e.id,
      entityId: e.entityId,
      form: e.form,
      referenceNumber: e.referenceNumber,
      issuedOn: e.issuedOn,
      contingent: { classification: 'Probable', amount: 700_000, asOf: SEPTEMBER },
    });
    expect(byReference((await contingent({ asOf: MARCH })).items)['CL-E']).toMatchObject({
      contingentClass: 'Possible',
      disclosure: 700_000,
    });
    expect(byReference((await contingent({ asOf: SEPTEMBER })).items)['CL-E']).toMatchObject({
      contingentClass: 'Probable',
      provision: 700_000,
      previousClass: 'Possible',
    });
    // Put back as it was for the other tests: reassessed possible at September.
    await save({
      id: e.id,
      entityId: e.entityId,
      form: e.form,
      referenceNumber: e.referenceNumber,
      issuedOn: e.issuedOn,
      contingent: { classification: 'Possible', amount: 700_000, asOf: SEPTEMBER },
    });
  });

  it('exports the contingent liability with its totals by class, audited', async () => {
    const res = await api.post(E.contingentExport.path, { filters: { asOf: SEPTEMBER }, sortExpression: 'referenceNumber ASC' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('contingent-liability.xlsx');
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet[0]).toContain('Ind AS 37 treatment');
    expect(sheet.slice(1).map((row) => row[3])).toEqual(['CL-A', 'CL-B', 'CL-D', 'CL-E']);
    const a = sheet[1] ?? [];
    expect(a[sheet[0]?.indexOf('Ind AS 37 treatment') ?? -1]).toBe('Provision');
    expect(a[sheet[0]?.indexOf('Provision to recognise') ?? -1]).toBe('25000');
    const totals = await readXlsx(res.rawPayload, 1);
    expect(totals.slice(1)).toEqual([
      [`Provision to recognise at ${SEPTEMBER} (Probable)`, '1', '25000'],
      [`Contingent liability to disclose at ${SEPTEMBER} (Possible)`, '1', '7000'],
      ['Remote: neither provided for nor disclosed', '1', '0'],
      ['Not assessed', '1', '0'],
      ['Total demand of the notices', '4', '136000'],
    ]);
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityKey, 'ContingentLiability')));
    expect(audit).toMatchObject({ action: 'Export', after: { filters: { asOf: SEPTEMBER }, rows: 4 } });
  });

  it('sums assessments and demands by location, year and section, each notice once in the totals', async () => {
    const all = await assessment();
    const key = (r: GstAssessmentRow) => `${r.entityId}|${r.financialYear}|${r.section}`;
    const rows = Object.fromEntries(all.items.map((r) => [key(r), r]));
    expect(Object.keys(rows).sort()).toEqual(
      [
        `${delhi}|2021-22|73`,
        `${delhi}|2022-23|74`,
        `${delhi}|2022-23|74A`,
        `${delhi}|2023-24|74`,
        `${delhi}|2023-24|74A`,
        `${chennai}|2023-24|61`,
        `${delhi}||`,
      ].sort(),
    );
    // A and D under section 73 of 2021-22.
    expect(rows[`${delhi}|2021-22|73`]).toMatchObject({
      notices: 2,
      tax: 2_100_000,
      interest: 300_000,
      penalty: 200_000,
      demanded: 2_600_000,
      confirmed: 0,
      paid: 350_000,
    });
    // B under each of its sections and years: confirmed 40,000 of 1,10,000 by the order, the rest dropped, the order appealed.
    expect(rows[`${delhi}|2023-24|74A`]).toMatchObject({
      notices: 1,
      tax: 5_000_000,
      demanded: 11_000_000,
      confirmed: 4_000_000,
      dropped: 7_000_000,
      underAppeal: 4_000_000,
      paid: 0,
    });
    // C paid in full under DRC-03 and closed: nothing dropped.
    expect(rows[`${chennai}|2023-24|61`]).toMatchObject({ notices: 1, demanded: 600_000, paid: 600_000, dropped: 0 });
    expect(all.totals).toEqual({
      notices: 5,
      tax: 7_700_000,
      interest: 1_300_000,
      penalty: 5_200_000,
      demanded: 14_200_000,
      confirmed: 4_000_000,
      dropped: 7_000_000,
      paid: 950_000,
      underAppeal: 4_000_000,
    });
    const section74A = await assessment({ sections: ['74A'] });
    expect(section74A.items.map((r) => r.financialYear)).toEqual(['2023-24', '2022-23']);
    expect(section74A.totals).toMatchObject({ notices: 1, demanded: 11_000_000 });
    const year = await assessment({ financialYears: ['2023-24'] });
    expect(year.items.map((r) => r.section).sort()).toEqual(['61', '74', '74A']);
    expect(year.totals).toMatchObject({ notices: 2, demanded: 11_600_000 });
    const none = await assessment({ sections: ['-'] });
    expect(none.items.map((r) => [r.financialYear, r.section])).toEqual([['', '']]);
    expect((await assessment({}).then((r) => r)).totalRecords).toBe(7);
    const sorted = await api.post(E.assessmentSearch.path, { start: 0, size: 100, sortExpression: 'demanded DESC' });
    expect((sorted.json().data as Assessment).items[0]?.demanded).toBe(11_000_000);
  });

  it('exports the assessment report with its totals', async () => {
    const res = await api.post(E.assessmentExport.path, { filters: { sections: ['74A'] } });
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet).toHaveLength(3);
    expect(sheet[1]?.slice(2, 5)).toEqual(['2023-24', '74A', '1']);
    const totals = await readXlsx(res.rawPayload, 1);
    expect(totals.find((row) => row[0] === 'Confirmed by order')).toEqual(['Confirmed by order', '1', '40000']);
  });

  it('keeps a user to their locations and their right, and refuses a subscriber without the premium reports', async () => {
    const delhiOnly = clientOf(h, (await signInLimitedUser(h, t, ['ReportGstAssessment'], [delhi])).token);
    const own = (await delhiOnly.post(E.assessmentSearch.path, { start: 0 })).json().data as Assessment;
    expect(own.items.every((r) => r.entityId === delhi)).toBe(true);
    expect(own.totals.notices).toBe(4);
    expect((await delhiOnly.post(E.assessmentSearch.path, { start: 0, filters: { entityIds: [chennai] } })).statusCode).toBe(403);
    expect((await delhiOnly.post(E.contingentSearch.path, { start: 0 })).statusCode).toBe(403);

    const unsubscribed = await createTenant(h);
    await h.ctx.database.db
      .delete(subscriptions)
      .where(and(eq(subscriptions.subscriberId, unsubscribed.subscriberId), eq(subscriptions.rightId, 'ReportContingentLiability')));
    const outsider = clientOf(h, await signIn(h.app, unsubscribed));
    expect((await outsider.post(E.contingentSearch.path, { start: 0 })).statusCode).toBe(403);
    expect((await outsider.post(E.assessmentSearch.path, { start: 0 })).statusCode).toBe(200);
  });

  it('keeps a consultant to the notices assigned to it', async () => {
    const user = await signInLimitedUser(h, t, ['ReportContingentLiability', 'ReportGstAssessment'], [delhi, chennai]);
    const { db } = h.ctx.database;
    const [row] = await db
      .insert(consultants)
      .values({ subscriberId: t.subscriberId, userId: user.userId, profession: 'Advocate', firmName: 'Rao & Co' })
      .returning({ id: consultants.id });
    await db.insert(noticeConsultants).values({ noticeId: ids.a ?? 0, consultantId: row?.id ?? 0, assignedBy: t.adminUserId });
    const own = clientOf(h, user.token);
    const seen = (await own.post(E.contingentSearch.path, { start: 0, filters: { asOf: SEPTEMBER } })).json().data as Contingent;
    expect(seen.items.map((i) => i.referenceNumber)).toEqual(['CL-A']);
    expect(seen.totals).toEqual({ totalDemand: 2_500_000, provision: 2_500_000, disclosure: 0 });
    const grouped = (await own.post(E.assessmentSearch.path, { start: 0 })).json().data as Assessment;
    expect(grouped.items.map((r) => [r.financialYear, r.section, r.notices])).toEqual([['2021-22', '73', 1]]);
  });
});
