// The consultants' import through /import on both engines (issue 20): valid rows make consultants with their users
// (welcome mails sent once the file has committed), each planted error is listed by row, column and code with the
// screen's reason (capacity, a GSTIN the uploader cannot reach, the administrators' role, the user name of a user who
// is not a consultant, a bad PAN), and an export of the screen imports back as an update that mails nobody.
import { CONSULTANT_API as C, IMPORT_API as I, IMPORT_COLUMNS, type Consultant } from '@opengst/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, entities, roles } from '../../../db/schema';
import { ENGINES, type Harness, type Tenant } from '../../../test-support/harness';
import { csvOf, importFile, readXlsx, templateCsv } from '../../../test-support/import-fixtures';
import { openSignedIn, type ApiClient } from '../../../test-support/org-fixtures';

type ErrorItem = { row: number; column: string | null; code: string; type: string; message: string };

describe.each(ENGINES)('consultants import on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let token: string;
  let api: ApiClient;
  let gstins: string[];

  const fileOf = (rows: Record<string, string>[]) => templateCsv('Consultants', rows);
  const row = (suffix: string, extra: Record<string, string> = {}) => ({
    displayName: `Consultant ${suffix}`,
    userName: `imp-${suffix}-${t.subscriberId}`,
    email: `imp-${suffix}@example.test`,
    firmName: 'Iyer Law Chambers',
    profession: 'Advocate',
    membershipNumber: 'MAH/1234/2010',
    role: 'notice consultant',
    gstins: gstins.join(', '),
    ...extra,
  });

  beforeAll(async () => {
    ({ h, t, token, api } = await openSignedIn(engine));
    await h.ctx.database.db.insert(roles).values({ subscriberId: t.subscriberId, name: 'Notice consultant' });
    gstins = (
      await h.ctx.database.db
        .select({ gstin: entities.gstin })
        .from(entities)
        .where(and(eq(entities.subscriberId, t.subscriberId), inArray(entities.id, t.entityIds)))
    ).flatMap((e) => (e.gstin ? [e.gstin] : []));
  });
  afterAll(async () => {
    await h.close();
  });

  it('makes the valid rows consultants, mails them after the file commits, and lists each planted error', async () => {
    const before = h.smtp.mails.length;
    const { importId, progress } = await importFile(
      h,
      token,
      'consultants.csv',
      fileOf([
        row('one'),
        row('two', { profession: 'Chartered accountant', gstins: gstins[0] ?? '', pan: 'abcpt1234f' }),
        row('three', { profession: 'Astrologer' }),
        row('four', { gstins: '29AAACA1234A1Z5' }),
        row('five', { role: 'Admin' }),
        row('six', { userName: t.userName }),
        row('seven', { pan: 'ABCDE12345' }),
      ]),
      'Consultants',
    );
    expect(progress).toMatchObject({ status: 'SuccessWithError', totalRows: 7, validRows: 2, errorRows: 5 });
    const errors = ((await api.post(I.errors, { importId, size: 100 })).json().data.items as ErrorItem[]).filter((e) => e.type === 'Error');
    expect(errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [4, 'Capacity', 'IMP0013'],
      [5, 'GSTINs', 'IMP0013'],
      [6, 'Role', 'GEN0009'],
      [7, 'User name', 'GEN0009'],
      [8, 'PAN', 'GEN0009'],
    ]);
    expect(errors.find((e) => e.row === 5)?.message).toBe('29AAACA1234A1Z5 is not one of the locations you may reach.');
    expect(errors.find((e) => e.row === 8)?.message).toBe('PAN must be 5 letters, 4 digits and a letter (e.g. ABCPE1234F).');
    expect(errors.find((e) => e.row === 6)?.message).toContain('cannot hold the Admin role');
    expect(errors.find((e) => e.row === 7)?.message).toContain('is the user name of a user who is not a consultant');
    const listed = (await api.post(C.consultantSearch, { start: 0, size: 50, sortExpression: 'displayName ASC' })).json().data
      .items as Consultant[];
    expect(listed.map((c) => [c.displayName, c.profession, c.roleName, c.gstins.length, c.pan])).toEqual([
      ['Consultant one', 'Advocate', 'Notice consultant', gstins.length, null],
      ['Consultant two', 'CharteredAccountant', 'Notice consultant', 1, 'ABCPT1234F'],
    ]);
    await h.smtp.waitFor('imp-one@example.test', /new account/, before);
    await h.smtp.waitFor('imp-two@example.test', /new account/, before);
    const audits = await h.ctx.database.db
      .select({ action: auditTrail.action })
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'Consultant')));
    expect(audits.map((a) => a.action)).toEqual(['Create', 'Create']);
  });

  it('imports the screen’s export back as updates: the same consultants, nobody mailed again', async () => {
    const exported = await readXlsx((await api.post(C.consultantExport, { sortExpression: 'displayName ASC' })).rawPayload);
    const [header, ...rows] = exported;
    const names = IMPORT_COLUMNS.Consultants.map((c) => c.name);
    expect(header?.slice(0, names.length)).toEqual(names);
    const edited = rows.map((r) =>
      r.slice(0, names.length).map((cell, i) => (names[i] === 'Firm' ? 'Renamed Chambers' : String(cell ?? ''))),
    );
    const before = h.smtp.mails.length;
    const { progress } = await importFile(h, token, 'consultants-again.csv', csvOf([names, ...edited]), 'Consultants');
    expect(progress).toMatchObject({ status: 'Success', validRows: 2, errorRows: 0 });
    const listed = (await api.post(C.consultantSearch, { start: 0, size: 50 })).json().data.items as Consultant[];
    expect(listed.map((c) => c.firmName)).toEqual(['Renamed Chambers', 'Renamed Chambers']);
    expect(h.smtp.mails.slice(before).map((m) => [m.to, m.subject, m.text.slice(0, 80)])).toEqual([]);
  });
});
