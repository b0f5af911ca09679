// Issue 17, item 6: a correction of a filed GSTR-1 (an amended or a missed document) is reported in exactly one of
// the period's GSTR-1A and a later GSTR-1; the GSTR-1A is optional and never overdue; a location's returns start at
// its registration date.
import { RETURN_API as R, type ReturnDetail, type ReturnListRow } from '@opengst/contracts';
import { type Gstr1Json, returnPeriodOf } from '@opengst/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, entities, returnDocuments, returns } from '../../db/schema';
import { createTenant, ENGINES, signIn, startHarness, type Harness, type Tenant } from '../../test-support/harness';
import { clientOf } from '../../test-support/org-fixtures';
import { insertDocument } from '../../test-support/register-fixtures';
import { generate, TN_CUSTOMER } from '../../test-support/return-fixtures';

type Api = ReturnType<typeof clientOf>;

const OCT = '102026';
const NOV = '112026';
const DEC = '122026';

describe.each(ENGINES)('corrections of a filed GSTR-1 and the start of returns on %s', (engine) => {
  let h: Harness;
  let tenant: Tenant;
  let api: Api;
  let delhi: number;
  let chennai: number;

  /** As the EVC filing does (portal-actions.service.ts): Filed, and the return's documents locked as filed there. */
  const fileInBooks = async (returnId: number) => {
    const { db } = h.ctx.database;
    await db
      .update(returns)
      .set({ status: 'Filed', filedAt: new Date(Date.now() - 1000), arn: `AA${returnId}` })
      .where(eq(returns.id, returnId));
    await db
      .update(documents)
      .set({
        filedReturnId: returnId,
        filedNumber: sql`${documents.documentNumber}`,
        filedDate: sql`${documents.documentDate}`,
        amendmentPending: false,
      })
      .where(
        inArray(
          documents.id,
          db.select({ id: returnDocuments.documentId }).from(returnDocuments).where(eq(returnDocuments.returnId, returnId)),
        ),
      );
  };
  const amend = async (documentId: number, documentValue: number) => {
    await h.ctx.database.db
      .update(documents)
      .set({ documentValue, amendmentPending: true, updatedAt: new Date() })
      .where(eq(documents.id, documentId));
  };
  const sale = (number: string, date: string) =>
    insertDocument(h, tenant, delhi, {
      documentNumber: number,
      documentDate: date,
      financialYear: '2026-27',
      counterpartyGstin: TN_CUSTOMER,
    });
  const json = async (detail: ReturnDetail) => JSON.parse((await api.get(R.download, { id: detail.id ?? 0 })).body) as Gstr1Json;
  const numbers = (sections: { inv: { inum: string }[] }[] | undefined) => (sections ?? []).flatMap((p) => p.inv.map((i) => i.inum)).sort();
  const detail = async (returnType: 'GSTR1' | 'GSTR1A', returnPeriod: string, entityId = delhi) =>
    (await api.get(R.detail, { entityId, returnType, returnPeriod })).json().data as ReturnDetail;
  const list = async (returnPeriod: string, entityId = delhi) =>
    (await api.post(R.list, { returnPeriod, entityIds: [entityId] })).json().data.items as ReturnListRow[];
  /** The unfiled returns whose last generation holds the document. */
  const holdersOf = async (documentId: number) =>
    (
      await h.ctx.database.db
        .select({ returnType: returns.returnType, returnPeriod: returns.returnPeriod })
        .from(returnDocuments)
        .innerJoin(returns, eq(returns.id, returnDocuments.returnId))
        .where(and(eq(returnDocuments.documentId, documentId), ne(returns.status, 'Filed')))
    ).map((r) => `${r.returnType} ${r.returnPeriod}`);

  beforeAll(async () => {
    h = await startHarness(engine);
    tenant = await createTenant(h);
    api = clientOf(h, await signIn(h.app, tenant));
    [, delhi = 0, chennai = 0] = tenant.entityIds;
  }, 120_000);
  afterAll(async () => {
    await h.close();
  });

  it('reports an amendment in exactly one of the GSTR-1A and a later GSTR-1: the first generated with it', async () => {
    const first = await sale('S/101', '2026-10-05');
    const second = await sale('S/102', '2026-10-06');
    await sale('S/201', '2026-11-03');
    const october = await generate(api, delhi, 'GSTR1', OCT);
    await fileInBooks(october.id ?? 0);
    await amend(first, 118_100);

    // Nothing holds the amendment yet: both returns that may report it say so, and the GSTR-1A is offered.
    const oneARow = (await list(OCT)).find((r) => r.returnType === 'GSTR1A');
    expect([oneARow?.documentCount, oneARow?.deadline, oneARow?.corrections]).toEqual([1, 'Optional', { held: 0, open: 1, elsewhere: [] }]);
    expect((await list(NOV)).find((r) => r.returnType === 'GSTR1')?.corrections).toEqual({ held: 0, open: 1, elsewhere: [] });

    // The GSTR-1A is generated first: it holds the amendment, and November's GSTR-1 leaves it out.
    const oneA = await generate(api, delhi, 'GSTR1A', OCT);
    expect(numbers((await json(oneA)).b2ba)).toEqual(['S/101']);
    expect(oneA.corrections).toEqual({ held: 1, open: 0, elsewhere: [] });
    expect((await detail('GSTR1', NOV)).corrections).toEqual({
      held: 0,
      open: 0,
      elsewhere: [{ returnType: 'GSTR1A', returnPeriod: OCT, documents: 1 }],
    });
    const november = await generate(api, delhi, 'GSTR1', NOV);
    expect(numbers((await json(november)).b2ba)).toEqual([]);
    expect(numbers((await json(november)).b2b)).toEqual(['S/201']);
    expect(await holdersOf(first)).toEqual([`GSTR1A ${OCT}`]);

    // A second amendment, generated first in November's GSTR-1: the GSTR-1A generated again leaves it there.
    await amend(second, 118_200);
    const novemberAgain = await generate(api, delhi, 'GSTR1', NOV);
    expect(numbers((await json(novemberAgain)).b2ba)).toEqual(['S/102']);
    const oneAAgain = await generate(api, delhi, 'GSTR1A', OCT);
    expect(numbers((await json(oneAAgain)).b2ba)).toEqual(['S/101']);
    expect(oneAAgain.corrections.elsewhere).toEqual([{ returnType: 'GSTR1', returnPeriod: NOV, documents: 1 }]);
    expect(await holdersOf(second)).toEqual([`GSTR1 ${NOV}`]);
    // A later GSTR-1 does not take what November holds either.
    const december = await generate(api, delhi, 'GSTR1', DEC);
    expect(numbers((await json(december)).b2ba)).toEqual([]);
    // Neither return turned stale: each one's selection is what it holds.
    expect([(await detail('GSTR1A', OCT)).stale, (await detail('GSTR1', NOV)).stale]).toEqual([false, false]);

    // Filing the GSTR-1A locks its amendment there: November's GSTR-1 never takes it, and keeps its own.
    await fileInBooks(oneAAgain.id ?? 0);
    const novemberAfter = await generate(api, delhi, 'GSTR1', NOV);
    expect(numbers((await json(novemberAfter)).b2ba)).toEqual(['S/102']);
    expect((await list(OCT)).find((r) => r.returnType === 'GSTR1A')?.status).toBe('Filed');
  });

  it('reports a document missed by the filed GSTR-1 once: in the GSTR-1A, or else in a later GSTR-1', async () => {
    const { db } = h.ctx.database;
    // October's GSTR-1 and GSTR-1A are filed (the test above): a document of October entered now can only go to a
    // later GSTR-1, in its document tables (b2b), not its amendment tables.
    const late = await sale('S/103', '2026-10-20');
    expect((await list(OCT)).find((r) => r.returnType === 'GSTR1A')?.corrections).toEqual({ held: 0, open: 0, elsewhere: [] });
    const november = await generate(api, delhi, 'GSTR1', NOV);
    expect(numbers((await json(november)).b2b)).toEqual(['S/103', 'S/201']);
    expect(await holdersOf(late)).toEqual([`GSTR1 ${NOV}`]);

    // Chennai: a document missed by September's filed GSTR-1 goes to the GSTR-1A generated first, not to October's GSTR-1.
    const chennaiSale = (number: string, date: string) =>
      insertDocument(h, tenant, chennai, {
        documentNumber: number,
        documentDate: date,
        financialYear: '2026-27',
        counterpartyGstin: TN_CUSTOMER,
      });
    await chennaiSale('C/901', '2026-09-10');
    const september = await generate(api, chennai, 'GSTR1', '092026');
    await fileInBooks(september.id ?? 0);
    const missed = await chennaiSale('C/902', '2026-09-28');
    // A voucher is not a document GSTR-1's tables take: not a missed document.
    await insertDocument(h, tenant, chennai, {
      documentType: 'RV',
      documentNumber: 'RV/1',
      documentDate: '2026-09-29',
      financialYear: '2026-27',
    });
    const oneA = await generate(api, chennai, 'GSTR1A', '092026');
    expect(numbers((await json(oneA)).b2b)).toEqual(['C/902']);
    expect(oneA.documentCount).toBe(1);
    const october = await generate(api, chennai, 'GSTR1', OCT);
    expect(numbers((await json(october)).b2b)).toEqual([]);
    expect(await holdersOf(missed)).toEqual(['GSTR1A 092026']);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(returnDocuments)
      .where(eq(returnDocuments.documentId, missed));
    expect(row?.n).toBe(1);
  });

  it('never makes a GSTR-1A due; refuses one before July 2024', async () => {
    const oneA = await detail('GSTR1A', '092026', chennai);
    expect([oneA.deadline, oneA.dueDate]).toEqual(['Optional', '2026-10-20']);
    expect((await list('092026', chennai)).find((r) => r.returnType === 'GSTR1A')?.deadline).toBe('Optional');
    const june = await generate(api, chennai, 'GSTR1', '062024');
    await fileInBooks(june.id ?? 0);
    const refused = await api.post(R.generate, { entityId: chennai, returnType: 'GSTR1A', returnPeriod: '062024' });
    expect([refused.statusCode, refused.json().errors[0].code]).toEqual([422, 'RET0017']);
    expect((await detail('GSTR1A', '062024', chennai)).isOpen).toBe(false);
  });

  it('starts a location’s returns at its registration date; without one, tracks overdue only from when it was added', async () => {
    const { db } = h.ctx.database;
    const fresh = await createTenant(h);
    const freshApi = clientOf(h, await signIn(h.app, fresh));
    const [, location = 0, other = 0] = fresh.entityIds;
    const today = h.ctx.now().toISOString().slice(0, 10);
    const thisMonth = returnPeriodOf(today);
    const lastMonth = returnPeriodOf(new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 15)));
    const registered = `${today.slice(0, 8)}01`;
    await db.update(entities).set({ registrationDate: registered }).where(eq(entities.id, location));
    const rows = async (period: string) =>
      ((await freshApi.post(R.list, { returnPeriod: period })).json().data.items as ReturnListRow[]).map((r) => [
        r.entityId,
        r.returnType,
        r.deadline,
      ]);

    // Registered this month: no return of last month is listed, and none can be generated; this month's is due.
    // The other location has no registration date and was added today: last month is listed but not tracked.
    // Each location's GSTR-3B is listed beside its GSTR-1 and starts the same way.
    expect(await rows(lastMonth)).toEqual([
      [other, 'GSTR1', 'NotTracked'],
      [other, 'GSTR3B', 'NotTracked'],
    ]);
    expect(await rows(thisMonth)).toEqual([
      [location, 'GSTR1', 'Due'],
      [location, 'GSTR3B', 'Due'],
      [other, 'GSTR1', 'Due'],
      [other, 'GSTR3B', 'Due'],
    ]);
    const refused = await freshApi.post(R.generate, { entityId: location, returnType: 'GSTR1', returnPeriod: lastMonth });
    expect([refused.statusCode, refused.json().errors[0].code]).toEqual([422, 'RET0016']);
    expect(refused.json().errors[0].message).toContain(`${registered.slice(8, 10)}-${registered.slice(5, 7)}-${registered.slice(0, 4)}`);
    const before = (await freshApi.get(R.detail, { entityId: location, returnType: 'GSTR1', returnPeriod: lastMonth })).json()
      .data as ReturnDetail;
    expect([before.isOpen, before.deadline]).toEqual([false, 'BeforeRegistration']);

    // A registration date of years ago makes those periods due again (listed, generated, overdue when unfiled).
    await db.update(entities).set({ registrationDate: '2024-04-01' }).where(eq(entities.id, location));
    expect(await rows('082024')).toEqual([
      [location, 'GSTR1', 'Due'],
      [location, 'GSTR3B', 'Due'],
      [other, 'GSTR1', 'NotTracked'],
      [other, 'GSTR3B', 'NotTracked'],
    ]);
  });
});
