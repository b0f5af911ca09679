// The GSTR-3B computation as a background job (issue 19): the request answers at once with the return InProgress,
// a second request meanwhile is refused, the job counts the rows it reads, a failure is recorded on the return with its
// reason and a computation the server's stop interrupted is marked Failed at the next start.
import { GSTR3B_API, type Gstr3bDetail } from '@opengst/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, gstr3bHistory, gstr3bReturns } from '../../db/schema';
import { ENGINES, type Harness, type Tenant } from '../../test-support/harness';
import { computeGstr3b, GSTR3B_PERIOD as PERIOD, insertGstr3bMonth } from '../../test-support/gstr3b-fixtures';
import { openSignedIn, type ApiClient } from '../../test-support/org-fixtures';
import { INTERRUPTED_COMPUTE, processGstr3bCompute, recoverInterruptedComputes } from './gstr3b-compute.service';

describe.each(ENGINES)('GSTR-3B computed in the background on %s', (engine) => {
  let h: Harness;
  let t: Tenant;
  let api: ApiClient;
  let delhi: number;

  beforeAll(async () => {
    ({ h, t, api } = await openSignedIn(engine));
    delhi = t.entityIds[1]!;
    const [row] = await h.ctx.database.db.select({ gstin: entities.gstin }).from(entities).where(eq(entities.id, delhi));
    await insertGstr3bMonth(h, t, delhi, row!.gstin!);
  });
  afterAll(async () => h?.close());

  const key = () => ({ entityId: delhi, returnPeriod: PERIOD });
  const detail = async (): Promise<Gstr3bDetail> =>
    (await api.get(GSTR3B_API.detail, { entityId: delhi, returnPeriod: PERIOD })).json().data as Gstr3bDetail;
  const returnRow = async () => {
    const [row] = await h.ctx.database.db.select().from(gstr3bReturns).where(eq(gstr3bReturns.entityId, delhi));
    return row!;
  };
  const setComputeState = async (values: Partial<typeof gstr3bReturns.$inferInsert>) =>
    h.ctx.database.db.update(gstr3bReturns).set(values).where(eq(gstr3bReturns.entityId, delhi));

  it('reads every document and GSTR-2B record of the month, then completes with the rows counted', async () => {
    expect((await detail()).compute).toMatchObject({ status: 'YetNotStarted', stage: null });
    const d = await computeGstr3b(api, key());
    // The month: three sales and the credit note of August, two purchases, three August 2B records (the July sale and
    // the July 2B record are of another month).
    expect(d.compute).toEqual({ status: 'Completed', stage: null, done: 8, total: 8, message: null });
    expect(d.rows.length).toBeGreaterThan(0);
    const history = await h.ctx.database.db.select().from(gstr3bHistory).where(eq(gstr3bHistory.returnId, d.id!));
    expect(history.map((e) => e.message)).toContainEqual(expect.stringMatching(/sales documents, \d+ purchases, 3 GSTR-2B records/));
  });

  it('refuses a second computation while one runs (RET0024)', async () => {
    await setComputeState({ computeStatus: 'InProgress', computeStage: 'sales' });
    const res = await api.post(GSTR3B_API.compute, { entityId: delhi, returnPeriod: PERIOD });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe('RET0024');
    expect((await detail()).compute).toMatchObject({ status: 'InProgress', stage: 'sales' });
  });

  it('marks a computation the server stopped during as Failed with the reason, keeping the last figures', async () => {
    const before = await detail();
    expect(await recoverInterruptedComputes(h.ctx.database.db)).toBeGreaterThanOrEqual(1);
    const after = await detail();
    expect(after.compute).toMatchObject({ status: 'Failed', message: INTERRUPTED_COMPUTE });
    expect(after.rows).toEqual(before.rows);
  });

  it('records why a computation failed on the return, and a new one succeeds', async () => {
    // A quarterly return must name the quarter's last month (Rule 61A): August is refused inside the job.
    await setComputeState({ computeStatus: 'InProgress', computeStage: 'queued', frequency: 'quarterly' });
    const { id } = await returnRow();
    await processGstr3bCompute({ db: h.ctx.database.db, now: h.ctx.now }, id, t.adminUserId);
    const failed = await returnRow();
    expect([failed.computeStatus, failed.computeMessage]).toEqual(['Failed', expect.stringMatching(/quarter/i)]);
    await setComputeState({ frequency: 'monthly' });
    expect((await computeGstr3b(api, key())).compute.status).toBe('Completed');
  });
});
