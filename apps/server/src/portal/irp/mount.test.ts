// The IRP sandbox mounted in the server: closed to any request but the server's own (as the GST portal sandbox is,
// issue 16), its clock movable by a test only when PORTAL_SANDBOX_CLOCK_CONTROL is on, absent when IRP_URL is set.
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINES, startHarness, type Harness } from '../../test-support/harness';
import { createSandboxGate } from '../index';
import { createConfiguredIrpClient } from './irp-client';
import { SANDBOX_GATE_HEADER } from '../sandbox-mount';
import { IRP_SANDBOX_CLOCK_PATH, IRP_SANDBOX_PREFIX } from './mount';

describe('the mounted IRP sandbox', () => {
  const started: Harness[] = [];
  afterAll(async () => {
    for (const h of started) await h.close();
  });

  it.each(ENGINES)(
    'migrates at start on %s and answers no outside request: its keys and its authentication are "not found" without the gate',
    async (engine) => {
      const h = await startHarness(engine);
      started.push(h);
      for (const [method, url] of [
        ['GET', `${IRP_SANDBOX_PREFIX}/keys/public-key`],
        ['GET', `${IRP_SANDBOX_PREFIX}/keys/signing-certificate`],
        ['POST', `${IRP_SANDBOX_PREFIX}/eivital/v1.04/auth`],
        ['POST', `${IRP_SANDBOX_PREFIX}/eicore/v1.03/Invoice`],
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
      expect((await h.app.inject({ method: 'POST', url: IRP_SANDBOX_CLOCK_PATH, payload: { at: null } })).statusCode).toBe(404);
    },
    120_000,
  );

  it('moves its date when the clock control is on', async () => {
    const h = await startHarness('pglite', { env: { PORTAL_SANDBOX_CLOCK_CONTROL: 'true' } });
    started.push(h);
    const at = '2026-11-13T15:30:00.000Z';
    const moved = await h.app.inject({ method: 'POST', url: IRP_SANDBOX_CLOCK_PATH, payload: { at } });
    expect(moved.statusCode).toBe(200);
    expect(Math.abs(new Date(moved.json().now as string).getTime() - new Date(at).getTime())).toBeLessThan(5_000);
  }, 120_000);

  it('is not mounted when IRP_URL names another e-invoice API', async () => {
    const h = await startHarness('pglite', {
      env: {
        IRP_URL: 'https://einv-apisandbox.nic.in',
        IRP_CLIENT_ID: 'gsp-client',
        IRP_CLIENT_SECRET: 'gsp-secret',
        PORTAL_SANDBOX_CLOCK_CONTROL: 'true',
      },
    });
    expect(h.ctx.irp.isSandbox).toBe(false);
    started.push(h);
    const answer = await h.app.inject({ method: 'POST', url: IRP_SANDBOX_CLOCK_PATH, payload: { at: null } });
    expect(answer.statusCode).toBe(404);
  }, 120_000);

  it('refuses to start with IRP_URL but without the GSP credentials at that IRP', () => {
    const app = () => {
      throw new Error('not reached');
    };
    expect(() => createConfiguredIrpClient({ url: 'https://einv-apisandbox.nic.in' }, app, createSandboxGate())).toThrow(
      'IRP_URL needs IRP_CLIENT_ID and IRP_CLIENT_SECRET',
    );
  });
});
