import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema';
import { ENGINES, startHarness, type Harness } from '../../test-support/harness';
import { countRequest, createThrottle, purgeEndedRateLimits } from './throttle';

describe.each(ENGINES)('shared request limits on %s', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(engine);
  });
  afterAll(() => h.close());

  it('counts a key in one window, starts a new one when it has ended, and forgets ended windows', async () => {
    const db = h.ctx.database.db;
    expect((await countRequest(db, 'test:a', 400)).hits).toBe(1);
    const second = await countRequest(db, 'test:a', 400);
    expect(second.hits).toBe(2);
    expect(second.msLeft).toBeGreaterThan(0);
    expect(second.msLeft).toBeLessThanOrEqual(400);
    expect((await countRequest(db, 'test:b', 400)).hits).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await countRequest(db, 'test:a', 60_000)).hits).toBe(1);
    await purgeEndedRateLimits(db, new Date(Date.now() + 2 * 60 * 60_000));
    expect(await db.select().from(rateLimits)).toHaveLength(0);
  });

  it('throttles a key past its limit whatever its case, apart from other throttles', async () => {
    const db = h.ctx.database.db;
    const throttle = createThrottle(db, 'one', 2, 60_000);
    await throttle('Somebody');
    await throttle(' somebody ');
    await expect(throttle('SOMEBODY')).rejects.toMatchObject({ code: 'GEN0004' });
    await createThrottle(db, 'other', 2, 60_000)('somebody');
  });
});
