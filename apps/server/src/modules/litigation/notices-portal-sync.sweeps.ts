// The notice register's sync from the GST portal in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's
// administrator names B's location and must get 404, with no sync recorded for it and no notice written into B's
// register.
import { NOTICE_PORTAL_SYNC_API as S } from '@opengst/contracts';
import { and, count, eq } from 'drizzle-orm';
import { dataActivities, notices } from '../../db/schema';
import type { Sweep } from '../../test-support/sweeps';

export const noticePortalSyncSweeps = (): Sweep[] => [
  {
    route: `POST ${S.noticePortalSync}`,
    call: async (api, b, { h }) => {
      const res = await api.post(S.noticePortalSync, { entityId: b.location });
      const { db } = h.ctx.database;
      const [synced] = await db
        .select({ n: count() })
        .from(dataActivities)
        .where(and(eq(dataActivities.entityId, b.location), eq(dataActivities.action, 'Notices')));
      const [written] = await db
        .select({ n: count() })
        .from(notices)
        .where(and(eq(notices.entityId, b.location), eq(notices.source, 'Portal')));
      if ((synced?.n ?? 0) > 0 || (written?.n ?? 0) > 0) throw new Error("A's sync reached B's location");
      return res;
    },
    expect: 'notFound',
  },
];
