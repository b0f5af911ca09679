// The mounted sandbox's date set by a test (PORTAL_SANDBOX_CLOCK_CONTROL), so a browser journey reaches the 14th's
// GSTR-2B without waiting; off by default, when the path is as closed as the rest of the sandbox.
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLOCK_PATH } from '.';
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

  it('is closed by default', async () => {
    const h = await startHarness('pglite');
    started.push(h);
    expect((await h.app.inject({ method: 'POST', url: SANDBOX_CLOCK_PATH, payload: { at: '2026-11-13T15:30:00Z' } })).statusCode).toBe(404);
  });
});
