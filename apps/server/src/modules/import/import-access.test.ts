import { IMPORT_API as I } from '@opengst/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type Harness, type Tenant } from '../../test-support/harness';
import { CHENNAI_GSTIN, csvOf, DELHI_GSTIN, headerOf, importFile, saleRow } from '../../test-support/import-fixtures';
import { type ApiClient, clientOf, openSignedIn, signInLimitedUser } from '../../test-support/org-fixtures';

// Issue 16: a user limited to one location read another location's rows through the error screens of an import made
// without a location, and a user without the purchase right saw purchase imports. The attacks, now refused.

describe.each(ENGINES)('who reads an import, on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let token: string;
  let delhi: number;
  let mixedImport: number;
  let purchaseImport: number;

  beforeAll(async () => {
    ({ h, t, token } = await openSignedIn(engine));
    delhi = t.entityIds[1] ?? 0;
    // The administrator's file names its own locations: a Delhi row and a Chennai row, each with an error.
    const bad = (gstin: string, number: string) => saleRow({ locationGstin: gstin, documentNumber: number, documentDate: '31-02-2024' });
    mixedImport = (await importFile(h, token, 'both.csv', csvOf([headerOf(), bad(DELHI_GSTIN, 'D/1'), bad(CHENNAI_GSTIN, 'C/1')])))
      .importId;
    purchaseImport = (
      await importFile(
        h,
        token,
        'purchases.csv',
        csvOf([headerOf('PurchaseDocuments'), saleRow({}, 'PurchaseDocuments')]),
        'PurchaseDocuments',
      )
    ).importId;
  });
  afterAll(async () => {
    await h.close();
  });

  const ids = async (client: ApiClient) =>
    ((await client.post(I.statisticSearch, {})).json().data.items as { importId: number }[]).map((item) => item.importId);

  it('refuses a one-location user the rows of an import that names other locations, in every read', async () => {
    const clerk = clientOf(h, (await signInLimitedUser(h, t, ['ImportSales', 'ImportView', 'SalesView'], [delhi])).token);
    expect(await ids(clerk)).not.toContain(mixedImport);
    for (const read of [
      clerk.post(I.errors, { importId: mixedImport }),
      clerk.get(I.errorSummary, { importId: mixedImport }),
      clerk.get(I.export, { importId: mixedImport }),
      clerk.get(I.summary, { importId: mixedImport }),
      clerk.get(I.fileHeaders, { importId: mixedImport }),
    ]) {
      const res = await read;
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0]).toMatchObject({ code: 'GEN0010' });
      expect(res.body).not.toContain('C/1');
    }
    // A user of every location reads it.
    const both = clientOf(h, (await signInLimitedUser(h, t, ['ImportSales'], t.entityIds)).token);
    expect(await ids(both)).toContain(mixedImport);
    expect((await both.post(I.errors, { importId: mixedImport })).statusCode).toBe(200);
  });

  it("keeps another user's purchase imports from a user without the purchase right, and one's own uploads readable", async () => {
    const salesClerk = await signInLimitedUser(h, t, ['ImportSales', 'ImportView', 'SalesView'], t.entityIds);
    const clerk = clientOf(h, salesClerk.token);
    expect(await ids(clerk)).not.toContain(purchaseImport);
    const refused = await clerk.get(I.summary, { importId: purchaseImport });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0]).toMatchObject({ code: 'GEN0002' });
    // "View imports" with the right to see purchases opens them; so does the purchase import right.
    const viewer = clientOf(h, (await signInLimitedUser(h, t, ['ImportView', 'PurchaseView'], t.entityIds)).token);
    expect(await ids(viewer)).toContain(purchaseImport);
    expect((await viewer.get(I.summary, { importId: purchaseImport })).statusCode).toBe(200);
    // A Delhi clerk's own upload naming Chennai: the file is theirs, so are its errors.
    const delhiClerk = await signInLimitedUser(h, t, ['ImportSales'], [delhi]);
    const own = await importFile(h, delhiClerk.token, 'mine.csv', csvOf([headerOf(), saleRow({ locationGstin: CHENNAI_GSTIN })]));
    expect(own.progress.errorRows).toBe(1);
    const mine = clientOf(h, delhiClerk.token);
    expect(await ids(mine)).toEqual([own.importId]);
    expect((await mine.post(I.errors, { importId: own.importId })).statusCode).toBe(200);
  });
});
