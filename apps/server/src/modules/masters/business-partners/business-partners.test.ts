// Business partners on both engines (issue 20): /business-partners (save with the domain's checks: duplicate GSTIN,
// PAN against the GSTIN, Udyam number; contacts saved with the partner in one transaction; list filters, sort and
// paging; export read back; delete refused while documents name the partner, with the reason; audit rows), the GSTIN
// status check against the mounted GST portal sandbox (and the portal unreachable), and the vendor import's new
// columns checked as the form checks them.
import { BUSINESS_PARTNER_API as BP, IMPORT_API as I, IMPORT_COLUMNS, type BusinessPartner } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, businessPartnerContacts, businessPartners, documents } from '../../../db/schema';
import { PortalError } from '../../../portal';
import { ENGINES, type Harness, type Tenant } from '../../../test-support/harness';
import { csvOf, importFile } from '../../../test-support/import-fixtures';
import { clientOf, gstinFor, openSignedIn, signInLimitedUser, type ApiClient } from '../../../test-support/org-fixtures';

const SUPREME = gstinFor('27', 'AAACS4321K', '1');
const EASTERN = gstinFor('19', 'AAACE1234E', '1');
const IMPORTED = gstinFor('29', 'AABCI1234Q', '1');

type ErrorItem = { row: number; column: string | null; code: string; type: string; message: string };

