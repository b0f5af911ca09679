// Asking for a generation: the return row is created (or reset) InProgress with its audit row, then the job is queued.
import type { ReturnDetail, ReturnKey } from '@opengst/contracts';
import { financialYearOfPeriod, firstReturnPeriod, hasGstr1a, isBeforeRegistration } from '@opengst/domain';
import { and, eq } from 'drizzle-orm';
import { writeAudit } from '../../../platform/audit';
import type { AppContext } from '../../../platform/context';
import { returns } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import type { JobQueue } from '../../../platform/jobs/queue';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { GENERATE_JOB } from '../returns.jobs';
import { findReturnByKey, returnTarget } from '../returns.repo';
import { returnDetail } from '../returns.queries';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** RET0016 in words: the registration date (DD-MM-YYYY) and the first period with a return. */
const beforeRegistration = (registrationDate: string): string => {
  const first = firstReturnPeriod(registrationDate);
  const date = `${registrationDate.slice(8, 10)}-${registrationDate.slice(5, 7)}-${registrationDate.slice(0, 4)}`;
  return `This location's GST registration is effective from ${date}, so its first return is for ${MONTHS[Number(first.slice(0, 2)) - 1] ?? ''} ${first.slice(2)}. If the date is wrong, correct it on the Entities screen.`;
};

export const requestGeneration = async (
  ctx: AppContext,
  jobs: JobQueue,
  principal: SessionPrincipal,
  key: ReturnKey,
  ip: string,
): Promise<ReturnDetail> => {
  const { db } = ctx.database;
  const target = await returnTarget(db, principal, key.entityId);
  if (target.registrationDate && isBeforeRegistration(key.returnPeriod, target.registrationDate)) {
    throw new AppError('RET0016', { message: beforeRegistration(target.registrationDate) });
  }
  if (key.returnType === 'GSTR1A' && !hasGstr1a(key.returnPeriod)) throw new AppError('RET0017');
  if (key.returnType === 'GSTR1A') {
    const gstr1 = await findReturnByKey(db, principal.subscriberId, key.entityId, 'GSTR1', key.returnPeriod);
    if (gstr1?.status !== 'Filed') throw new AppError('RET0004');
  }
  const id = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(returns)
      .where(
        and(
          eq(returns.subscriberId, principal.subscriberId),
          eq(returns.entityId, key.entityId),
          eq(returns.returnType, key.returnType),
          eq(returns.returnPeriod, key.returnPeriod),
        ),
      )
      .for('update');
    if (existing && (existing.status === 'Submitted' || existing.status === 'Signed' || existing.status === 'Filed'))
      throw new AppError('RET0003');
    if (existing?.generationStatus === 'InProgress') throw new AppError('RET0002');
    const name = `${key.returnType} ${target.gstin} ${key.returnPeriod}`;
    if (existing) {
      await tx
        .update(returns)
        .set({ generationStatus: 'InProgress', generationMessage: null, updatedAt: ctx.now() })
        .where(eq(returns.id, existing.id));
      await writeAudit(tx, principal, {
        entityType: 'Return',
        entityKey: existing.id,
        entityName: name,
        action: 'Update',
        before: { generationStatus: existing.generationStatus },
        after: { generationStatus: 'InProgress' },
        ip,
      });
      return existing.id;
    }
    const [created] = await tx
      .insert(returns)
      .values({
        subscriberId: principal.subscriberId,
        entityId: key.entityId,
        gstin: target.gstin,
        returnType: key.returnType,
        financialYear: financialYearOfPeriod(key.returnPeriod),
        returnPeriod: key.returnPeriod,
        generationStatus: 'InProgress',
      })
      .returning({ id: returns.id });
    if (!created) throw new Error('return not created');
    await writeAudit(tx, principal, {
      entityType: 'Return',
      entityKey: created.id,
      entityName: name,
      action: 'Create',
      after: { ...key, generationStatus: 'InProgress' },
      ip,
    });
    return created.id;
  });
  // Queued after the commit: on PGlite the job queue shares the one connection an open transaction holds.
  await jobs.send(GENERATE_JOB, { returnId: id, userId: principal.userId });
  const [row] = await db.select().from(returns).where(eq(returns.id, id));
  if (!row) throw new AppError('GEN0003');
  return returnDetail(db, target, row);
};
