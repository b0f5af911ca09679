// The GSTR-2A/2B JSON a user downloads from the GST portal, uploaded through /import as purchase documents (issue 18):
// read with the domain's readers and stored as the portal's data of its GSTIN and period, replacing what a download or
// an earlier upload stored; the download record ends Manual (method "Upload" in the summary). A file of the wrong
// shape stores nothing and its errors name their JSON paths on the import's error screen; a GSTIN that is not one of
// the user's locations is refused; a 2A/2B uploaded as sales documents, or a GSTR-1 as purchase documents, is refused
// on upload.
import {
  HEADERS,
  IMPORT_API as I,
  RETURN_API as R,
  type ImportErrorItem,
  type InwardSummaryRow,
  type ReturnOverview,
} from '@opengst/contracts';
import { parseGstr2a, parseGstr2b } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, portalDocuments } from '../../../db/schema';
import { ENGINES, type Harness, type Tenant } from '../../../test-support/harness';
import { importFile, upload, waitForImport } from '../../../test-support/import-fixtures';
import { addLocation } from '../../../test-support/inward-fixtures';
import { openSignedIn, signInLimitedUser, type ApiClient } from '../../../test-support/org-fixtures';

const FIXTURES = new URL('../../../../../../packages/domain/src/reconcile/readers/fixtures/', import.meta.url);
/** The GSTIN and period of both samples. */
const GSTIN = '01AABCE2207R1Z5';
const PERIOD = '032020';

