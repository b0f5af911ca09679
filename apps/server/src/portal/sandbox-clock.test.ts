// The mounted sandbox's test controls (PORTAL_SANDBOX_CLOCK_CONTROL): its date set by a test, so a browser journey
// reaches the 14th's GSTR-2B without waiting, and a notice issued as an officer would; off by default, when the paths
// are as closed as the rest of the sandbox.
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLOCK_PATH, SANDBOX_NOTICES_PATH } from '.';
import { startHarness, type Harness } from '../test-support/harness';

describe('the sandbox clock', () => {
  const started: Harness[] = [];
  afterAll(async () => {
    for (const h of started) await h.close();
  });

  it('moves the sandbox date when the control is on, and back with null', async () => {
    const h = await startHarness('pglite', { env: { PORTAL_SANDBOX_CLOCK_CONTROL: 'true' } });
    started.push(h);
    const at = '2026-11-13T15:30:00.000Z';
    const moved = await h.app.inject({ method: 'POST', url: SANDBOX_CLOCK_PATH, payload: { at } });
    expect(moved.statusCode).toBe(200);
    expect(Math.abs(new Date(moved.json().now as string).getTime() - new Date(at).getTime())).toBeLessThan(5_000);
    const back = await h.app.inject({ method: 'POST', url: SANDBOX_CLOCK_PATH, payload: { at: null } });
    expect(Math.abs(new Date(back.json().now as string).getTime() - Date.now())).toBeLessThan(5_000);
  });

  it('issues a notice as an officer would, once per reference', async () => {
    const h = await startHarness('pglite', { env: { PORTAL_SANDBOX_CLOCK_CONTROL: 'true' } });
    started.push(h);
    const notice = { gstin: '07AAACT1234F1Z5', form_typ: 'ASMT-10', ref_id: 'ZD0711260000123', issue_dt: '02/11/2026', section: '61' };
    const issued = await h.app.inject({ method: 'POST', url: SANDBOX_NOTICES_PATH, payload: notice });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({ ref_id: 'ZD0711260000123', form_typ: 'ASMT-10', issue_dt: '02/11/2026', doc_typ: 'NOTICE' });
    const again = await h.app.inject({ method: 'POST', url: SANDBOX_NOTICES_PATH, payload: notice });
    expect(again.json()).toMatchObject({ error: { error_cd: 'NTC1002' } });
  });

  it('is closed by default', async () => {
    const h = await startHarness('pglite');
    started.push(h);
    expect((await h.app.inject({ method: 'POST', url: SANDBOX_CLOCK_PATH, payload: { at: '2026-11-13T15:30:00Z' } })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'POST', url: SANDBOX_NOTICES_PATH, payload: {} })).statusCode).toBe(404);
  });
});
