// The business partner routes in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator names
// B's partner and must get 404 (or nothing) without B's data and without changing it (its name, status, GSTIN check
// and contact stay as made).
import { BUSINESS_PARTNER_API as BP } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { businessPartnerContacts, businessPartners } from '../../../db/schema';
import type { Harness } from '../../../test-support/harness';
import { subscriberOfLocation, type Sweep, type SweepApi as Api } from '../../../test-support/sweeps';

const CODE = 'B-ONLY-PARTNER';
const NAME = 'B-only Traders';

/** B's own unregistered partner with one contact, made once. */
const bPartner = async (h: Harness, location: number): Promise<number> => {
  const { db } = h.ctx.database;
  const subscriberId = await subscriberOfLocation(h, location);
  const [found] = await db
    .select({ id: businessPartners.id })
    .from(businessPartners)
    .where(and(eq(businessPartners.subscriberId, subscriberId), eq(businessPartners.code, CODE)));
  if (found) return found.id;
  const [created] = await db
    .insert(businessPartners)
    .values({ subscriberId, code: CODE, legalName: NAME, status: 'Inactive' })
    .returning({ id: businessPartners.id });
  const id = created?.id ?? 0;
  await db.insert(businessPartnerContacts).values({ subscriberId, partnerId: id, name: 'B contact', email: 'b@example.test' });
  return id;
};

const unchanged = async (h: Harness, id: number) => {
  const { db } = h.ctx.database;
  const [row] = await db.select().from(businessPartners).where(eq(businessPartners.id, id));
  const contacts = await db.select().from(businessPartnerContacts).where(eq(businessPartnerContacts.partnerId, id));
  if (!row || row.legalName !== NAME || row.status !== 'Inactive' || row.gstinCheckedAt !== null || contacts.length !== 1) {
    throw new Error(`B's business partner was changed by another subscriber: ${JSON.stringify({ row, contacts })}`);
  }
};

const withB =
  (call: (api: Api, id: number) => Promise<LightMyRequestResponse>): Sweep['call'] =>
  async (api, b, { h }) => {
    const id = await bPartner(h, b.location);
    const res = await call(api, id);
    await unchanged(h, id);
    return res;
  };

export const businessPartnerSweeps = (): Sweep[] => [
  {
    route: `POST ${BP.businessPartnerSave}`,
    expect: 'notFound',
    call: withB((api, id) => api.post(BP.businessPartnerSave, { id, code: CODE, legalName: 'Hijacked', contacts: [] })),
  },
  {
    route: `POST ${BP.businessPartnerUpdateStatus}`,
    expect: 'notFound',
    call: withB((api, id) => api.post(BP.businessPartnerUpdateStatus, { ids: [id], status: 'Active' })),
  },
  {
    route: `POST ${BP.businessPartnerDelete}`,
    expect: 'notFound',
    call: withB((api, id) => api.post(BP.businessPartnerDelete, { ids: [id] })),
  },
  {
    route: `POST ${BP.businessPartnerCheckGstin}`,
    expect: 'notFound',
    call: withB((api, id) => api.post(BP.businessPartnerCheckGstin, { ids: [id] })),
  },
  // The list and its export name no id: searched for B's code, they find nothing of B's.
  {
    route: `POST ${BP.businessPartnerSearch}`,
    expect: 'empty',
    call: withB((api) => api.post(BP.businessPartnerSearch, { start: 0, size: 10, filters: { text: CODE } })),
  },
  {
    route: `POST ${BP.businessPartnerExport}`,
    expect: 'emptyXlsx',
    call: withB((api) => api.post(BP.businessPartnerExport, { filters: { text: CODE } })),
  },
];