describe.each(ENGINES)('import of GSTR-2A/2B JSON on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let token: string;
  let api: ApiClient;
  let location: number;
  let twoB: string;
  let twoA: string;

  const errorsOf = async (importId: number): Promise<ImportErrorItem[]> =>
    (await api.post(I.errors, { importId })).json().data.items as ImportErrorItem[];
  const storedCount = async (source: 'GSTR2A' | 'GSTR2B') =>
    (
      await h.ctx.database.db
        .select({ id: portalDocuments.id })
        .from(portalDocuments)
        .where(and(eq(portalDocuments.entityId, location), eq(portalDocuments.source, source), eq(portalDocuments.returnPeriod, PERIOD)))
    ).length;

  beforeAll(async () => {
    ({ h, t, token, api } = await openSignedIn(engine));
    location = await addLocation(h, t, { gstin: GSTIN, name: 'Srinagar' });
    twoB = await readFile(new URL('gstr2b_sample.json', FIXTURES), 'utf8');
    twoA = await readFile(new URL('gstr2a_sample.json', FIXTURES), 'utf8');
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  it("stores an uploaded GSTR-2B as the portal's data of its GSTIN and period, replacing the previous upload", async () => {
    const expected = parseGstr2b(JSON.parse(twoB));
    if (!expected.ok) throw new Error('the sample is readable');
    const first = await importFile(h, token, 'GSTR2B_01AABCE2207R1Z5_032020.json', twoB, 'PurchaseDocuments');
    expect([first.progress.status, first.progress.totalRows, first.progress.validRows, first.progress.errorRows]).toEqual([
      'Success',
      expected.records.length,
      expected.records.length,
      0,
    ]);
    expect(await storedCount('GSTR2B')).toBe(expected.records.length);
    const again = await importFile(h, token, 'again.json', twoB, 'PurchaseDocuments');
    expect(again.progress.status).toBe('Success');
    expect(await storedCount('GSTR2B')).toBe(expected.records.length);

    // The documents are listed as a download's are, and the overview reads the upload as the data in use.
    const list = (await api.post(R.inwardSearch, { entityId: location, returnPeriod: PERIOD, source: 'GSTR2B', size: 1000 })).json().data;
    expect(list.totalRecords).toBe(expected.records.length);
    expect(list.items.map((d: { documentNumber: string }) => d.documentNumber).sort()).toEqual(
      expected.records.map((r) => r.documentNumber).sort(),
    );
    const overview = (await api.get(R.overview, { entityId: location, returnPeriod: PERIOD })).json().data as ReturnOverview;
    const count = overview.inward.find((i) => i.source === 'GSTR2B');
    expect([count?.documents, count?.lastDownload?.status, count?.lastCompleted?.status]).toEqual([
      expected.records.length,
      'Manual',
      'Manual',
    ]);
    const summary = (await api.post(R.inwardSummary, { filters: { entityIds: [location] } })).json().data.items as InwardSummaryRow[];
    expect(summary.map((r) => [r.gstin, r.returnPeriod, r.source, r.method, r.outcome, r.documentCount])).toEqual([
      [GSTIN, PERIOD, 'GSTR2B', 'Upload', 'Downloaded', expected.records.length],
    ]);
    const [audit] = await h.ctx.database.db
      .select({ after: auditTrail.after, userId: auditTrail.userId })
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'PortalDocuments')))
      .orderBy(auditTrail.id)
      .limit(1);
    expect(audit).toMatchObject({ userId: t.adminUserId, after: { source: 'GSTR2B', returnPeriod: PERIOD, importId: first.importId } });
  });

  it('stores an uploaded GSTR-2A the same way', async () => {
    const expected = parseGstr2a(JSON.parse(twoA));
    if (!expected.ok) throw new Error('the sample is readable');
    const imported = await importFile(h, token, 'gstr2a.json', twoA, 'PurchaseDocuments');
    expect([imported.progress.status, imported.progress.validRows]).toEqual(['Success', expected.records.length]);
    expect(await storedCount('GSTR2A')).toBe(expected.records.length);
  });

  it('refuses a file of the wrong shape with each JSON path on the error screen, and stores nothing', async () => {
    const broken = JSON.parse(twoB) as { data: { docdata: { b2b: { inv: { dt: string; val: unknown }[] }[]; cdnr: unknown } } };
    const invoice = broken.data.docdata.b2b[0]?.inv[0];
    if (!invoice) throw new Error('the sample has a b2b invoice');
    invoice.dt = '31-02-2020';
    invoice.val = 'a lot';
    broken.data.docdata.cdnr = { not: 'a list' };
    const before = await storedCount('GSTR2B');
    const { importId, progress } = await importFile(h, token, 'broken.json', JSON.stringify(broken), 'PurchaseDocuments');
    expect(progress.status).toBe('Failed');
    expect(progress.message).toBe('The GSTR-2B JSON could not be read: 3 problem(s), each with its JSON path; nothing was stored.');
    expect((await errorsOf(importId)).map((e) => [e.row, e.column, e.code])).toEqual([
      [0, '$.data.docdata.b2b[0].inv[0].dt', 'IMP0010'],
      [0, '$.data.docdata.b2b[0].inv[0].val', 'IMP0026'],
      [0, '$.data.docdata.cdnr', 'IMP0026'],
    ]);
    expect((await errorsOf(importId))[0]?.message).toBe('$.data.docdata.b2b[0].inv[0].dt: "31-02-2020" is not a DD-MM-YYYY date');
    expect(await storedCount('GSTR2B')).toBe(before);
    // Its error export is the file-level errors alone (the JSON has no rows).
    const exported = await h.app.inject({
      method: 'GET',
      url: I.export,
      query: { importId: String(importId) },
      headers: { [HEADERS.authToken]: token },
    });
    expect(exported.statusCode).toBe(200);
  });

  it("refuses a GSTIN that is not one of the user's locations", async () => {
    const other = JSON.stringify({ ...JSON.parse(twoB), data: { ...JSON.parse(twoB).data, gstin: '27AAACS4321K1Z5' } });
    const { importId, progress } = await importFile(h, token, 'other.json', other, 'PurchaseDocuments');
    expect([progress.status, progress.message]).toEqual(['Failed', 'The GSTR-2B of 27AAACS4321K1Z5 was not stored: see the errors.']);
    expect(await errorsOf(importId)).toEqual([
      expect.objectContaining({ row: 0, column: 'data.gstin', value: '27AAACS4321K1Z5', code: 'IMP0014' }),
    ]);
    // A user of the tenant without access to the location, though holding the rights.
    const limited = await signInLimitedUser(h, t, ['ImportPurchase', 'Gstr2aReconciliation', 'ImportView'], [t.entityIds[1] ?? 0]);
    const refused = await importFile(h, limited.token, 'theirs.json', twoB, 'PurchaseDocuments');
    expect(refused.progress.status).toBe('Failed');
    expect((await errorsOf(refused.importId))[0]).toMatchObject({ code: 'IMP0014', value: GSTIN });
    // An upload for one chosen location takes that location's file only.
    const chosen = await upload(h, token, 'chosen.json', twoB, 'PurchaseDocuments', { entityId: String(t.entityIds[1]) });
    const done = await waitForImport(h, token, chosen.json().data.importId as number);
    expect(done.status).toBe('Failed');
  });

  it('refuses on upload a GSTR-2A/2B as sales documents, a GSTR-1 as purchase documents, and a user without the download right', async () => {
    const asSales = await upload(h, token, 'gstr2b.json', twoB, 'SalesDocuments');
    expect([asSales.statusCode, asSales.json().errors[0]]).toEqual([
      422,
      expect.objectContaining({
        code: 'IMP0026',
        message: `This is the GST portal's GSTR-2B JSON of ${GSTIN} for ${PERIOD}: import it as Purchase documents.`,
      }),
    ]);
    const gstr1 = JSON.stringify({
      gstin: GSTIN,
      fp: PERIOD,
      b2b: [
        { ctin: '27AAACS4321K1Z5', inv: [{ inum: 'X/1', idt: '01-03-2020', val: 118, pos: '27', rchrg: 'N', inv_typ: 'R', itms: [] }] },
      ],
    });
    const asPurchase = await upload(h, token, 'gstr1.json', gstr1, 'PurchaseDocuments');
    expect([asPurchase.statusCode, asPurchase.json().errors[0].code]).toEqual([422, 'IMP0026']);
    expect(asPurchase.json().errors[0].message).toMatch(/^As purchase documents a JSON is read as the GST portal's GSTR-2A or GSTR-2B/);
    const importer = await signInLimitedUser(h, t, ['ImportPurchase'], [location]);
    const noRight = await upload(h, importer.token, 'gstr2a.json', twoA, 'PurchaseDocuments');
    expect([noRight.statusCode, noRight.json().errors[0].code]).toEqual([403, 'GEN0002']);
    expect(noRight.json().errors[0].message).toMatch(/needs the right to download GSTR-2A\/2B/);
  });
});
