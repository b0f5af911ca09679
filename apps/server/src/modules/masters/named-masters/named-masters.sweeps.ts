// Levels, verticals and notice tags in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator names
// B's record and must get 404 (or nothing) without B's data and without changing it; A's own user and entity saves
// naming B's level or vertical are refused the same way.
import { ADMINISTRATION_API as A, LEVEL_API, NOTICE_TAG_API, ORGANIZATION_API as O, VERTICAL_API } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { levels, noticeTags, verticals } from '../../../db/schema';
import type { Harness } from '../../../test-support/harness';
import { subscriberOfLocation, type Sweep, type SweepApi as Api } from '../../../test-support/sweeps';
import type { NamedMasterTable } from './named-master.service';

const DESCRIPTION = 'B-only record';

type Master = { paths: typeof LEVEL_API; table: NamedMasterTable; name: string; values: Record<string, string | number> };

const MASTERS: Master[] = [
  { paths: LEVEL_API, table: levels, name: 'B-only level', values: { rank: 7 } },
  { paths: VERTICAL_API, table: verticals, name: 'B-only vertical', values: { code: 'B-ONLY' } },
  { paths: NOTICE_TAG_API, table: noticeTags, name: 'B-only tag', values: { color: 'grape' } },
];

/** B's record of the master, made once, Inactive so that an activation by the sweep would show. */
const bRecord = async (h: Harness, location: number, master: Master): Promise<number> => {
  const { db } = h.ctx.database;
  const t = master.table;
  const subscriberId = await subscriberOfLocation(h, location);
  const [found] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.subscriberId, subscriberId), eq(t.name, master.name)));
  if (found) return found.id;
  const [created] = await db
    .insert(t)
    .values({ subscriberId, name: master.name, description: DESCRIPTION, status: 'Inactive', ...master.values })
    .returning({ id: t.id });
  return created?.id ?? 0;
};

const unchanged = async (h: Harness, master: Master, id: number) => {
  const t = master.table;
  const [row] = await h.ctx.database.db.select({ name: t.name, description: t.description, status: t.status }).from(t).where(eq(t.id, id));
  if (!row || row.name !== master.name || row.description !== DESCRIPTION || row.status !== 'Inactive') {
    throw new Error(`B's ${master.name} was changed by another subscriber: ${JSON.stringify(row)}`);
  }
};

const withB =
  (master: Master, call: (api: Api, id: number) => Promise<LightMyRequestResponse>): Sweep['call'] =>
  async (api, b, { h }) => {
    const id = await bRecord(h, b.location, master);
    const res = await call(api, id);
    await unchanged(h, master, id);
    return res;
  };

const masterSweeps = (master: Master): Sweep[] => {
  const P = master.paths;
  return [
    {
      route: `POST ${P.save}`,
      expect: 'notFound',
      call: withB(master, (api, id) => api.post(P.save, { id, name: 'Hijacked', rank: 1, status: 'Active' })),
    },
    {
      route: `POST ${P.updateStatus}`,
      expect: 'notFound',
      call: withB(master, (api, id) => api.post(P.updateStatus, { ids: [id], status: 'Active' })),
    },
    { route: `POST ${P.delete}`, expect: 'notFound', call: withB(master, (api, id) => api.post(P.delete, { ids: [id] })) },
    // The list and its export name no id: searched for B's name, they find nothing of B's.
    {
      route: `POST ${P.search}`,
      expect: 'empty',
      call: withB(master, (api) => api.post(P.search, { start: 0, size: 10, filters: { text: 'B-only' } })),
    },
    { route: `POST ${P.export}`, expect: 'emptyXlsx', call: withB(master, (api) => api.post(P.export, { filters: { text: 'B-only' } })) },
  ];
};

const [LEVEL, VERTICAL] = MASTERS as [Master, Master, Master];

export const namedMasterSweeps = (): Sweep[] => [
  ...MASTERS.flatMap(masterSweeps),
  // A's own new user given B's level.
  {
    route: `POST ${A.userSave}`,
    expect: 'notFound',
    call: withB(LEVEL, async (api, levelId) => {
      const [role] = (await api.post(A.roleSearch, { start: 0, size: 1 })).json().data.items as { roleId: number }[];
      return api.post(A.userSave, {
        userName: `a-with-b-level-${levelId}`,
        displayName: 'A with B level',
        email: `a-with-b-level-${levelId}@example.test`,
        roleId: role?.roleId,
        levelId,
      });
    }),
  },
  // A's own location given B's vertical.
  {
    route: `POST ${O.entitySave}`,
    expect: 'notFound',
    call: withB(VERTICAL, async (api, verticalId) => {
      const own = (await api.get(O.subscriberEntities)).json().data as { id: number; type: string }[];
      const location = own.find((e) => e.type === 'Location')?.id ?? 0;
      const detail = (await api.get(O.entityDetail, { entityId: location })).json().data;
      return api.post(O.entitySave, {
        entityId: location,
        entityType: detail.entityType,
        parentEntityId: detail.parentEntityId,
        entityName: detail.entityName,
        gstin: detail.gstin,
        stateCode: detail.stateCode,
        verticalId,
      });
    }),
  },
];
