// IRP mode (README.md "IRP mode"): the IRP's authentication and every later call accept only a client system
// registered for the header GSTIN and not revoked (NIC 1010 "Invalid Client-ID/Client-Secret" otherwise); the
// registration keeps the secret's SHA-256 only. Without the option, any client id and secret still pass (the sandbox).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinOf, SELLER_KA } from '../../../packages/domain/src/einvoice/fixtures/einvoice-cases';
import { isRegisteredIrpClient, listIrpClients, registerIrpClient, revokeIrpClient } from '../src/irp/clients';
import type { SandboxSql } from '../src/sql';
import { ENGINES, IrpClient, irpErrorOf, startIrp, type Clock } from './irp-client';

const START = new Date('2026-11-25T10:00:00+05:30');
const SELLER = SELLER_KA.gstin!;
const OTHER_GSTIN = gstinOf('27AAGCB7383J1Z');

describe.each(ENGINES)('the IRP in IRP mode on %s', (engine) => {
  const clock: Clock = { at: START };
  let app: FastifyInstance;
  let sql: SandboxSql;
  let close: () => Promise<void>;
  let client: IrpClient;

  beforeAll(async () => {
    ({ app, sql, close } = await startIrp(clock, engine, { requireRegisteredClients: true }));
    client = new IrpClient(app);
  });
  afterAll(async () => close());

  it('keeps only the SHA-256 of a registered secret and refuses a name shorter than 3 characters', async () => {
    const registered = await registerIrpClient(sql, { gstin: SELLER, name: 'Tally ERP', now: START });
    expect(registered.clientSecret.length).toBeGreaterThanOrEqual(32);
    const [row] = await sql.query<{ client_secret_sha256: string }>(
      'SELECT client_secret_sha256 FROM portal_sandbox.irp_clients WHERE client_id = $1',
      [registered.clientId],
    );
    expect(row?.client_secret_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.client_secret_sha256).not.toContain(registered.clientSecret);
    await expect(registerIrpClient(sql, { gstin: SELLER, name: ' x ', now: START })).rejects.toThrow('3 to 100 characters');
    expect(await isRegisteredIrpClient(sql, SELLER, registered.clientId, registered.clientSecret)).toBe(true);
    expect(await isRegisteredIrpClient(sql, SELLER, registered.clientId, `${registered.clientSecret}x`)).toBe(false);
  });

  it('authenticates a registered client of the GSTIN; refuses an unknown pair, a wrong secret and another GSTIN with 1010', async () => {
    const erp = await registerIrpClient(sql, { gstin: SELLER, name: 'SAP S/4', now: START });
    const ok = await client.authenticate(SELLER, 'irp_mode_user', 'Secret@123', { clientId: erp.clientId, clientSecret: erp.clientSecret });
    expect(ok.json['Status'], JSON.stringify(ok.json)).toBe(1);
    expect(irpErrorOf(await client.byIrn(ok.session!, '0'.repeat(64)))).toBe('2148 Requested IRN data is not available');

    const unknown = await client.authenticate(SELLER, 'irp_mode_user', 'Secret@123', { clientId: 'AAGSP29TEST', clientSecret: 'secret' });
    expect(irpErrorOf(unknown)).toBe('1010 Invalid Client-ID/Client-Secret');
    const wrongSecret = await client.authenticate(SELLER, 'irp_mode_user', 'Secret@123', {
      clientId: erp.clientId,
      clientSecret: 'not-the-secret',
    });
    expect(irpErrorOf(wrongSecret)).toBe('1010 Invalid Client-ID/Client-Secret');
    const otherGstin = await client.authenticate(OTHER_GSTIN, 'other_user', 'Secret@123', {
      clientId: erp.clientId,
      clientSecret: erp.clientSecret,
    });
    expect(irpErrorOf(otherGstin)).toBe('1010 Invalid Client-ID/Client-Secret');
  });

  it('ends a revoked client at its next call, and lists it with the date of revocation', async () => {
    const erp = await registerIrpClient(sql, { gstin: SELLER, name: 'Busy', now: START });
    const session = (
      await client.authenticate(SELLER, 'irp_mode_user', 'Secret@123', { clientId: erp.clientId, clientSecret: erp.clientSecret })
    ).session!;
    expect(await revokeIrpClient(sql, { gstin: OTHER_GSTIN, clientId: erp.clientId, now: START })).toBeUndefined();
    expect((await revokeIrpClient(sql, { gstin: SELLER, clientId: erp.clientId, now: START }))?.revokedAt).toBe(START.toISOString());
    expect(await revokeIrpClient(sql, { gstin: SELLER, clientId: erp.clientId, now: START })).toBeUndefined();
    expect(irpErrorOf(await client.byIrn(session, '0'.repeat(64)))).toBe('1010 Invalid Client-ID/Client-Secret');
    const again = await client.authenticate(SELLER, 'irp_mode_user', 'Secret@123', {
      clientId: erp.clientId,
      clientSecret: erp.clientSecret,
    });
    expect(irpErrorOf(again)).toBe('1010 Invalid Client-ID/Client-Secret');
    const listed = await listIrpClients(sql, SELLER);
    expect(listed.find((c) => c.clientId === erp.clientId)).toMatchObject({ name: 'Busy', revokedAt: START.toISOString() });
    expect(await listIrpClients(sql, OTHER_GSTIN)).toEqual([]);
  });
});

describe('the IRP sandbox without IRP mode', () => {
  it('still takes any client id and secret', async () => {
    const { app, close } = await startIrp({ at: START }, 'pglite');
    try {
      const answer = await new IrpClient(app).authenticate(SELLER, 'sandbox_user', 'Secret@123', { clientId: 'ANY', clientSecret: 'any' });
      expect(answer.json['Status'], JSON.stringify(answer.json)).toBe(1);
    } finally {
      await close();
    }
  });
});
