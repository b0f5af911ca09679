// The chart of accounts routes in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator names
// B's group or ledger (to edit, place an account under, deactivate or delete) and must get 404 without B's data and
// without changing B's accounts; the list, the groups and the export, searched for B's names, find nothing of B's.
import { CHART_OF_ACCOUNTS_API as C } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { chartOfAccounts } from '../../../db/schema';
import type { Harness } from '../../../test-support/harness';
import { subscriberOfLocation, type Sweep, type SweepApi as Api } from '../../../test-support/sweeps';

const GROUP = { code: 'BONLY-G', name: 'B-only group' };
const LEDGER = { code: 'BONLY-L', name: 'B-only ledger' };

/** B's own group with a ledger under it, made once. */
const bAccounts = async (h: Harness, location: number): Promise<{ group: number; ledger: number }> => {
  const { db } = h.ctx.database;
  const subscriberId = await subscriberOfLocation(h, location);
  const find = async (code: string) =>
    (
      await db
        .select({ id: chartOfAccounts.id })
        .from(chartOfAccounts)
        .where(and(eq(chartOfAccounts.subscriberId, subscriberId), eq(chartOfAccounts.code, code)))
    )[0]?.id;
  const foundGroup = await find(GROUP.code);
  const foundLedger = await find(LEDGER.code);
  if (foundGroup && foundLedger) return { group: foundGroup, ledger: foundLedger };
  const [group] = await db
    .insert(chartOfAccounts)
    .values({ subscriberId, ...GROUP, accountType: 'Asset', isGroup: true })
    .returning({ id: chartOfAccounts.id });
  const [ledger] = await db
    .insert(chartOfAccounts)
    .values({ subscriberId, ...LEDGER, accountType: 'Asset', parentId: group?.id ?? null, gstHead: 'InputIgst' })
    .returning({ id: chartOfAccounts.id });
  return { group: group?.id ?? 0, ledger: ledger?.id ?? 0 };
};

const unchanged = async (h: Harness, ids: { group: number; ledger: number }) => {
  const rows = await h.ctx.database.db.select().from(chartOfAccounts).where(eq(chartOfAccounts.id, ids.ledger));
  const [group] = await h.ctx.database.db.select().from(chartOfAccounts).where(eq(chartOfAccounts.id, ids.group));
  const [ledger] = rows;
  if (
    !ledger ||
    !group ||
    ledger.name !== LEDGER.name ||
    ledger.status !== 'Active' ||
    ledger.parentId !== group.id ||
    group.name !== GROUP.name ||
    group.status !== 'Active'
  ) {
    throw new Error(`B's chart of accounts was changed by another subscriber: ${JSON.stringify({ group, ledger })}`);
  }
};

const withB =
  (call: (api: Api, ids: { group: number; ledger: number }) => Promise<LightMyRequestResponse>): Sweep['call'] =>
  async (api, b, { h }) => {
    const ids = await bAccounts(h, b.location);
    const res = await call(api, ids);
    await unchanged(h, ids);
    return res;
  };

export const chartOfAccountsSweeps = (): Sweep[] => [
  {
    route: `POST ${C.chartOfAccountsSave}`,
    expect: 'notFound',
    call: withB((api, ids) => api.post(C.chartOfAccountsSave, { id: ids.ledger, code: 'HIJACK', name: 'Hijacked', accountType: 'Asset' })),
  },
  // A's new account placed under B's group: B's group is not found in A's chart.
  {
    route: `POST ${C.chartOfAccountsSave}`,
    expect: 'notFound',
    call: withB((api, ids) =>
      api.post(C.chartOfAccountsSave, { code: 'A-IN-B', name: 'Into B', accountType: 'Asset', parentId: ids.group }),
    ),
  },
  {
    route: `POST ${C.chartOfAccountsUpdateStatus}`,
    expect: 'notFound',
    call: withB((api, ids) => api.post(C.chartOfAccountsUpdateStatus, { ids: [ids.group, ids.ledger], status: 'Inactive' })),
  },
  {
    route: `POST ${C.chartOfAccountsDelete}`,
    expect: 'notFound',
    call: withB((api, ids) => api.post(C.chartOfAccountsDelete, { ids: [ids.ledger] })),
  },
  // The list, the groups and the export name no id: searched for B's names, they find nothing of B's.
  {
    route: `POST ${C.chartOfAccountsSearch}`,
    expect: 'empty',
    call: withB((api) => api.post(C.chartOfAccountsSearch, { start: 0, size: 10, filters: { text: 'BONLY' } })),
  },
  {
    route: `GET ${C.chartOfAccountsGroups}`,
    expect: 'empty',
    call: withB((api) => api.get(C.chartOfAccountsGroups)),
  },
  {
    route: `POST ${C.chartOfAccountsExport}`,
    expect: 'emptyXlsx',
    call: withB((api) => api.post(C.chartOfAccountsExport, { filters: { text: 'BONLY' } })),
  },
];
