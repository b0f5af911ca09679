// The consultants' routes in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator names B's
// consultant and must get 404 (or nothing) without B's data and without changing it or its user.
import { CONSULTANT_API as C } from '@opengst/contracts';
import { and, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { consultants, users } from '../../../db/schema';
import type { Harness } from '../../../test-support/harness';
import { subscriberOfLocation, type Sweep, type SweepApi as Api } from '../../../test-support/sweeps';

const FIRM = 'B-only Chambers';

/** B's own consultant (B's user with a consultants row), made once. */
const bConsultant = async (h: Harness, location: number): Promise<{ id: number; userId: number }> => {
  const { db } = h.ctx.database;
  const subscriberId = await subscriberOfLocation(h, location);
  const [found] = await db
    .select({ id: consultants.id, userId: consultants.userId })
    .from(consultants)
    .where(and(eq(consultants.subscriberId, subscriberId), eq(consultants.firmName, FIRM)));
  if (found) return found;
  // B's own non-administrator user (the sweep's fixtures make one): the sweep's snapshot of B's users stays as it is.
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.subscriberId, subscriberId), like(users.userName, 'b-only-%')))
    .limit(1);
  if (!user) throw new Error('B has no user of its own for the consultant sweep');
  const [created] = await db
    .insert(consultants)
    .values({ subscriberId, userId: user.id, firmName: FIRM, profession: 'Advocate' })
    .returning({ id: consultants.id, userId: consultants.userId });
  if (!created) throw new Error('no consultant');
  return created;
};

const unchanged = async (h: Harness, b: { id: number; userId: number }) => {
  const { db } = h.ctx.database;
  const [row] = await db.select().from(consultants).where(eq(consultants.id, b.id));
  const [user] = await db.select().from(users).where(eq(users.id, b.userId));
  if (
    !row ||
    row.firmName !== FIRM ||
    row.profession !== 'Advocate' ||
    user?.status !== 'Active' ||
    user.userName.startsWith('b-only-') === false
  ) {
    throw new Error(`B's consultant was changed by another subscriber: ${JSON.stringify({ row, status: user?.status })}`);
  }
};

const withB =
  (call: (api: Api, id: number) => Promise<LightMyRequestResponse>): Sweep['call'] =>
  async (api, b, { h }) => {
    const found = await bConsultant(h, b.location);
    const res = await call(api, found.id);
    await unchanged(h, found);
    return res;
  };

export const consultantSweeps = (): Sweep[] => [
  {
    route: `POST ${C.consultantSave}`,
    expect: 'notFound',
    call: withB((api, id) =>
      api.post(C.consultantSave, {
        id,
        userName: 'hijacked',
        displayName: 'Hijacked',
        email: 'hijacked@example.test',
        roleId: 1,
        profession: 'Advocate',
      }),
    ),
  },
  {
    route: `POST ${C.consultantUpdateStatus}`,
    expect: 'notFound',
    call: withB((api, id) => api.post(C.consultantUpdateStatus, { ids: [id], status: 'Inactive' })),
  },
  { route: `POST ${C.consultantDelete}`, expect: 'notFound', call: withB((api, id) => api.post(C.consultantDelete, { ids: [id] })) },
  // The list, its export and the lookup name no id: searched for B's firm, they find nothing of B's.
  {
    route: `POST ${C.consultantSearch}`,
    expect: 'empty',
    call: withB((api) => api.post(C.consultantSearch, { start: 0, size: 10, filters: { text: FIRM } })),
  },
  {
    route: `POST ${C.consultantExport}`,
    expect: 'emptyXlsx',
    call: withB((api) => api.post(C.consultantExport, { filters: { text: FIRM } })),
  },
];

/** The lookup lists the caller's own subscriber's consultants: it names no record (consultants.test.ts checks it). */
export const CONSULTANT_NO_RECORD_IDS = [`GET ${C.consultantLookup}`];
