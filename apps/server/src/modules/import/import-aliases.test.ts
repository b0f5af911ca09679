import { IMPORT_API as I } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, businessPartners, hsnCodes } from '../../db/schema';
import { createTenant, ENGINES, signIn, type Harness, type Tenant } from '../../test-support/harness';
import { csvOf, importFile } from '../../test-support/import-fixtures';
import { type ApiClient, clientOf, openSignedIn, signInLimitedUser } from '../../test-support/org-fixtures';

// Column aliasing (issue 6): a subscriber maps their own headers to ours once, and the next import of that type
// reads them. Saved per subscriber and per import type.

/** A vendor list as another system writes it: its own headers, in its own order. */
const OWN_HEADER = ['Supplier Name', 'Supplier Code', 'GST No', 'Mail'];
const ownFile = (code: string) => csvOf([OWN_HEADER, [`Vendor ${code}`, code, '', `${code.toLowerCase()}@vendor.example`]]);
const MAPPING = [
  { column: 'legalName', alias: 'Supplier Name' },
  { column: 'code', alias: 'Supplier Code' },
  { column: 'gstin', alias: 'GST No' },
  { column: 'email', alias: 'Mail' },
];

describe.each(ENGINES)('import column aliases on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let token: string;

  beforeAll(async () => {
    ({ h, t, token, api } = await openSignedIn(engine));
  });
  afterAll(async () => {
    await h.close();
  });

  const vendor = (code: string) =>
    h.ctx.database.db
      .select()
      .from(businessPartners)
      .where(and(eq(businessPartners.subscriberId, t.subscriberId), eq(businessPartners.code, code)));

  it("a file with the subscriber's own headers fails with IMP0008 naming the missing columns, and imports once they are mapped", async () => {
    const before = await importFile(h, token, 'own-headers.csv', ownFile('OWN-1'), 'Vendors');
    expect(before.progress.status).toBe('Failed');
    expect(before.progress.message).toBe('Required columns missing from the header row: Legal name.');
    const [fileError] = (await api.post(I.errors, { importId: before.importId })).json().data.items;
    expect(fileError).toMatchObject({ row: 0, code: 'IMP0008' });
    // A file-level error has no column: the summary by code names none (not the text "NULL").
    expect((await api.get(I.errorSummary, { importId: before.importId })).json().data.items).toMatchObject([
      { code: 'IMP0008', count: 1, columns: [] },
    ]);
    expect(await vendor('OWN-1')).toHaveLength(0);

    const saved = await api.post(I.aliasesSave, { importType: 'Vendors', aliases: MAPPING });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.aliases).toEqual(expect.arrayContaining(MAPPING));
    expect((await api.get(I.aliases, { importType: 'Vendors' })).json().data.aliases).toHaveLength(4);
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'ImportAlias'), eq(auditTrail.entityKey, 'Vendors')),
      );
    expect(audit?.after).toEqual(MAPPING);

    const after = await importFile(h, token, 'own-headers.csv', ownFile('OWN-1'), 'Vendors');
    expect(after.progress.status).toBe('Success');
    expect(await vendor('OWN-1')).toEqual([
      expect.objectContaining({ legalName: 'Vendor OWN-1', email: 'own-1@vendor.example', gstin: '' }),
    ]);
  });

  it('keeps the aliases to their import type and their subscriber', async () => {
    // The same headers mean nothing for HSN/SAC codes.
    expect((await api.get(I.aliases, { importType: 'HsnSac' })).json().data.aliases).toEqual([]);
    const other = await createTenant(h);
    const otherToken = await signIn(h.app, other);
    expect((await clientOf(h, otherToken).get(I.aliases, { importType: 'Vendors' })).json().data.aliases).toEqual([]);
    const theirs = await importFile(h, otherToken, 'own-headers.csv', ownFile('OWN-2'), 'Vendors');
    expect(theirs.progress.status).toBe('Failed');
    expect(theirs.progress.message).toContain('Legal name');
  });

  it('refuses an alias longer than 40 characters, one header for two columns, a column name as alias and unknown columns', async () => {
    const long = await api.post(I.aliasesSave, { importType: 'Vendors', aliases: [{ column: 'legalName', alias: 'x'.repeat(41) }] });
    expect(long.statusCode).toBe(422);
    const twice = await api.post(I.aliasesSave, {
      importType: 'Vendors',
      aliases: [
        { column: 'legalName', alias: 'Name' },
        { column: 'tradeName', alias: 'name' },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors[0]).toMatchObject({ code: 'GEN0009', propertyName: 'aliases[1].alias' });
    const clash = await api.post(I.aliasesSave, { importType: 'Vendors', aliases: [{ column: 'code', alias: 'Legal name' }] });
    expect(clash.statusCode).toBe(422);
    const unknown = await api.post(I.aliasesSave, { importType: 'Vendors', aliases: [{ column: 'documentNumber', alias: 'Doc' }] });
    expect(unknown.statusCode).toBe(422);
    // Nothing of the refused saves replaced the mapping.
    expect((await api.get(I.aliases, { importType: 'Vendors' })).json().data.aliases).toHaveLength(4);
    const exactly40 = 'y'.repeat(40);
    const hsn = await api.post(I.aliasesSave, { importType: 'HsnSac', aliases: [{ column: 'hsn', alias: exactly40 }] });
    expect(hsn.statusCode).toBe(200);
    const { progress } = await importFile(
      h,
      token,
      'hsn.csv',
      csvOf([
        [exactly40, 'Description'],
        ['9983', 'Other professional services'],
      ]),
      'HsnSac',
    );
    expect(progress.status).toBe('Success');
    expect(
      await h.ctx.database.db
        .select()
        .from(hsnCodes)
        .where(and(eq(hsnCodes.subscriberId, t.subscriberId), eq(hsnCodes.code, '9983'))),
    ).toHaveLength(1);
  });

  it('needs the right of the import type to change its aliases', async () => {
    const clerk = clientOf(h, (await signInLimitedUser(h, t, ['ImportSales'], t.entityIds)).token);
    expect((await clerk.post(I.aliasesSave, { importType: 'Vendors', aliases: [] })).statusCode).toBe(403);
    expect((await api.get(I.aliases, { importType: 'Vendors' })).json().data.aliases).toHaveLength(MAPPING.length);
  });
});
