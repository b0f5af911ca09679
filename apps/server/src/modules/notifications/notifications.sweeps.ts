// The buyer's notification routes in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator names
// B's notification, run, location or user and must get 404 (or nothing), without B's data and without changing it
// (no mail, no link, no assignment, no deletion).
import { NOTIFICATION_API as N } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { documents, entities, notificationDocuments, notificationLinks, notifications, reconciliationRuns, users } from '../../db/schema';
import type { Harness } from '../../test-support/harness';
import { subscriberOfLocation, type Sweep, type SweepApi as Api } from '../../test-support/sweeps';

const SUBJECT = 'B-only notification';
const COUNTERPARTY = '27AAACB9999B1Z5';

type BIds = { notification: number; run: number; user: number; salesDocument: number };

/** B's notification with one document, a run of B's and B's first user, made once. */
const bRecords = async (h: Harness, location: number): Promise<BIds> => {
  const { db } = h.ctx.database;
  const subscriberId = await subscriberOfLocation(h, location);
  const [entity] = await db.select({ gstin: entities.gstin }).from(entities).where(eq(entities.id, location));
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.subscriberId, subscriberId)).limit(1);
  let [found] = await db
    .select({ id: notifications.id, runId: notifications.runId })
    .from(notifications)
    .where(and(eq(notifications.subscriberId, subscriberId), eq(notifications.subject, SUBJECT)));
  if (!found) {
    const [run] = await db
      .insert(reconciliationRuns)
      .values({
        subscriberId,
        entityIds: [location],
        gstins: [entity?.gstin ?? ''],
        fromPeriod: '032025',
        toPeriod: '032025',
        portalSource: 'GSTR2B',
        scopeKey: `notifications-sweep-${location}`,
        status: 'Completed',
      })
      .returning({ id: reconciliationRuns.id });
    const [created] = await db
      .insert(notifications)
      .values({
        subscriberId,
        entityId: location,
        gstin: entity?.gstin ?? '',
        counterpartyGstin: COUNTERPARTY,
        counterpartyName: 'B-only Supplier',
        emails: ['b-only-supplier@example.test'],
        sourceType: 'Gsp',
        runId: run?.id ?? null,
        subject: SUBJECT,
      })
      .returning({ id: notifications.id, runId: notifications.runId });
    await db.insert(notificationDocuments).values({
      subscriberId,
      notificationId: created?.id ?? 0,
      serialNumber: 1,
      sourceKey: 'R:0:0',
      documentNumber: 'B-ONLY/N1',
      documentType: 'INV',
      gstr2bActionRequired: 'ReportInGstr1',
    });
    found = created;
  }
  const [sale] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.subscriberId, subscriberId), eq(documents.direction, 'Sales'), eq(documents.entityId, location)))
    .limit(1);
  const salesDocument =
    sale?.id ??
    (
      await db
        .insert(documents)
        .values({
          subscriberId,
          entityId: location,
          direction: 'Sales',
          financialYear: '2024-25',
          returnPeriod: '032025',
          documentType: 'INV',
          documentNumber: 'B-ONLY/S1',
          documentDate: '2025-03-10',
          counterpartyGstin: COUNTERPARTY,
          source: 'Import',
          taxable: 100_00,
          igst: 18_00,
          documentValue: 118_00,
        })
        .returning({ id: documents.id })
    )[0]?.id ??
    0;
  return { notification: found?.id ?? 0, run: found?.runId ?? 0, user: user?.id ?? 0, salesDocument };
};

const unchanged = async (h: Harness, id: number) => {
  const { db } = h.ctx.database;
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  const links = await db.select().from(notificationLinks).where(eq(notificationLinks.notificationId, id));
  if (!row || row.subject !== SUBJECT || row.status !== 'YetNotSent' || row.assigneeUserId !== null || row.assigneeLevelId !== null) {
    throw new Error(`B's notification was changed by another subscriber: ${JSON.stringify(row)}`);
  }
  if (links.length > 0) throw new Error("a reply link was issued for B's notification by another subscriber");
};

const withB =
  (call: (api: Api, ids: BIds, location: number) => Promise<LightMyRequestResponse>): Sweep['call'] =>
  async (api, b, { h }) => {
    const ids = await bRecords(h, b.location);
    const res = await call(api, ids, b.location);
    await unchanged(h, ids.notification);
    return res;
  };

export const notificationSweeps = (): Sweep[] => [
  {
    route: `POST ${N.notificationDetail}`,
    expect: 'notFound',
    call: withB((api, ids) => api.post(N.notificationDetail, { id: ids.notification })),
  },
  {
    route: `POST ${N.notificationSave}`,
    expect: 'notFound',
    call: withB((api, ids) => api.post(N.notificationSave, { id: ids.notification, subject: 'Hijacked' })),
  },
  {
    route: `POST ${N.notificationSave}`,
    expect: 'notFound',
    call: withB((api, ids) => api.post(N.notificationSave, { from: { kind: 'sales', documentIds: [ids.salesDocument] } })),
  },
  {
    route: `POST ${N.notificationSave}`,
    expect: 'notFound',
    call: withB((api, ids) => api.post(N.notificationSave, { from: { kind: 'vendors', runId: ids.run, supplierGstins: [COUNTERPARTY] } })),
  },
  {
    route: `POST ${N.notificationDelete}`,
    expect: 'notFound',
    call: withB((api, ids) => api.post(N.notificationDelete, { ids: [ids.notification] })),
  },
  {
    route: `POST ${N.notificationSend}`,
    expect: 'notFound',
    call: withB((api, ids) => api.post(N.notificationSend, { ids: [ids.notification] })),
  },
  {
    route: `POST ${N.notificationAssign}`,
    expect: 'notFound',
    call: withB((api, ids) => api.post(N.notificationAssign, { id: ids.notification, assigneeUserId: null, assigneeLevelId: null })),
  },
  {
    route: `POST ${N.notificationBulkAssign}`,
    expect: 'notFound',
    call: withB((api, ids) => api.post(N.notificationBulkAssign, { ids: [ids.notification], assigneeUserId: null, assigneeLevelId: null })),
  },
  {
    route: `POST ${N.notificationDownload}`,
    expect: 'notFound',
    call: withB((api, ids) => api.post(N.notificationDownload, { id: ids.notification })),
  },
  {
    route: `GET ${N.notificationLevelsByUser}`,
    expect: 'notFound',
    call: withB((api, ids) => api.get(N.notificationLevelsByUser, { userId: ids.user })),
  },
  // The lists name B's location (404 by the entity check) or search for B's text (nothing of B's).
  {
    route: `POST ${N.notificationSearch}`,
    expect: 'notFound',
    call: withB((api, _ids, location) => api.post(N.notificationSearch, { filters: { entityIds: [location] } })),
  },
  {
    route: `POST ${N.notificationSearch}`,
    expect: 'empty',
    call: withB((api) => api.post(N.notificationSearch, { filters: { text: 'B-only' } })),
  },
  {
    route: `POST ${N.notificationPushSummary}`,
    expect: 'notFound',
    call: withB((api, _ids, location) => api.post(N.notificationPushSummary, { filters: { entityIds: [location] } })),
  },
  {
    route: `POST ${N.notificationExport}`,
    expect: 'notFound',
    call: withB((api, _ids, location) => api.post(N.notificationExport, { filters: { entityIds: [location] } })),
  },
  {
    route: `POST ${N.notificationExport}`,
    expect: 'emptyXlsx',
    call: withB((api) => api.post(N.notificationExport, { filters: { text: 'B-only' } })),
  },
];
