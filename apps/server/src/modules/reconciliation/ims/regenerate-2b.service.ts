// GSTR-2B recomputed: after a recipient changes IMS actions (before filing the period's GSTR-3B), the portal generates
// the period's 2B again from the actions standing now (GEN2B, then GENSTS2B by reference id). The call is a Push data
// activity; the new 2B is then downloaded as any other (returns/inward).
import type { Regenerate2bResponseSchema } from '@opengst/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { entities } from '../../../db/schema';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { startActivity, updateActivity } from '../../data-activities';
import { activePortalSession, portalFailure } from '../../returns';
import { IMS_STATUS_POLL } from './ims-push.service';

export const regenerateGstr2b = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  entityId: number,
  returnPeriod: string,
  poll = IMS_STATUS_POLL,
): Promise<z.infer<typeof Regenerate2bResponseSchema>> => {
  const { db } = ctx.database;
  const [entity] = await db
    .select({ gstin: entities.gstin })
    .from(entities)
    .where(and(eq(entities.id, entityId), eq(entities.subscriberId, principal.subscriberId), ne(entities.entityType, 'Business')));
  if (!entity?.gstin) throw new AppError('REC0008');
  const session = await activePortalSession(ctx, entityId, entity.gstin);
  const activityId = await startActivity(db, {
    subscriberId: principal.subscriberId,
    entityId,
    gstin: entity.gstin,
    kind: 'Push',
    action: 'GEN2B',
    returnType: 'GSTR2B',
    returnPeriod,
    status: 'InProcess',
    userId: principal.userId,
  });
  try {
    const { referenceId } = await ctx.gstPortal.regenerateGstr2b(session, returnPeriod);
    await updateActivity(db, activityId, ctx.now(), { status: 'InProcess', portalReferenceId: referenceId });
    let status = await ctx.gstPortal.gstr2bGenerationStatus(session, referenceId);
    for (let tries = 1; status.status === 'IP' && tries < poll.attempts; tries++) {
      await new Promise((resolve) => setTimeout(resolve, poll.delayMs));
      status = await ctx.gstPortal.gstr2bGenerationStatus(session, referenceId);
    }
    await updateActivity(db, activityId, ctx.now(), {
      status: status.status === 'P' ? 'Completed' : status.status === 'IP' ? 'MaxAttemptReached' : 'Unprocessable',
      message: status.status === 'IP' ? 'The portal is still generating the GSTR-2B. Download it again in a few minutes.' : status.message,
    });
    return { status: status.status, message: status.message };
  } catch (error) {
    const failure = portalFailure(error);
    if (!failure) console.error(`[regenerate 2B ${entity.gstin} ${returnPeriod}]`, error);
    const reported = failure ?? new AppError('RET0012', { message: 'The GST portal could not be reached because of an unexpected error.' });
    await updateActivity(db, activityId, ctx.now(), { status: 'Unprocessable', message: reported.message });
    throw reported;
  }
};
