// The IRP session of a location's GSTIN (NIC e-invoice API: AuthToken and SEK valid 360 minutes) and its API user: the
// shared government API session (platform/api-user-sessions.ts) on irp_sessions, renewed with ForceRefreshAccessToken
// as the IRP allows.
import { irpSessions } from '../../db/schema';
import { apiSessionOf, saveApiUser } from '../../platform/api-user-sessions';
import type { AppContext } from '../../platform/context';
import { IRP_SANDBOX_USER, type IrpSession } from '../../portal/irp/irp-client';

const TOKEN_LIFE_MS = 360 * 60_000;

/** A refusal of the product's own, before the IRP is asked (a GSTIN without an IRP user, a document the IRP would refuse). */
export class EinvoiceRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly problems: { code: string; field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'EinvoiceRefusal';
  }
}

/** TokenExpiry "yyyy-MM-dd HH:mm:ss" is IST. */
const expiryOf = (text: string, now: Date): Date => {
  const at = new Date(`${text.replace(' ', 'T')}+05:30`);
  return Number.isNaN(at.getTime()) ? new Date(now.getTime() + TOKEN_LIFE_MS) : at;
};

export const irpSessionOf = (
  ctx: AppContext,
  location: { id: number; subscriberId: number; gstin: string },
  userId: number,
): Promise<IrpSession> =>
  apiSessionOf(ctx, location, userId, {
    table: irpSessions,
    isSandbox: ctx.irp.isSandbox,
    sandboxUser: IRP_SANDBOX_USER,
    noUser: (gstin) =>
      new EinvoiceRefusal(
        'IRPUSER',
        `No e-invoice API user is recorded for GSTIN ${gstin}: create one on the e-invoice portal (API registration, through your GSP) and record it for this location.`,
      ),
    authenticate: (user, hadSession) => ctx.irp.authenticate(location.gstin, user.userName, user.password, hadSession),
    expiresAt: (session, now) => expiryOf(session.tokenExpiry, now),
  });

/** Records a location's e-invoice API user; the next call to the IRP signs in with it. */
export const saveIrpUser = (
  ctx: AppContext,
  actor: { subscriberId: number; userId: number },
  request: { entityId: number; userName: string; password: string },
  ip: string,
) => saveApiUser(ctx, actor, request, ip, { table: irpSessions, entityType: 'EInvoiceIrpUser', noun: 'e-invoice' });
