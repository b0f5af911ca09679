import { NOTICE_API as N, type NoticeDetail } from '@opengst/contracts';
import { addDays, istDateOf } from '@opengst/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { openSignedIn, type ApiClient } from '../../test-support/org-fixtures';
import { JOB_CLOCK_PATH } from './job-clock';

// The test's handle on scheduled jobs (JOB_CLOCK_CONTROL): a job run now as if the clock said `at`, as a browser journey
// uses it for the notice reminders. It touches no SQL of its own: PGlite only.

/** Noon in India on that day. */
const istNoon = (isoDate: string) => `${isoDate}T12:00:00+05:30`;

describe('the job clock', () => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;

  beforeAll(async () => {
    ({ h, t, api } = await openSignedIn('pglite', { JOB_CLOCK_CONTROL: 'true' }));
  });
  afterAll(async () => {
    await h.close();
  });

  const run = (body: unknown) => h.app.inject({ method: 'POST', url: JOB_CLOCK_PATH, payload: body as object });

  it('runs the notice reminders as if it were the day asked for, and only then', async () => {
    const today = istDateOf(h.ctx.now());
    const saved = await api.post(N.noticeSave, {
      entityId: t.entityIds[1],
      form: 'DRC-01',
      referenceNumber: 'SCN-CLOCK-1',
      issuedOn: today,
      statedDueOn: addDays(today, 30),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const notice = saved.json().data as NoticeDetail;
    const subjects = async () =>
      (
        await h.ctx.database.db
          .select({ subject: mailOutbox.subject })
          .from(mailOutbox)
          .where(eq(mailOutbox.subscriberId, t.subscriberId))
          .orderBy(asc(mailOutbox.id))
      ).map((m) => m.subject);

    // Today (30 days left) is no reminder day; 23 days on, 7 days are left: the first reminder goes.
    expect((await run({ job: 'litigation.reminders', at: istNoon(today) })).statusCode).toBe(200);
    expect(await subjects()).toEqual([]);
    const res = await run({ job: 'litigation.reminders', at: istNoon(addDays(today, 23)) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await subjects()).toEqual([`Reply due in 7 days: DRC-01 SCN-CLOCK-1 (${notice.gstin})`]);
    // The app's own clock did not move.
    expect(istDateOf(h.ctx.now())).toBe(today);
  });

  it('refuses a job that is not scheduled, and a request without a date', async () => {
    expect((await run({ job: 'no.such.job', at: istNoon('2026-04-01') })).statusCode).toBe(404);
    expect((await run({ job: 'litigation.reminders' })).statusCode).toBe(400);
  });
});

describe('without JOB_CLOCK_CONTROL', () => {
  it('has no job clock', async () => {
    const h = await startHarness('pglite');
    try {
      const res = await h.app.inject({
        method: 'POST',
        url: JOB_CLOCK_PATH,
        payload: { job: 'litigation.reminders', at: '2026-04-01T12:00:00Z' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await h.close();
    }
  });
});
