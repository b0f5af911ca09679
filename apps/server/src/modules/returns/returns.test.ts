// GSTR-1 from the books (issue 7): the regular returns list, generation as a job, the section summary equal to the
// domain's summary of the stored JSON, the drill-down equal to the summary per section, the download, staleness,
// regeneration, rights, and the selection of filed and amended documents.
import { DATA_ACTIVITY_API as DA, RETURN_API as R, type ReturnDetail, type ReturnListRow, type ReturnSectionRow } from '@opengst/contracts';
import { type Gstr1Json, summarizeGstr1 } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, documents, returnDocuments, returns } from '../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { csvOf, DELHI_GSTIN, headerOf, importFile, saleRow } from '../../test-support/import-fixtures';
import { clientOf, signInLimitedUser } from '../../test-support/org-fixtures';
import { insertDocument } from '../../test-support/register-fixtures';
import { generate, insertEverySection, insertReturn, PERIOD, TN_CUSTOMER } from '../../test-support/return-fixtures';

type Api = ReturnType<typeof clientOf>;

const sectionRows = async (
  api: Api,
  id: number,
  section: string,
  extra: Record<string, unknown> = {},
): Promise<{ items: ReturnSectionRow[]; totalRecords: number }> => {
  const res = await api.post(R.sectionSearch, { id, section, size: 1000, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** Signed totals of drill-down rows, as the summary signs them (credit notes reduce). */
const totalsOf = (rows: readonly ReturnSectionRow[]) =>
  rows.reduce(
    (t, r) => {
      const sign = r.documentType === 'CRN' ? -1 : 1;
      return {
        records: t.records + 1,
        taxable: t.taxable + sign * r.taxable,
        igst: t.igst + sign * r.igst,
        cgst: t.cgst + sign * r.cgst,
        sgst: t.sgst + sign * r.sgst,
        cess: t.cess + sign * r.cess,
      };
    },
    { records: 0, taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 },
  );

const summaryOf = (detail: ReturnDetail, section: string) => {
  const s = detail.summary.find((x) => x.section === section);
  if (!s) throw new Error(`no ${section} in the summary`);
  const { section: _s, ...totals } = s;
  return totals;
};

describe.each(ENGINES)('GSTR-1 from the books on %s', (engine) => {
  let h: Harness;
  let tenant: Tenant;
  let api: Api;
  let delhi: number;
  let chennai: number;
  let ids: Awaited<ReturnType<typeof insertEverySection>>;
  let detail: ReturnDetail;

  beforeAll(async () => {
    h = await startHarness(engine);
    tenant = await createTenant(h);
    const token = await signIn(h.app, tenant);
    api = clientOf(h, token);
    [, delhi = 0, chennai = 0] = tenant.entityIds;
    ids = await insertEverySection(h, tenant, delhi);
    // One invoice through the import pipeline, as the books usually get them.
    const imported = await importFile(
      h,
      token,
      'august.csv',
      csvOf([headerOf(), saleRow({ documentNumber: 'IMP/001', documentDate: '20-08-2024' })]),
    );
    expect(imported.progress.status).toBe('Success');
  }, 120_000);
  afterAll(async () => {
    await h.close();
  });

  it("lists one GSTR-1 per GSTIN for the period, NotSubmitted with its due date and the books' count, before any generation", async () => {
    const res = await api.post(R.list, { returnPeriod: PERIOD });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as ReturnListRow[];
    // Each GSTIN's GSTR-3B beside its GSTR-1, due on the 20th (a monthly filer), never computed.
    expect(items.map((r) => [r.gstin, r.returnType, r.status, r.id, r.dueDate, r.generationStatus])).toEqual([
      [DELHI_GSTIN, 'GSTR1', 'NotSubmitted', null, '2024-09-11', 'YetNotStarted'],
      [DELHI_GSTIN, 'GSTR3B', 'NotSubmitted', null, '2024-09-20', 'YetNotStarted'],
      [items[2]?.gstin, 'GSTR1', 'NotSubmitted', null, '2024-09-11', 'YetNotStarted'],
      [items[2]?.gstin, 'GSTR3B', 'NotSubmitted', null, '2024-09-20', 'YetNotStarted'],
    ]);
    // 12 final documents of August (11 inserted, 1 imported); the draft and the July invoice are not counted. A
    // GSTR-3B is computed from figures: no count.
    expect(items.map((r) => r.documentCount)).toEqual([12, null, 0, null]);
    const sorted = await api.post(R.list, { returnPeriod: PERIOD, sortExpression: 'gstin DESC' });
    expect(sorted.json().data.items[0].gstin).toBe(items[2]?.gstin);
    const bad = await api.post(R.list, { returnPeriod: PERIOD, sortExpression: 'payload ASC' });
    expect(bad.statusCode).toBe(422);
    const chip = await api.post(R.list, { returnPeriod: PERIOD, entityIds: [chennai] });
    expect(chip.json().data.items.map((r: ReturnListRow) => r.entityId)).toEqual([chennai, chennai]);
    const only3b = await api.post(R.list, { returnPeriod: PERIOD, returnTypes: ['GSTR3B'] });
    expect(only3b.json().data.items.map((r: ReturnListRow) => r.returnType)).toEqual(['GSTR3B', 'GSTR3B']);
  });

  it("generates the JSON in a job; the stored summary is the domain's summary of the downloaded JSON", async () => {
    detail = await generate(api, delhi);
    expect(detail.generationStatus, detail.generationMessage ?? '').toBe('Completed');
    expect(detail.status).toBe('NotSubmitted');
    expect(detail.documentCount).toBe(12);
    expect(detail.stale).toBe(false);
    expect(detail.summary.map((s) => s.section)).toEqual([
      'b2b',
      'b2ba',
      'b2cl',
      'b2cla',
      'exp',
      'expa',
      'b2cs',
      'b2csa',
      'nil',
      'at',
      'ata',
      'txpd',
      'txpda',
      'cdnr',
      'cdnra',
      'cdnur',
      'cdnura',
      'hsn_b2b',
      'hsn_b2c',
      'doc_issue',
      'supeco',
    ]);
    const download = await api.get(R.download, { id: detail.id ?? 0 });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/json');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="GSTR1_${DELHI_GSTIN}_${PERIOD}.json"`);
    const json = JSON.parse(download.body) as Gstr1Json;
    const [stored] = await h.ctx.database.db
      .select({ payload: returns.payload })
      .from(returns)
      .where(eq(returns.id, detail.id ?? 0));
    expect(download.body).toBe(stored?.payload);
    expect(json.gstin).toBe(DELHI_GSTIN);
    expect(json.fp).toBe(PERIOD);
    expect(detail.summary).toEqual(summarizeGstr1(json));
    // Every kind of document landed in its table.
    expect(summaryOf(detail, 'b2b').records).toBe(4);
    expect(summaryOf(detail, 'b2cl').records).toBe(1);
    expect(summaryOf(detail, 'exp').records).toBe(2);
    expect(summaryOf(detail, 'cdnr').records).toBe(1);
    expect(summaryOf(detail, 'cdnur').records).toBe(1);
    expect(summaryOf(detail, 'at').taxable).toBe(30_000);
    expect(summaryOf(detail, 'nil').taxable).toBe(70_000 + 10_000 + 5_000 + 2_000);
    expect(summaryOf(detail, 'doc_issue').records).toBe(19);
    expect(json.supeco?.clttx?.map((e) => e.suppval)).toEqual([2000]);
    expect(json.exp?.map((g) => g.exp_typ).sort()).toEqual(['WOPAY', 'WPAY']);
    expect(json.b2b?.flatMap((p) => p.inv).find((i) => i.inum === 'S/003')?.inv_typ).toBe('SEWOP');
    const audits = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.entityType, 'Return'), eq(auditTrail.entityKey, String(detail.id))));
    expect(audits.map((a) => a.action)).toEqual(['Create', 'Export']);
  });

  it('drills down to exactly the documents each section holds: counts and totals equal the summary', async () => {
    const id = detail.id ?? 0;
    for (const section of ['b2b', 'b2cl', 'exp', 'cdnr', 'cdnur']) {
      const { items, totalRecords } = await sectionRows(api, id, section);
      expect(totalRecords, section).toBe(items.length);
      expect(totalsOf(items), section).toEqual(summaryOf(detail, section));
    }
    // Table 7 aggregates: the documents' net figures plus the B2CS summary row (₹800 at 18% to Maharashtra).
    const b2cs = await sectionRows(api, id, 'b2cs');
    expect(b2cs.items.map((r) => r.documentNumber).sort()).toEqual(['S/005', 'S/006']);
    const t = totalsOf(b2cs.items);
    const s = summaryOf(detail, 'b2cs');
    expect([t.taxable + 80_000, t.igst + 14_400, t.cgst, t.sgst]).toEqual([s.taxable, s.igst, s.cgst, s.sgst]);
    expect((await sectionRows(api, id, 'nil')).items.map((r) => r.documentId)).toEqual([ids.bill]);
    // Neither the draft nor July's invoice is in any section.
    const placed = await h.ctx.database.db
      .select({ documentId: returnDocuments.documentId })
      .from(returnDocuments)
      .where(eq(returnDocuments.returnId, id));
    expect(placed.map((p) => p.documentId)).not.toContain(ids.draft);
    expect(placed.map((p) => p.documentId)).not.toContain(ids.july);
    expect(placed).toHaveLength(12);
  });

  it('filters, sorts and pages a section; refuses a sort outside the allow-list', async () => {
    const id = detail.id ?? 0;
    const text = await sectionRows(api, id, 'b2b', { text: TN_CUSTOMER.slice(0, 8) });
    expect(text.items.map((r) => r.documentNumber).sort()).toEqual(['IMP/001', 'S/002']);
    const page = await sectionRows(api, id, 'b2b', { sortExpression: 'taxable DESC', start: 1, size: 2 });
    expect(page.totalRecords).toBe(4);
    expect(page.items.map((r) => r.documentNumber)).toEqual(['S/002', 'S/001']);
    const bad = await api.post(R.sectionSearch, { id, section: 'b2b', sortExpression: 'id; drop ASC' });
    expect(bad.statusCode).toBe(422);
  });

  it('turns stale when a document of the period changes or is removed, and regenerating replaces the return', async () => {
    const { db } = h.ctx.database;
    await db.update(documents).set({ documentValue: 236_001, updatedAt: new Date() }).where(eq(documents.id, ids.b2bIntra));
    let now = (await api.get(R.detail, { entityId: delhi, returnType: 'GSTR1', returnPeriod: PERIOD })).json().data as ReturnDetail;
    expect(now.stale).toBe(true);
    now = await generate(api, delhi);
    expect(now.stale).toBe(false);
    expect(
      JSON.parse((await api.get(R.download, { id: now.id ?? 0 })).body)
        .b2b.flatMap((p: { inv: { inum: string; val: number }[] }) => p.inv)
        .find((i: { inum: string }) => i.inum === 'S/001').val,
    ).toBe(2360.01);
    await db.delete(documents).where(eq(documents.id, ids.eco));
    now = (await api.get(R.detail, { entityId: delhi, returnType: 'GSTR1', returnPeriod: PERIOD })).json().data as ReturnDetail;
    expect(now.stale).toBe(true);
    now = await generate(api, delhi);
    expect([now.stale, now.documentCount, now.id]).toEqual([false, 11, detail.id]);
    const history = (await api.get(R.history, { id: now.id ?? 0 })).json().data.items as {
      action: string;
      userName: string | null;
      message: string;
    }[];
    expect(history.map((r) => r.action)).toEqual(['Generate', 'Generate', 'Generate']);
    expect(history.every((r) => r.userName?.startsWith('Admin '))).toBe(true);
    detail = now;
  });

  it('reports documents of a filed earlier return changed since in the amendment tables, and leaves locked ones out', async () => {
    const { db } = h.ctx.database;
    const july = await insertReturn(h, tenant.subscriberId, delhi, {
      returnPeriod: '072024',
      status: 'Filed',
      filedAt: new Date('2024-08-11T10:00:00Z'),
      arn: 'AA070724000001',
    });
    const september = await insertReturn(h, tenant.subscriberId, delhi, {
      returnPeriod: '092024',
      status: 'Filed',
      filedAt: new Date('2024-10-11T10:00:00Z'),
    });
    // July's invoice was filed as S/700 and changed since: an amendment (b2ba) quoting the filed number and date.
    await db
      .update(documents)
      .set({ filedReturnId: july, filedNumber: 'S/700-OLD', filedDate: '2024-07-30', amendmentPending: true, updatedAt: new Date() })
      .where(eq(documents.id, ids.july));
    // An August document already reported in a filed return, unchanged: locked, not reported again.
    await db
      .update(documents)
      .set({ filedReturnId: july, filedNumber: 'E/002', filedDate: '2024-08-09', amendmentPending: false })
      .where(eq(documents.id, ids.expWop));
    // A document whose filed return is of a LATER period is not amended by August's return.
    const later = await insertDocument(h, tenant, delhi, {
      documentNumber: 'S/950',
      documentDate: '2024-09-02',
      counterpartyGstin: TN_CUSTOMER,
      filedReturnId: september,
      filedNumber: 'S/950',
      filedDate: '2024-09-02',
      amendmentPending: true,
    });
    const now = await generate(api, delhi);
    const json = JSON.parse((await api.get(R.download, { id: now.id ?? 0 })).body) as Gstr1Json;
    const amended = json.b2ba?.flatMap((p) => p.inv) ?? [];
    expect(amended.map((i) => [i.inum, i.oinum, i.oidt])).toEqual([['S/700', 'S/700-OLD', '30-07-2024']]);
    expect(json.exp?.flatMap((g) => g.inv).map((i) => i.inum)).toEqual(['E/001']);
    const b2ba = await sectionRows(api, now.id ?? 0, 'b2ba');
    expect(b2ba.items.map((r) => r.documentId)).toEqual([ids.july]);
    expect(totalsOf(b2ba.items)).toEqual(summaryOf(now, 'b2ba'));
    const placed = (
      await db
        .select({ documentId: returnDocuments.documentId })
        .from(returnDocuments)
        .where(eq(returnDocuments.returnId, now.id ?? 0))
    ).map((p) => p.documentId);
    expect(placed).not.toContain(later);
    expect(placed).not.toContain(ids.expWop);
  });

  it('refuses GSTR-1A before the GSTR-1 is filed, a business entity, and a second generation while one runs', async () => {
    const oneA = await api.post(R.generate, { entityId: chennai, returnType: 'GSTR1A', returnPeriod: PERIOD });
    expect([oneA.statusCode, oneA.json().errors[0].code]).toEqual([422, 'RET0004']);
    const closed = (await api.get(R.detail, { entityId: chennai, returnType: 'GSTR1A', returnPeriod: PERIOD })).json().data as ReturnDetail;
    expect([closed.id, closed.isOpen]).toEqual([null, false]);
    expect(
      ((await api.get(R.detail, { entityId: chennai, returnType: 'GSTR1', returnPeriod: PERIOD })).json().data as ReturnDetail).isOpen,
    ).toBe(true);
    const business = await api.post(R.generate, { entityId: tenant.entityIds[0], returnType: 'GSTR1', returnPeriod: PERIOD });
    expect([business.statusCode, business.json().errors[0].code]).toEqual([422, 'RET0001']);
    await h.ctx.database.db
      .update(returns)
      .set({ generationStatus: 'InProgress' })
      .where(eq(returns.id, detail.id ?? 0));
    const twice = await api.post(R.generate, { entityId: delhi, returnType: 'GSTR1', returnPeriod: PERIOD });
    expect(twice.json().errors[0].code).toBe('RET0002');
    await h.ctx.database.db
      .update(returns)
      .set({ generationStatus: 'Completed', status: 'Submitted' })
      .where(eq(returns.id, detail.id ?? 0));
    const submitted = await api.post(R.generate, { entityId: delhi, returnType: 'GSTR1', returnPeriod: PERIOD });
    expect(submitted.json().errors[0].code).toBe('RET0003');
    await h.ctx.database.db
      .update(returns)
      .set({ status: 'NotSubmitted' })
      .where(eq(returns.id, detail.id ?? 0));
    const noSession = await api.post(R.save, { id: detail.id });
    expect([noSession.statusCode, noSession.json().errors[0].code]).toEqual([422, 'RET0008']);
    await h.ctx.database.db
      .update(documents)
      .set({ updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(documents.id, ids.b2bInter));
    const stale = await api.post(R.save, { id: detail.id });
    expect([stale.statusCode, stale.json().errors[0].code]).toEqual([422, 'RET0006']);
  });

  it('prepares GSTR-1A from the documents added or changed after the GSTR-1 was filed', async () => {
    const { db } = h.ctx.database;
    const before = await insertDocument(h, tenant, chennai, {
      documentNumber: 'C/001',
      documentDate: '2024-08-05',
      counterpartyGstin: DELHI_GSTIN,
      placeOfSupply: '07',
    });
    const gstr1 = await generate(api, chennai);
    expect(summaryOf(gstr1, 'b2b').records).toBe(1);
    const filedAt = new Date(Date.now() - 1000);
    await db
      .update(returns)
      .set({ status: 'Filed', filedAt, arn: 'AA330824000009' })
      .where(eq(returns.id, gstr1.id ?? 0));
    await db
      .update(documents)
      .set({ filedReturnId: gstr1.id, filedNumber: 'C/001', filedDate: '2024-08-05' })
      .where(eq(documents.id, before));
    const listed = async () =>
      (await api.post(R.list, { returnPeriod: PERIOD, entityIds: [chennai] })).json().data.items as ReturnListRow[];
    // Nothing to correct yet: the optional GSTR-1A is not listed.
    expect((await listed()).map((r) => [r.returnType, r.status, r.arn])).toEqual([
      ['GSTR1', 'Filed', 'AA330824000009'],
      ['GSTR3B', 'NotSubmitted', null],
    ]);
    const added = await insertDocument(h, tenant, chennai, {
      documentNumber: 'C/002',
      documentDate: '2024-08-20',
      counterpartyGstin: DELHI_GSTIN,
      placeOfSupply: '07',
    });
    await db
      .update(documents)
      .set({ documentValue: 118_100, amendmentPending: true, updatedAt: new Date() })
      .where(eq(documents.id, before));
    // Two corrections now: the GSTR-1A is listed with them, optional, never overdue (its due date has long passed).
    const oneARow = (await listed()).find((r) => r.returnType === 'GSTR1A');
    expect([oneARow?.status, oneARow?.documentCount, oneARow?.deadline, oneARow?.corrections]).toEqual([
      'NotSubmitted',
      2,
      'Optional',
      { held: 0, open: 2, elsewhere: [] },
    ]);
    const oneA = await generate(api, chennai, 'GSTR1A');
    expect([oneA.generationStatus, oneA.isOpen]).toEqual(['Completed', true]);
    const json = JSON.parse((await api.get(R.download, { id: oneA.id ?? 0 })).body) as Gstr1Json;
    expect(json.b2b?.flatMap((p) => p.inv).map((i) => i.inum)).toEqual(['C/002']);
    expect(json.b2ba?.flatMap((p) => p.inv).map((i) => [i.inum, i.oinum, i.val])).toEqual([['C/001', 'C/001', 1181]]);
    expect((await sectionRows(api, oneA.id ?? 0, 'b2b')).items.map((r) => r.documentId)).toEqual([added]);
    const download = await api.get(R.download, { id: oneA.id ?? 0 });
    expect(download.headers['content-disposition']).toContain(`GSTR1A_`);
  });

  it("keeps each action behind its right (403) and data activities behind the list's own right", async () => {
    const viewer = clientOf(h, (await signInLimitedUser(h, tenant, ['ReturnsView'], [delhi])).token);
    const preparer = clientOf(h, (await signInLimitedUser(h, tenant, ['Gstr1Prepare'], [delhi])).token);
    const pushes = clientOf(h, (await signInLimitedUser(h, tenant, ['DataActivitiesPush'], [delhi])).token);
    const id = detail.id ?? 0;
    expect((await viewer.post(R.list, { returnPeriod: PERIOD })).statusCode).toBe(200);
    expect((await viewer.get(R.history, { id })).statusCode).toBe(200);
    const refused = [
      await preparer.post(R.list, { returnPeriod: PERIOD }),
      await preparer.get(R.detail, { entityId: delhi, returnType: 'GSTR1', returnPeriod: PERIOD }),
      await preparer.post(R.sectionSearch, { id, section: 'b2b' }),
      await preparer.get(R.download, { id }),
      await preparer.get(R.history, { id }),
      await preparer.post(R.errors, { id }),
      await viewer.post(R.generate, { entityId: delhi, returnType: 'GSTR1', returnPeriod: PERIOD }),
      await viewer.post(R.save, { id }),
      await preparer.post(R.save, { id }),
      await viewer.post(R.submit, { id }),
      await viewer.post(R.fileOtp, { id }),
      await viewer.post(R.file, { id, otp: '575757' }),
      await viewer.post(R.portalOtp, { entityId: delhi }),
      await viewer.post(R.portalAuthenticate, { entityId: delhi, otp: '575757' }),
      await viewer.post(R.inwardDownload, { entityId: delhi, returnPeriod: PERIOD, source: 'GSTR2A' }),
      await viewer.post(DA.search, { kind: 'Push' }),
      await pushes.post(DA.search, { kind: 'Sync' }),
      await pushes.post(DA.search, { kind: 'Callback' }),
    ];
    for (const res of refused) expect([res.statusCode, res.json().errors[0].code], res.body).toEqual([403, 'GEN0002']);
    expect((await pushes.post(DA.search, { kind: 'Push' })).statusCode).toBe(200);
    // A location the user has no access to.
    const other = await viewer.get(R.detail, { entityId: chennai, returnType: 'GSTR1', returnPeriod: PERIOD });
    expect([other.statusCode, other.json().errors[0].code]).toEqual([403, 'GEN0010']);
  });
});
