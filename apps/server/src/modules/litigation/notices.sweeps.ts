// The notice register's routes in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator names
// B's notice or B's location and must get 404 without B's data and without changing it; or B's consultant, which it can
// neither assign to its own notice nor filter its register by.
import { NOTICE_API as N, USER_API } from '@opengst/contracts';
import { and, eq, isNotNull, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { consultants, noticeConsultants, noticeEvents, notices, users } from '../../db/schema';
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
  const paid = await h.ctx.database.db
    .select({ id: noticeEvents.id })
    .from(noticeEvents)
    .where(and(eq(noticeEvents.noticeId, id), eq(noticeEvents.action, 'Payment')));
  if (paid.length > 0) throw new Error(`A payment was recorded on B's notice by another subscriber`);
};

const withB =
  (call: (api: Api, id: number, location: number) => Promise<LightMyRequestResponse>): Sweep['call'] =>
  async (api, b, { h }) => {
    const id = await bNotice(h, b.location);
    const res = await call(api, id, b.location);
    await unchanged(h, id);
    return res;
  };

/** B's consultant: the one the consultants' sweep makes (same firm, same user of B), whichever sweep runs first. */
const B_FIRM = 'B-only Chambers';
const bConsultant = async (h: Harness, location: number): Promise<number> => {
  const { db } = h.ctx.database;
  const subscriberId = await subscriberOfLocation(h, location);
  const [found] = await db
    .select({ id: consultants.id })
    .from(consultants)
    .where(and(eq(consultants.subscriberId, subscriberId), eq(consultants.firmName, B_FIRM)));
  if (found) return found.id;
  // B's own non-administrator user: the sweep's snapshot of B's users stays as it is.
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.subscriberId, subscriberId), like(users.userName, 'b-only-%')))
    .limit(1);
  if (!user) throw new Error('B has no user of its own for the notice consultant sweep');
  const [created] = await db
    .insert(consultants)
    .values({ subscriberId, userId: user.id, firmName: B_FIRM, profession: 'Advocate' })
    .returning({ id: consultants.id });
  return created?.id ?? 0;
};

/** A's own first location, as A's user tree answers it. */
const ownLocation = async (api: Api): Promise<number> => {
  const tree = (await api.get(USER_API.userEntities)).json().data as { entityId: number; entityType: string; hasAccess: boolean }[];
  return tree.find((e) => e.entityType !== 'Business' && e.hasAccess)?.entityId ?? 0;
};

/** No notice anywhere carries B's consultant but those B assigned (none here). */
const unassigned = async (h: Harness, consultantId: number) => {
  const rows = await h.ctx.database.db
    .select()
    .from(noticeConsultants)
    .where(and(eq(noticeConsultants.consultantId, consultantId), isNotNull(noticeConsultants.noticeId)));
  if (rows.length > 0) throw new Error(`B's consultant was assigned by another subscriber: ${JSON.stringify(rows)}`);
};

const withBConsultant =
  (call: (api: Api, consultantId: number, own: number) => Promise<LightMyRequestResponse>): Sweep['call'] =>
  async (api, b, { h }) => {
    const consultantId = await bConsultant(h, b.location);
    const res = await call(api, consultantId, await ownLocation(api));
    await unassigned(h, consultantId);
    return res;
  };

/** The route that takes no record id: the choices of the filter bar, within the caller's own scope. */
export const NOTICE_NO_RECORD_IDS = [`GET ${N.noticeOptions}`];

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
  // A DRC-03 payment on B's notice: 404, and no payment event written on it.
  {
    route: `POST ${N.noticePayment}`,
    expect: 'notFound',
    call: withB(async (api, id) => {
      const zero = { taxIgst: 0, taxCgst: 0, taxSgst: 0, taxCess: 0, interest: 0, penalty: 0 };
      return api.post(N.noticePayment, { id, paidOn: '2026-04-02', arn: 'AD070426000001H', split: { ...zero, taxIgst: 100 } });
    }),
  },
  {
    route: `POST ${N.noticeReopen}`,
    expect: 'notFound',
    call: withB((api, id) => api.post(N.noticeReopen, { id, eventDate: '2026-04-02', note: 'Hijacked' })),
  },
  { route: `POST ${N.noticeDelete}`, expect: 'notFound', call: withB((api, id) => api.post(N.noticeDelete, { ids: [id] })) },
  // B's consultant on a notice of A's own location: 404, nothing written; A's register filtered by it: empty.
  {
    route: `POST ${N.noticeSave}`,
    expect: 'notFound',
    call: withBConsultant((api, consultantId, own) =>
      api.post(N.noticeSave, { ...scn(own), referenceNumber: 'B-CONSULTANT-1', consultantIds: [consultantId] }),
    ),
  },
  {
    route: `POST ${N.noticeSearch}`,
    expect: 'empty',
    call: withBConsultant((api, consultantId) =>
      api.post(N.noticeSearch, { start: 0, size: 10, filters: { consultantIds: [consultantId] } }),
    ),
  },
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
