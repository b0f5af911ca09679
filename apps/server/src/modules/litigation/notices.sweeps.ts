// The notice register's routes in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator names
// B's notice or B's location and must get 404 without B's data and without changing it.
import { NOTICE_API as N } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { notices } from '../../db/schema';
import type { Harness } from '../../test-support/harness';
import { subscriberOfLocation, type Sweep, type SweepApi as Api } from '../../test-support/sweeps';

const REFERENCE = 'B-ONLY-SCN-1';

/** B's own notice, made once. */
const bNotice = async (h: Harness, location: number): Promise<number> => {
  const { db } = h.ctx.database;
  const subscriberId = await subscriberOfLocation(h, location);
  const [found] = await db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.subscriberId, subscriberId), eq(notices.referenceNumber, REFERENCE)));
  if (found) return found.id;
  const [created] = await db
    .insert(notices)
    .values({ subscriberId, entityId: location, form: 'DRC-01', noticeType: 'Notice', referenceNumber: REFERENCE, issuedOn: '2026-04-01' })
    .returning({ id: notices.id });
  return created?.id ?? 0;
};

const unchanged = async (h: Harness, id: number) => {
  const [row] = await h.ctx.database.db.select().from(notices).where(eq(notices.id, id));
  if (!row || row.stage !== 'Received' || row.referenceNumber !== REFERENCE || row.subject !== '') {
    throw new Error(`B's notice was changed by another subscriber: ${JSON.stringify(row)}`);
  }
};

const withB =
  (call: (api: Api, id: number, location: number) => Promise<LightMyRequestResponse>): Sweep['call'] =>
  async (api, b, { h }) => {
    const id = await bNotice(h, b.location);
    const res = await call(api, id, b.location);
    await unchanged(h, id);
    return res;
  };

const scn = (entityId: number, id?: number) => ({
  ...(id ? { id } : {}),
  entityId,
  form: 'DRC-01',
  referenceNumber: 'HIJACKED-1',
  issuedOn: '2026-04-01',
  subject: 'Hijacked',
});

export const noticeSweeps = (): Sweep[] => [
  { route: `GET ${N.noticeDetail}`, expect: 'notFound', call: withB((api, id) => api.get(N.noticeDetail, { id })) },
  // Into B's location, and over B's notice from A's own location: both 404.
  { route: `POST ${N.noticeSave}`, expect: 'notFound', call: withB((api, id, location) => api.post(N.noticeSave, scn(location, id))) },
  {
    route: `POST ${N.noticeMove}`,
    expect: 'notFound',
    call: withB((api, id) => api.post(N.noticeMove, { id, toStage: 'Closed', eventDate: '2026-04-02' })),
  },
  {
    route: `POST ${N.noticeReopen}`,
    expect: 'notFound',
    call: withB((api, id) => api.post(N.noticeReopen, { id, eventDate: '2026-04-02', note: 'Hijacked' })),
  },
  { route: `POST ${N.noticeDelete}`, expect: 'notFound', call: withB((api, id) => api.post(N.noticeDelete, { ids: [id] })) },
  {
    route: `POST ${N.noticeSearch}`,
    expect: 'notFound',
    call: withB((api, _id, location) => api.post(N.noticeSearch, { start: 0, size: 10, filters: { entityIds: [location] } })),
  },
  {
    route: `POST ${N.noticeDashboard}`,
    expect: 'notFound',
    call: withB((api, _id, location) => api.post(N.noticeDashboard, { entityIds: [location] })),
  },
  {
    route: `POST ${N.noticeExport}`,
    expect: 'notFound',
    call: withB((api, _id, location) => api.post(N.noticeExport, { filters: { entityIds: [location] } })),
  },
];
