// The e-way bill API session of a location's GSTIN (NIC e-way bill API v1.03: the auth token and SEK are valid six
// hours) and its API user: the shared government API session (platform/api-user-sessions.ts) on ewb_sessions.
import { ewbSessions } from '../../db/schema';
import { apiSessionOf, saveApiUser } from '../../platform/api-user-sessions';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { EWB_SANDBOX_USER, type EwbSession } from '../../portal/ewb/ewb-client';

const TOKEN_LIFE_MS = 6 * 3_600_000;

export const ewbSessionOf = (
  ctx: AppContext,
  location: { id: number; subscriberId: number; gstin: string },
  userId: number,
): Promise<EwbSession> =>
  apiSessionOf(ctx, location, userId, {
    table: ewbSessions,
    isSandbox: ctx.ewb.isSandbox,
    sandboxUser: EWB_SANDBOX_USER,
    noUser: (gstin) =>
      new AppError('GEN0009', {
        propertyName: 'EwbUser',
        message: `No e-way bill API user is recorded for GSTIN ${gstin}: create one on the e-way bill portal (registration for API, through your GSP) and record it for this location.`,
      }),
    authenticate: (user) => ctx.ewb.authenticate(location.gstin, user.userName, user.password),
    expiresAt: (_session, now) => new Date(now.getTime() + TOKEN_LIFE_MS),
  });

/** Records a location's e-way bill API user; the next call signs in with it. */
export const saveEwbUser = (
  ctx: AppContext,
  actor: { subscriberId: number; userId: number },
  request: { entityId: number; userName: string; password: string },
  ip: string,
) => saveApiUser(ctx, actor, request, ip, { table: ewbSessions, entityType: 'EWayBillApiUser', noun: 'e-way bill' });
