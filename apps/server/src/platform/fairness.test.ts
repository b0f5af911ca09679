import { REGISTER_API, SETTINGS_ENDPOINTS } from '@opengst/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant, ENGINES, signIn, startHarness, type Harness } from '../test-support/harness';
import { clientOf } from '../test-support/org-fixtures';
import { createFairGate, type FairnessRefusal } from './fairness';

const LIMITS = { perSession: 2, perUser: 3, total: 4, queuePerUser: 3, maxWaitMs: 5000 };

describe('the fair gate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds a session, a user and the process to their slots and hands freed slots to the user holding fewest', async () => {
    const gate = createFairGate(LIMITS);
    const order: string[] = [];
    const a1 = await gate.enter(1, 'a');
    const a2 = await gate.enter(1, 'a');
    // The session is full: the user's second session takes the user's third slot.
    const a3 = gate.enter(1, 'a').then((release) => (order.push('a3'), release));
    const b1 = await gate.enter(1, 'b');
    const c1 = await gate.enter(2, 'c');
    expect(gate.stats()).toMatchObject({ running: 4, waiting: 1 });
    const c2 = gate.enter(2, 'c').then((release) => (order.push('c2'), release));
    // The process is full; user 1 holds three slots, user 2 one: the first slot freed goes to user 2.
    b1();
    await c2;
    expect(order).toEqual(['c2']);
    a1();
    (await a3)();
    expect(order).toEqual(['c2', 'a3']);
    a2();
    c1();
    (await c2)();
    expect(gate.stats()).toMatchObject({ running: 0, waiting: 0, refused: 0 });
  });

  it("refuses at once when the user's queue is full, with a retry delay", async () => {
    const gate = createFairGate(LIMITS);
    const held = [await gate.enter(1, 'a'), await gate.enter(1, 'a')];
    const queued = [gate.enter(1, 'a'), gate.enter(1, 'a'), gate.enter(1, 'a')];
    const refusal = await gate.enter(1, 'a').then(
      () => undefined,
      (e: FairnessRefusal) => e,
    );
    expect(refusal).toMatchObject({ reason: 'queue-full' });
    expect(refusal?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // Another user is not held up by the first one's queue.
    (await gate.enter(2, 'b'))();
    for (const release of held) release();
    for (const q of queued) (await q)();
    expect(gate.stats()).toMatchObject({ running: 0, waiting: 0, refused: 1 });
  });

  it('refuses early when the expected wait is too long, and late only past the longest wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const gate = createFairGate({ ...LIMITS, queuePerUser: 50, maxWaitMs: 1000 });
    // Two requests of 600 ms teach the gate the user's pace (three slots: 200 ms a request): a sixth waiting request
    // would expect 1,200 ms.
    const first = [await gate.enter(1, 'a'), await gate.enter(1, 'a')];
    vi.advanceTimersByTime(600);
    for (const release of first) release();
    const held = [await gate.enter(1, 'a'), await gate.enter(1, 'a')];
    const waiting = [1, 2, 3, 4, 5].map(() => gate.enter(1, 'a').catch((e: FairnessRefusal) => e));
    const early = await gate.enter(1, 'a').catch((e: FairnessRefusal) => e);
    expect(early).toMatchObject({ reason: 'wait-too-long' });
    vi.advanceTimersByTime(1001);
    const late = await Promise.all(waiting);
    expect(late.every((r) => typeof r === 'object' && 'reason' in r && r.reason === 'waited-too-long')).toBe(true);
    for (const release of held) release();
    expect(gate.stats()).toMatchObject({ running: 0, waiting: 0, timedOut: 5 });
  });
});

describe.each(ENGINES)('one user flooding the server on %s', (engine) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(engine);
  });
  afterAll(async () => {
    await h.close();
  });

  it('keeps a second user and /ping prompt, refuses the excess with 503 and Retry-After, and loses no accepted request', async () => {
    const flooder = clientOf(h, await signIn(h.app, await createTenant(h)));
    const other = clientOf(h, await signIn(h.app, await createTenant(h)));
    const list = { filters: { financialYear: '2024-25' } };
    const { perSession, queuePerUser } = h.ctx.config.fairness;

    const finished: string[] = [];
    const flood = Array.from({ length: 60 }, (_, i) =>
      flooder.post(REGISTER_API.salesSearch, list).then((res) => {
        finished.push(`flood ${i}`);
        return res;
      }),
    );
    const second = other.post(REGISTER_API.salesSearch, list).then((res) => (finished.push('second user'), res));
    const ping = h.app.inject({ method: 'GET', url: SETTINGS_ENDPOINTS.ping.path }).then((res) => (finished.push('ping'), res));
    const [answers, secondAnswer, pingAnswer] = await Promise.all([Promise.all(flood), second, ping]);

    expect(secondAnswer.statusCode, secondAnswer.body).toBe(200);
    expect(secondAnswer.json().data).toHaveProperty('items');
    expect(pingAnswer.statusCode).toBe(204);
    // Both were answered while the flood was still being worked off: at most the flooder's running requests (and the
    // ones freed meanwhile) went before them, never its queue.
    const accepted = answers.filter((res) => res.statusCode !== 503);
    const refusedNames = new Set(answers.flatMap((res, i) => (res.statusCode === 503 ? [`flood ${i}`] : [])));
    const before = (name: string) => finished.slice(0, finished.indexOf(name)).filter((f) => f.startsWith('flood') && !refusedNames.has(f));
    expect(before('second user').length).toBeLessThanOrEqual(perSession + 2);
    expect(before('ping').length).toBeLessThanOrEqual(perSession + 2);
    expect(accepted.length).toBeGreaterThanOrEqual(perSession + queuePerUser);

    // Over the limit: 503 GEN0011 at once, with a Retry-After in seconds.
    const refused = answers.filter((res) => res.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect(res.json().errors[0]).toMatchObject({ code: 'GEN0011', type: 'Error' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Nothing lost: every accepted request completed with its page.
    for (const res of accepted) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toHaveProperty('items');
    }
    expect(accepted.length + refused.length).toBe(60);
    expect(h.app.fairness.stats()).toMatchObject({ running: 0, waiting: 0 });

    // The slots were all given back: the flooder is served again.
    expect((await flooder.post(REGISTER_API.salesSearch, list)).statusCode).toBe(200);
  });
});
