// The e-way bill sandbox mounted in the server: migrated at start on each engine, closed to any request but the
// server's own (as the GST portal and IRP sandboxes are, issue 16), its clock movable by a test only when
// PORTAL_SANDBOX_CLOCK_CONTROL is on, absent when EWB_URL names another e-way bill system.
import { PGlite } from '@electric-sql/pglite';
import { sandboxSqlOfPglite, sandboxSqlOfPostgres } from '@opengst/portal-sandbox';
import type postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINES, startHarness, type Harness } from '../../test-support/harness';
import { EWB_API_PATH } from './ewb-client';
import { SANDBOX_GATE_HEADER } from '../sandbox-mount';
import { EWB_SANDBOX_CLOCK_PATH, EWB_SANDBOX_PREFIX, EWB_SANDBOX_VERIFY_PATH } from './mount';

describe('the mounted e-way bill sandbox', () => {
  const started: Harness[] = [];
  afterAll(async () => {
    for (const h of started) await h.close();
  });

  it.each(ENGINES)(
    'migrates at start on %s and answers no outside request: its key, its authentication and its actions are "not found" without the gate',
    async (engine) => {
      const h = await startHarness(engine);
      started.push(h);
      const client = (h.ctx.database.db as unknown as { $client: PGlite | postgres.Sql }).$client;
      const sql = client instanceof PGlite ? sandboxSqlOfPglite(client) : sandboxSqlOfPostgres(client);
      expect(await sql.query('SELECT version FROM portal_sandbox.ewb_schema_versions ORDER BY version')).toEqual([
        { version: 1 },
        { version: 2 },
      ]);
      for (const [method, url] of [
        ['GET', `${EWB_SANDBOX_PREFIX}/keys/public-key`],
        ['POST', `${EWB_SANDBOX_PREFIX}${EWB_API_PATH}/auth/`],
        ['POST', `${EWB_SANDBOX_PREFIX}${EWB_API_PATH}/ewayapi/`],
        ['GET', `${EWB_SANDBOX_PREFIX}${EWB_API_PATH}/ewayapi/GetEwayBill?ewbNo=100000000001`],
      ] as const) {
        const answer = await h.app.inject({
          method,
          url,
          headers: { [SANDBOX_GATE_HEADER]: 'guessed' },
          payload: method === 'POST' ? {} : undefined,
        });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json().errors[0].code).toBe('GEN0003');
      }
      expect((await h.app.inject({ method: 'POST', url: EWB_SANDBOX_CLOCK_PATH, payload: { at: null } })).statusCode).toBe(404);
      expect((await h.app.inject({ method: 'POST', url: EWB_SANDBOX_VERIFY_PATH, payload: { ewbNo: '100000000001' } })).statusCode).toBe(
        404,
      );
    },
    120_000,
  );

  it('moves its date, and has an officer verify, when the clock control is on', async () => {
    const h = await startHarness('pglite', { env: { PORTAL_SANDBOX_CLOCK_CONTROL: 'true' } });
    started.push(h);
    const at = '2026-11-13T15:30:00.000Z';
    const moved = await h.app.inject({ method: 'POST', url: EWB_SANDBOX_CLOCK_PATH, payload: { at } });
    expect(moved.statusCode).toBe(200);
    expect(Math.abs(new Date(moved.json().now as string).getTime() - new Date(at).getTime())).toBeLessThan(5_000);
    // The officer's verification is a test control there too: an unknown number is NIC's 301.
    const verified = await h.app.inject({ method: 'POST', url: EWB_SANDBOX_VERIFY_PATH, payload: { ewbNo: '100000000001' } });
    expect(verified.json()).toEqual({ status: '0', error: { errorCodes: '301' } });
  }, 120_000);

  it('is not mounted when EWB_URL names another e-way bill system', async () => {
    const h = await startHarness('pglite', {
      env: {
        EWB_URL: 'https://gsp.example.in/ewaybillapi/v1.03',
        EWB_CLIENT_ID: 'gsp-client',
        EWB_CLIENT_SECRET: 'gsp-secret',
        PORTAL_SANDBOX_CLOCK_CONTROL: 'true',
      },
    });
    started.push(h);
    expect(h.ctx.config.ewb.url).toBe('https://gsp.example.in/ewaybillapi/v1.03');
    const answer = await h.app.inject({ method: 'POST', url: EWB_SANDBOX_CLOCK_PATH, payload: { at: null } });
    expect(answer.statusCode).toBe(404);
  }, 120_000);
});
