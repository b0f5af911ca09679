// Shared pieces of the inward-data tests (GSTR-2A/2B): a supplier's GSTR-1 filed through the mounted portal sandbox,
// a recipient location with its portal session, waiting for a bulk download, and the inward routes' entries of the
// cross-tenant sweep.
import { ORGANIZATION_API as O, RETURN_API as R, type InwardBulkProgress, type ReturnDetail } from '@opengst/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { dataActivities, entities, userEntities } from '../db/schema';
import type { Harness, Tenant } from './harness';
import type { clientOf } from './org-fixtures';
import { generate, PERIOD } from './return-fixtures';

type Api = ReturnType<typeof clientOf>;
/** The OTP the portal sandbox accepts. */
export const PORTAL_OTP = '575757';

const poll = async <T>(read: () => Promise<T>, isDone: (value: T) => boolean, what: string, timeoutMs: number): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > until) throw new Error(`${what}: still not done (${JSON.stringify(value).slice(0, 400)})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** Sets the location's portal user name and signs in to the portal sandbox with its OTP. */
export const signInToPortal = async (api: Api, entityId: number, userName: string): Promise<void> => {
  const credential = await api.post(O.entitySetGstPortalCredential, { entityId, portalUserName: userName, portalPassword: 'Portal#Pass1' });
  if (credential.statusCode !== 200) throw new Error(`credential: ${credential.body}`);
  const otp = await api.post(R.portalOtp, { entityId });
  if (otp.statusCode !== 200) throw new Error(`portal OTP: ${otp.body}`);
  const session = await api.post(R.portalAuthenticate, { entityId, otp: PORTAL_OTP });
  if (session.statusCode !== 200) throw new Error(`portal sign-in: ${session.body}`);
};

/** A location of the tenant with this GSTIN (another PAN than its business's), open to its administrator. */
export const addLocation = async (h: Harness, tenant: Tenant, values: { gstin: string; name: string }): Promise<number> => {
  const { db } = h.ctx.database;
  const [location] = await db
    .insert(entities)
    .values({
      subscriberId: tenant.subscriberId,
      parentEntityId: tenant.entityIds[0],
      entityType: 'Location',
      entityName: values.name,
      pan: values.gstin.slice(2, 12),
      gstin: values.gstin,
      stateCode: values.gstin.slice(0, 2),
      taxpayerType: 'Regular',
    })
    .returning({ id: entities.id });
  const entityId = location?.id ?? 0;
  await db.insert(userEntities).values({ userId: tenant.adminUserId, entityId });
  return entityId;
};

/**
 * Files the location's GSTR-1 of the period through the portal sandbox as the screens do: generate, save (and wait for
 * the portal's answer), submit, file with the EVC OTP. The location must be signed in to the portal.
 */
export const fileGstr1 = async (api: Api, entityId: number, returnPeriod = PERIOD): Promise<ReturnDetail> => {
  const generated = await generate(api, entityId, 'GSTR1', returnPeriod);
  const id = generated.id ?? 0;
  const saved = await api.post(R.save, { id });
  if (saved.statusCode !== 200) throw new Error(`save: ${saved.body}`);
  const answered = await poll(
    async () => (await api.get(R.detail, { entityId, returnType: 'GSTR1', returnPeriod })).json().data as ReturnDetail,
    (detail) => detail.portalSaveStatus !== 'IP',
    'the save',
    30_000,
  );
  if (answered.portalSaveStatus !== 'P')
    throw new Error(`the portal answered the save ${answered.portalSaveStatus}: ${answered.lastError}`);
  for (const [url, body] of [
    [R.submit, { id }],
    [R.fileOtp, { id }],
    [R.file, { id, otp: PORTAL_OTP }],
  ] as const) {
    const res = await api.post(url, body);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
  }
  return (await api.get(R.detail, { entityId, returnType: 'GSTR1', returnPeriod })).json().data as ReturnDetail;
};

/** Polls returns/inward/bulk/status as the screen does until every download has ended. */
export const waitForBulk = (api: Api, activityIds: readonly number[], timeoutMs = 60_000): Promise<InwardBulkProgress> =>
  poll(
    async () => {
      const res = await api.post(R.inwardBulkStatus, { activityIds });
      if (res.statusCode !== 200) throw new Error(`bulk status: ${res.body}`);
      return res.json().data as InwardBulkProgress;
    },
    (progress) => progress.isFinished,
    'the bulk download',
    timeoutMs,
  );

/** A Sync record of an inward download written straight into the table (another tenant's, for the sweep). */
export const insertInwardActivity = async (
  h: Harness,
  entityId: number,
  values: Partial<typeof dataActivities.$inferInsert> = {},
): Promise<number> => {
  const { db } = h.ctx.database;
  const [entity] = await db
    .select({ subscriberId: entities.subscriberId, gstin: entities.gstin })
    .from(entities)
    .where(eq(entities.id, entityId));
  const [row] = await db
    .insert(dataActivities)
    .values({
      subscriberId: entity?.subscriberId ?? 0,
      entityId,
      gstin: entity?.gstin ?? '',
      kind: 'Sync',
      action: 'GSTR2B',
      returnType: 'GSTR2B',
      returnPeriod: '042024',
      status: 'Completed',
      message: 'B-only download',
      userId: null,
      ...values,
    })
    .returning({ id: dataActivities.id });
  return row?.id ?? 0;
};

type InwardSweep = {
  route: string;
  call: (api: Api, b: { location: number }, raw: { h: Harness; token: string }) => Promise<LightMyRequestResponse>;
  expect: 'notFound';
};

/** The inward routes called by A with B's location or B's download records: each must answer 404. */
export const inwardSweeps = (): InwardSweep[] => [
  {
    route: `POST ${R.inwardBulkDownload}`,
    expect: 'notFound',
    call: (api, b) =>
      api.post(R.inwardBulkDownload, { entityIds: [b.location], fromPeriod: '042024', toPeriod: '042024', sources: ['GSTR2A'] }),
  },
  {
    route: `POST ${R.inwardBulkStatus}`,
    expect: 'notFound',
    call: async (api, b, raw) => api.post(R.inwardBulkStatus, { activityIds: [await insertInwardActivity(raw.h, b.location)] }),
  },
  {
    route: `POST ${R.inwardSummary}`,
    expect: 'notFound',
    call: (api, b) => api.post(R.inwardSummary, { filters: { entityIds: [b.location] } }),
  },
];
