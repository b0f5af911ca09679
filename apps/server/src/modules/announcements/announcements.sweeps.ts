// The announcement routes in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator names B's
// own announcement (audience Subscriber, B) by id, and must get 404 without its text and without marking it read.
import { ANNOUNCEMENT_ADMIN_API as ADMIN, ANNOUNCEMENT_API as MINE, PUBLIC_ANNOUNCEMENT_API as PUBLIC } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { announcements, entities, users } from '../../db/schema';
import type { Harness } from '../../test-support/harness';

type Api = {
  post: (url: string, payload: unknown) => Promise<LightMyRequestResponse>;
  get: (url: string, query?: Record<string, string | number>) => Promise<LightMyRequestResponse>;
};
type Sweep = {
  route: string;
  call: (api: Api, b: { location: number }, raw: { h: Harness; token: string }) => Promise<LightMyRequestResponse>;
  expect: 'notFound';
};

const TITLE = 'B-only announcement';

/** B's own announcement, published a day ago, made once. */
const bAnnouncement = async (h: Harness, location: number): Promise<number> => {
  const { db } = h.ctx.database;
  const [owner] = await db.select({ subscriberId: entities.subscriberId }).from(entities).where(eq(entities.id, location));
  const subscriberId = owner?.subscriberId ?? 0;
  const [found] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.subscriberId, subscriberId), eq(announcements.title, TITLE)));
  if (found) return found.id;
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.subscriberId, subscriberId)).limit(1);
  const [row] = await db
    .insert(announcements)
    .values({
      title: TITLE,
      body: '<p>B-only body</p>',
      audience: 'Subscriber',
      subscriberId,
      publishAt: new Date(Date.now() - 86_400_000),
      createdBy: author?.id ?? 0,
      updatedBy: author?.id ?? 0,
    })
    .returning({ id: announcements.id });
  return row?.id ?? 0;
};

export const announcementSweeps = (): Sweep[] => [
  {
    route: `GET ${MINE.get}`,
    expect: 'notFound',
    call: async (api, b, { h }) => api.get(MINE.get, { id: await bAnnouncement(h, b.location) }),
  },
  {
    route: `POST ${MINE.markRead}`,
    expect: 'notFound',
    call: async (api, b, { h }) => api.post(MINE.markRead, { ids: [await bAnnouncement(h, b.location)] }),
  },
  {
    route: `GET ${PUBLIC.get}`,
    expect: 'notFound',
    call: async (api, b, { h }) => api.get(PUBLIC.get, { id: await bAnnouncement(h, b.location) }),
  },
];

/**
 * Routes that name no subscriber's record: the public list and count, the user's own list and unread count (scoped to
 * the caller's subscriber and user), and the administration, which is installation-wide by design (AdminMaintenance,
 * held only by the installation's own subscriber; announcements.test.ts refuses it to other subscribers).
 */
export const ANNOUNCEMENT_NO_RECORD_IDS = [
  `POST ${PUBLIC.search}`,
  `GET ${PUBLIC.count}`,
  `POST ${MINE.search}`,
  `GET ${MINE.unreadCount}`,
  `POST ${ADMIN.search}`,
  `POST ${ADMIN.save}`,
  `POST ${ADMIN.withdraw}`,
  `POST ${ADMIN.delete}`,
];