describe.each(ENGINES)('business partners on %s', (engine) => {
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

  const db = () => h.ctx.database.db;
  const save = async (body: Record<string, unknown>): Promise<BusinessPartner> => {
    const res = await api.post(BP.businessPartnerSave, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as BusinessPartner;
  };
  const refusal = async (body: Record<string, unknown>) => {
    const res = await api.post(BP.businessPartnerSave, body);
    expect(res.statusCode, res.body).toBe(422);
    return res.json().errors as { code: string; message: string; propertyName?: string }[];
  };
  const list = async (body: Record<string, unknown> = {}) => {
    const res = await api.post(BP.businessPartnerSearch, { start: 0, size: 50, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: BusinessPartner[]; totalRecords: number };
  };
  const audits = (key: number) =>
    db()
      .select()
      .from(auditTrail)
      .where(
        and(
          eq(auditTrail.subscriberId, t.subscriberId),
          eq(auditTrail.entityType, 'BusinessPartner'),
          eq(auditTrail.entityKey, String(key)),
        ),
      )
      .orderBy(auditTrail.id);
  const byGstin = async (gstin: string) => (await list({ filters: { text: gstin } })).items[0];

  it('needs the MasterBusinessPartners right', async () => {
    const noRight = clientOf(h, (await signInLimitedUser(h, t, ['SalesView'], [])).token);
    expect((await noRight.post(BP.businessPartnerSearch, { start: 0, size: 10 })).statusCode).toBe(403);
    expect((await noRight.post(BP.businessPartnerSave, { code: 'X', legalName: 'X' })).statusCode).toBe(403);
    expect(await db().select().from(businessPartners).where(eq(businessPartners.subscriberId, t.subscriberId))).toEqual([]);
  });

  it('creates a registered partner with its PAN and state from the GSTIN, its MSME fields and contacts, audited', async () => {
    const created = await save({
      partnerType: 'Vendor',
      gstin: SUPREME.toLowerCase(),
      legalName: 'Supreme Supplies Private Limited',
      tradeName: 'Supreme Supplies',
      city: 'Pune',
      pincode: '411001',
      email: 'accounts@supreme.example',
      phone: '+91 98000 00000',
      msmeNumber: 'udyam-mh-26-0012345',
      msmeClass: 'Small',
      msmeActivity: 'Manufacturing',
      tdsSection: '194C',
      contacts: [
        { name: 'Asha Rao', email: 'asha@supreme.example', phone: '98450 12345', designation: 'Accounts', receivesNotifications: true },
        { name: 'Ravi K', phone: '+912225550000', receivesNotifications: false },
      ],
    });
    expect(created).toMatchObject({
      gstin: SUPREME,
      pan: 'AAACS4321K',
      stateCode: '27',
      stateName: 'Maharashtra',
      code: '',
      phone: '+919800000000',
      msmeNumber: 'UDYAM-MH-26-0012345',
      msmeClass: 'Small',
      tdsSection: '194C',
      gstinStatus: null,
      status: 'Active',
    });
    expect(created.contacts.map((c) => [c.name, c.email, c.phone, c.receivesNotifications])).toEqual([
      ['Asha Rao', 'asha@supreme.example', '9845012345', true],
      ['Ravi K', null, '+912225550000', false],
    ]);
    const [audit] = await audits(created.id);
    expect(audit).toMatchObject({ action: 'Create', entityName: 'Supreme Supplies' });
    expect((audit?.after as { contacts: unknown[] }).contacts).toHaveLength(2);
  });

  it('refuses a duplicate GSTIN, a PAN other than the GSTIN’s, a wrong Udyam number and a bad contact, with the reasons', async () => {
    const duplicate = await refusal({ gstin: SUPREME, legalName: 'Another name' });
    expect(duplicate[0]).toMatchObject({
      code: 'ORG0006',
      propertyName: 'gstin',
      message: `GSTIN ${SUPREME} is already the partner Supreme Supplies.`,
    });
    const wrongPan = await refusal({ gstin: EASTERN, pan: 'AAACS4321K', legalName: 'Eastern' });
    expect(wrongPan[0]).toMatchObject({
      propertyName: 'pan',
      message: 'The PAN must be the one inside the GSTIN: characters 3 to 12, AAACE1234E.',
    });
    const wrongState = await refusal({ gstin: EASTERN, stateCode: '27', legalName: 'Eastern' });
    expect(wrongState[0]?.message).toBe("A registered partner is in its GSTIN's state: 19 (West Bengal).");
    const udyam = await refusal({ gstin: EASTERN, legalName: 'Eastern', msmeNumber: 'UDYAM-WB-10-12345' });
    expect(udyam[0]).toMatchObject({ propertyName: 'msmeNumber', message: expect.stringContaining('19 characters') });
    const classAlone = await refusal({ gstin: EASTERN, legalName: 'Eastern', msmeClass: 'Micro' });
    expect(classAlone[0]?.propertyName).toBe('msmeNumber');
    const noCode = await refusal({ legalName: 'Unregistered' });
    expect(noCode[0]?.propertyName).toBe('code');
    const contact = await refusal({
      gstin: EASTERN,
      legalName: 'Eastern',
      contacts: [{ name: 'Mita', email: 'mita@', receivesNotifications: true }],
    });
    expect(contact[0]?.message).toBe('Contact 1 (Mita): not a valid e-mail address.');
    const tds = await refusal({ gstin: EASTERN, legalName: 'Eastern', tdsSection: '194Z' });
    expect(tds[0]?.message).toBe('194Z is not one of the TDS sections offered.');
    expect((await list()).totalRecords).toBe(1);
  });

  it('edits a partner and replaces its contacts in the same transaction, with the before and after audited', async () => {
    const supreme = await byGstin(SUPREME);
    if (!supreme) throw new Error('no partner');
    const edited = await save({
      id: supreme.id,
      partnerType: 'Both',
      gstin: SUPREME,
      legalName: supreme.legalName,
      tradeName: 'Supreme',
      msmeNumber: supreme.msmeNumber,
      msmeClass: 'Medium',
      tdsSection: '194Q',
      contacts: [{ name: 'Asha Rao', email: 'asha.rao@supreme.example', receivesNotifications: true }],
    });
    expect(edited).toMatchObject({ partnerType: 'Both', tradeName: 'Supreme', msmeClass: 'Medium', tdsSection: '194Q', city: null });
    const contacts = await db().select().from(businessPartnerContacts).where(eq(businessPartnerContacts.partnerId, supreme.id));
    expect(contacts.map((c) => [c.name, c.email])).toEqual([['Asha Rao', 'asha.rao@supreme.example']]);
    const update = (await audits(supreme.id)).at(-1);
    expect(update).toMatchObject({ action: 'Update' });
    expect((update?.before as { contacts: unknown[] }).contacts).toHaveLength(2);
    expect((update?.after as { msmeClass: string }).msmeClass).toBe('Medium');
    // A refused edit changes nothing, contacts included.
    await refusal({
      id: supreme.id,
      gstin: SUPREME,
      legalName: 'X',
      contacts: [{ name: 'Bad', phone: '12', receivesNotifications: false }],
    });
    expect(await db().select().from(businessPartnerContacts).where(eq(businessPartnerContacts.partnerId, supreme.id))).toHaveLength(1);
  });

  it('checks GSTIN status through the GST portal sandbox and stores it; says so when the portal cannot be reached', async () => {
    const eastern = await save({ gstin: EASTERN, legalName: 'Eastern Traders', partnerType: 'Customer' });
    const local = await save({ code: 'LOCAL-1', legalName: 'Local Hardware', stateCode: '07' });
    const res = await api.post(BP.businessPartnerCheckGstin, { ids: [eastern.id, local.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.results).toEqual([
      { id: eastern.id, gstin: EASTERN, outcome: 'Checked', gstinStatus: 'Active', taxpayerType: 'Regular', message: null },
      expect.objectContaining({ id: local.id, outcome: 'Unregistered', message: 'Local Hardware has no GSTIN to check.' }),
    ]);
    const [row] = await db().select().from(businessPartners).where(eq(businessPartners.id, eastern.id));
    expect(row).toMatchObject({ gstinStatus: 'Active', taxpayerType: 'Regular' });
    expect(row?.gstinCheckedAt).toBeInstanceOf(Date);
    expect((await audits(eastern.id)).map((a) => a.action)).toEqual(['Create', 'Update']);

    const portal = h.ctx.gstPortal as { searchTaxpayer: (gstin: string) => Promise<unknown> };
    const original = portal.searchTaxpayer;
    portal.searchTaxpayer = async () => {
      throw new PortalError('NETWORK', 'The GST portal could not be reached (connect ECONNREFUSED).');
    };
    try {
      const supreme = await byGstin(SUPREME);
      const down = await api.post(BP.businessPartnerCheckGstin, { ids: [eastern.id, supreme?.id] });
      const results = down.json().data.results as { outcome: string; message: string; gstinStatus: string | null }[];
      expect(results.map((r) => r.outcome)).toEqual(['Unreachable', 'Unreachable']);
      expect(results[0]?.message).toContain('The GST portal could not be reached, so the GSTIN status was not checked');
      // What was known stays.
      expect(results[0]?.gstinStatus).toBe('Active');
    } finally {
      portal.searchTaxpayer = original;
    }
  });

  it('lists with filters, sort and paging', async () => {
    expect((await list()).totalRecords).toBe(3);
    expect((await list({ filters: { partnerType: 'Customer' } })).items.map((p) => p.legalName)).toEqual(['Eastern Traders']);
    expect((await list({ filters: { stateCode: '07' } })).items.map((p) => p.code)).toEqual(['LOCAL-1']);
    expect((await list({ filters: { isMsme: true } })).items.map((p) => p.gstin)).toEqual([SUPREME]);
    expect((await list({ filters: { isMsme: false } })).totalRecords).toBe(2);
    expect((await list({ filters: { text: 'aaace1234e' } })).items.map((p) => p.gstin)).toEqual([EASTERN]);
    expect((await list({ filters: { text: 'local-' } })).items.map((p) => p.code)).toEqual(['LOCAL-1']);
    expect((await list({ sortExpression: 'legalName ASC' })).items.map((p) => p.legalName)).toEqual([
      'Eastern Traders',
      'Local Hardware',
      'Supreme Supplies Private Limited',
    ]);
    const first = await list({ size: 2, sortExpression: 'id ASC' });
    const next = await list({ start: 2, size: 2, sortExpression: 'id ASC' });
    expect([...first.items, ...next.items].map((p) => p.legalName)).toEqual([
      'Supreme Supplies Private Limited',
      'Eastern Traders',
      'Local Hardware',
    ]);
    expect((await api.post(BP.businessPartnerSearch, { start: 0, size: 10, sortExpression: 'subscriberId ASC' })).statusCode).toBe(422);
  });

  it('refuses to delete a partner documents name, with the reason; deactivates it; deletes one not in use', async () => {
    const supreme = await byGstin(SUPREME);
    const local = (await list({ filters: { text: 'LOCAL-1' } })).items[0];
    if (!supreme || !local) throw new Error('partners missing');
    await db()
      .insert(documents)
      .values(
        ['P/1', 'P/2'].map((documentNumber) => ({
          subscriberId: t.subscriberId,
          entityId: t.entityIds[1] ?? 0,
          direction: 'Purchase' as const,
          financialYear: '2026-27',
          returnPeriod: '102026',
          documentType: 'INV',
          documentNumber,
          documentDate: '2026-10-05',
          counterpartyGstin: SUPREME,
          source: 'Manual' as const,
        })),
      );
    const refused = await api.post(BP.businessPartnerDelete, { ids: [supreme.id, local.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'Supreme is named on 2 documents; deactivate it instead.',
    ]);
    expect((await list()).totalRecords).toBe(3);
    const deactivated = await api.post(BP.businessPartnerUpdateStatus, { ids: [supreme.id], status: 'Inactive' });
    expect(deactivated.json().data).toEqual({ affected: 1 });
    expect((await list({ filters: { status: 'Inactive' } })).items.map((p) => p.id)).toEqual([supreme.id]);

    expect((await api.post(BP.businessPartnerDelete, { ids: [local.id] })).json().data).toEqual({ affected: 1 });
    expect((await audits(local.id)).map((a) => a.action)).toEqual(['Create', 'Delete']);
    expect(await db().select().from(businessPartners).where(eq(businessPartners.id, local.id))).toEqual([]);
  });

  it('exports what is filtered, read back with exceljs', async () => {
    const res = await api.post(BP.businessPartnerExport, { sortExpression: 'legalName ASC', filters: { status: 'Inactive' } });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['Legal name', 'Trade name', 'GSTIN', 'PAN']);
    expect(sheet?.rowCount).toBe(2);
    const row = sheet?.getRow(2);
    const cell = (name: string) => row?.getCell(header.indexOf(name) + 1).value;
    expect([cell('GSTIN'), cell('Udyam number'), cell('MSME class'), cell('TDS section'), cell('Status')]).toEqual([
      SUPREME,
      'UDYAM-MH-26-0012345',
      'Medium',
      '194Q Purchase of goods',
      'Inactive',
    ]);
    expect(cell('Contacts')).toBe('Asha Rao, asha.rao@supreme.example');
    const [audit] = await db()
      .select()
      .from(auditTrail)
      .where(
        and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'BusinessPartner'), eq(auditTrail.action, 'Export')),
      );
    expect(audit?.after).toMatchObject({ rows: 1 });
  });

  it('imports vendors with the MSME, TDS and city columns, checked as the form checks them, one bad row on the error list', async () => {
    const header = IMPORT_COLUMNS.Vendors.map((c) => c.name);
    const rowOf = (values: Record<string, string>) => IMPORT_COLUMNS.Vendors.map((c) => values[c.key] ?? '');
    const file = csvOf([
      header,
      rowOf({
        gstin: IMPORTED,
        legalName: 'Imported Industries',
        city: 'Bengaluru',
        msmeNumber: 'udyam-kr-03-0647480',
        msmeClass: 'micro',
        msmeActivity: 'Services',
        tdsSection: '194J(b)',
      }),
      rowOf({ gstin: gstinFor('33', 'AAACB1234B', '1'), legalName: 'Bad Udyam', msmeNumber: 'UDYAM-TN-1-0000001' }),
    ]);
    const { importId, progress } = await importFile(h, token, 'vendors.csv', file, 'Vendors');
    expect(progress).toMatchObject({ status: 'SuccessWithError', validRows: 1, errorRows: 1 });
    const errors = ((await api.post(I.errors, { importId, size: 100 })).json().data.items as ErrorItem[]).filter((e) => e.type === 'Error');
    expect(errors.map((e) => [e.row, e.column, e.code])).toEqual([[3, 'Udyam number', 'GEN0009']]);
    expect(errors[0]?.message).toContain('19 characters');
    const imported = await byGstin(IMPORTED);
    expect(imported).toMatchObject({
      partnerType: 'Vendor',
      pan: 'AABCI1234Q',
      stateCode: '29',
      city: 'Bengaluru',
      msmeNumber: 'UDYAM-KR-03-0647480',
      msmeClass: 'Micro',
      msmeActivity: 'Services',
      tdsSection: '194J(b)',
    });
  });
});
