// The e-invoicing portal's routes in the cross-tenant sweep (tenant-sweep.test.ts). The product's switch names a
// location: A's administrator naming B's location must get 404 and no request token (no audit row of a switch on B's
// location). The portal's own routes name no record of the product: they act on the GSTIN of the irp-auth-token
// session (a product token is not one: irp-portal.test.ts), so they are listed as taking no record id.
import { IRP_PORTAL_API as P, REQUEST_TOKEN_API as R } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { auditTrail } from '../../db/schema';
import type { Sweep } from '../../test-support/sweeps';

export const IRP_PORTAL_NO_RECORD_IDS = [
  `GET ${P.loginMetadata}`,
  `GET ${P.encryptor}`,
  `POST ${P.login}`,
  `GET ${P.userToken}`,
  `GET ${P.loadSettings}`,
  `GET ${P.logout}`,
  `POST ${P.invoices}`,
  `POST ${P.cancel}`,
  `GET ${P.clients}`,
  `POST ${P.registerClient}`,
  `POST ${P.revokeClient}`,
  // /initialize's: a token for the caller's own user only; another subscriber's user refused (request-token.test.ts).
  `POST ${R.requestToken}`,
  `GET ${R.userToken}`,
];

export const irpPortalSweeps = (): Sweep[] => [
  {
    route: `POST ${P.irpSwitch}`,
    expect: 'notFound',
    call: async (api, b, { h }) => {
      const res = await api.post(P.irpSwitch, { entityId: b.location });
      const rows = await h.ctx.database.db
        .select({ id: auditTrail.id })
        .from(auditTrail)
        .where(and(eq(auditTrail.entityType, 'IrpSwitch'), eq(auditTrail.entityKey, String(b.location))));
      if (rows.length > 0 || res.body.includes('portal-redirect')) throw new Error("A switch to the portal was made on B's location");
      return res;
    },
  },
];
