// The IP allow-list's import through /import on both engines (issue 20): valid rows create or update entries (the same
// range written another way is one entry), planted errors are listed by row and column, audit rows carry the uploader's
// address, and the lock-out guard: a row that would leave the address the file was uploaded from outside the active
// list is refused with the reason, the others are applied. The upload comes from 127.0.0.1 (app.inject's address).
import { IMPORT_API as I, IP_ADDRESS_API as IP, type IpAddress } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, ipAllowList } from '../../../db/schema';
import { ENGINES, type Harness, type Tenant } from '../../../test-support/harness';
import { importFile, readXlsx, templateCsv, upload, xlsxOf } from '../../../test-support/import-fixtures';
import { openSignedIn, signInLimitedUser, type ApiClient } from '../../../test-support/org-fixtures';
import { lockOutRefusals } from './ip-addresses-import';

type ErrorItem = { row: number; column: string | null; value: string | null; code: string; type: string; message: string };
const fileOf = (rows: Record<string, string>[]) => templateCsv('IpAddresses', rows);

describe('lockOutRefusals', () => {
  const current = new Map<string, 'Active' | 'Inactive'>([
    ['127.0.0.1', 'Active'],
    ['10.0.0.0/8', 'Inactive'],
  ]);
  it('refuses nothing while the uploader stays allowed, whatever the order of the rows', () => {
    const records = [
      { address: '127.0.0.1', description: '', status: 'Inactive' as const },
      { address: '127.0.0.0/8', description: '', status: 'Active' as const },
    ];
    expect(lockOutRefusals(current, records, '127.0.0.1').size).toBe(0);
  });
  it('refuses the deactivation of the entry that allows the uploader, then an activation that leaves them out', () => {
    const deactivate = [
      { address: '127.0.0.1', description: '', status: 'Inactive' as const },
      { address: '10.0.0.0/8', description: '', status: 'Active' as const },
    ];
    expect([...lockOutRefusals(current, deactivate, '127.0.0.1').keys()]).toEqual([0]);
    const empty = new Map<string, 'Active' | 'Inactive'>();
    const activate = [{ address: '203.0.113.0/24', description: '', status: 'Active' as const }];
    expect(lockOutRefusals(empty, activate, '127.0.0.1').get(0)).toContain('would lock you out');
  });
});

describe.each(ENGINES)('IP allow-list import on %s', (engine) => {
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

  const errorsOf = async (importId: number) =>
    ((await api.post(I.errors, { importId, size: 1000 })).json().data.items as ErrorItem[]).filter((e) => e.type === 'Error');
  const entries = async () =>
    ((await api.post(IP.ipAddressSearch, { start: 0, size: 50, sortExpression: 'address ASC' })).json().data.items as IpAddress[]).map(
      (e) => [e.address, e.status, e.description],
    );

  it('needs the IP addresses right to upload', async () => {
    const { token: noRight } = await signInLimitedUser(h, t, ['ImportView', 'MasterChartOfAccounts'], t.entityIds);
    expect((await upload(h, noRight, 'ip.csv', fileOf([{ address: '127.0.0.1' }]), 'IpAddresses')).statusCode).toBe(403);
  });

  it('refuses a file that would make the list active without the uploader, with the reason, and stores nothing', async () => {
    const { importId, progress } = await importFile(
      h,
      token,
      'ip.csv',
      fileOf([{ address: '203.0.113.0/24', description: 'Branch' }]),
      'IpAddresses',
    );
    expect(progress).toMatchObject({ status: 'Failed', validRows: 0, errorRows: 1 });
    const [refused] = await errorsOf(importId);
    expect(refused).toMatchObject({ row: 2, column: 'Status', code: 'AUTH0021' });
    expect(refused?.message).toContain('none allows 127.0.0.1, the address you uploaded this file from');
    expect(await h.ctx.database.db.select().from(ipAllowList).where(eq(ipAllowList.subscriberId, t.subscriberId))).toEqual([]);
  });

  it('creates the valid entries in canonical form and lists each planted error by row and column', async () => {
    const { importId, progress } = await importFile(
      h,
      token,
      'ip.csv',
      fileOf([
        { address: '203.0.113.0/24', description: 'Branch' },
        { address: '10.0.0.0/8', description: 'Office LAN' },
        { address: '300.1.1.1' },
        { address: '127.0.0.1', description: 'This computer' },
        { address: '::ffff:127.0.0.1', description: 'Again' },
        { address: '198.51.100.7', status: 'Sometimes' },
      ]),
      'IpAddresses',
    );
    expect(progress).toMatchObject({ status: 'SuccessWithError', totalRows: 6, validRows: 3, errorRows: 3 });
    const errors = await errorsOf(importId);
    expect(errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [4, 'IP address or range', 'GEN0009'],
      [6, null, 'IMP0017'],
      [7, 'Status', 'IMP0013'],
    ]);
    expect(await entries()).toEqual([
      ['10.0.0.0/8', 'Active', 'Office LAN'],
      ['127.0.0.1', 'Active', 'This computer'],
      ['203.0.113.0/24', 'Active', 'Branch'],
    ]);
    const audits = await h.ctx.database.db
      .select({ action: auditTrail.action, ip: auditTrail.ip })
      .from(auditTrail)
      .where(and(eq(auditTrail.subscriberId, t.subscriberId), eq(auditTrail.entityType, 'IpAddress')));
    expect(audits).toEqual([
      { action: 'Create', ip: '127.0.0.1' },
      { action: 'Create', ip: '127.0.0.1' },
      { action: 'Create', ip: '127.0.0.1' },
    ]);
  });

  it("refuses the row that deactivates the uploader's own entry, with the reason, and applies the others", async () => {
    const { importId, progress } = await importFile(
      h,
      token,
      'ip-again.csv',
      fileOf([
        { address: '127.0.0.1', description: 'This computer', status: 'Inactive' },
        { address: '10.0.0.0/8', description: 'Office network', status: 'Inactive' },
      ]),
      'IpAddresses',
    );
    expect(progress).toMatchObject({ status: 'SuccessWithError', validRows: 1, errorRows: 1 });
    const [refused] = await errorsOf(importId);
    expect(refused).toMatchObject({ row: 2, column: 'Status', value: 'Inactive', code: 'AUTH0021' });
    expect(refused?.message).toBe(
      'Deactivating 127.0.0.1 would lock you out: it allows 127.0.0.1, the address you uploaded this file from, and no other active entry would.',
    );
    expect(await entries()).toEqual([
      ['10.0.0.0/8', 'Inactive', 'Office network'],
      ['127.0.0.1', 'Active', 'This computer'],
      ['203.0.113.0/24', 'Active', 'Branch'],
    ]);
  });

  it('imports its own export back', async () => {
    const rows = await readXlsx((await api.post(IP.ipAddressExport, {})).rawPayload);
    expect(rows[0]).toContain('IP address or range');
    const back = await importFile(h, token, 'ip.xlsx', await xlsxOf(rows), 'IpAddresses');
    expect(back.progress).toMatchObject({ status: 'Success', validRows: 3 });
  });
});
