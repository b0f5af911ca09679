// Use cases of /manage-consultants: save (the consultant and its user in one transaction, through the organization
// module's saveUser so the user rules, the welcome mail and the user's audit row are the users screen's own), status
// and delete (the user's, so sessions end with them), each with the consultant's audit row.
//
// A consultant never holds the administrators' role (it would administer the subscription it only advises); its
// branch, department and level are the users screen's business and are kept as they are on an edit. Deletion is
// refused while the consultant has open notices assigned: their notices would silently lose their representative.
import type { ConsultantSaveSchema, Consultant } from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../../db/database';
import { consultants, roles } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { deleteUsers, sendPasswordLink, updateUserStatus, writeUser, type PasswordLink } from '../../organization';
import { consultantWhere, findConsultantRows, findConsultants, type ConsultantRow } from './consultants.repo';

type SaveInput = z.output<typeof ConsultantSaveSchema>;

const audited = (row: ConsultantRow) => ({
  userId: row.userId,
  firmName: row.firmName,
  profession: row.profession,
  membershipNumber: row.membershipNumber,
  pan: row.pan,
});

export const consultantById = async (db: Db, subscriberId: number, id: number): Promise<Consultant> => {
  const { items } = await findConsultants(db, and(consultantWhere(subscriberId, undefined), eq(consultants.id, id))!, {
    start: 0,
    size: 1,
  });
  const [found] = items;
  if (!found) throw new AppError('GEN0003');
  return found;
};

const assertNotAdministratorRole = async (db: DbOrTx, subscriberId: number, roleId: number): Promise<void> => {
  const [role] = await db
    .select({ name: roles.name, isSystem: roles.isSystem })
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.subscriberId, subscriberId)));
  if (!role) throw new AppError('GEN0003', { propertyName: 'RoleId', message: 'Role not found.' });
  if (role.isSystem)
    throw new AppError('GEN0009', {
      propertyName: 'RoleId',
      message: `A consultant cannot hold the ${role.name} role: it administers the subscription. Choose a role with the notice register's rights.`,
    });
};

/**
 * Creates or edits the consultant with its user inside the caller's transaction; answers its id and, for a new one,
 * the welcome mail to send once the transaction has committed. `importId` marks rows the consultants import wrote.
 */
export const writeConsultant = async (
  ctx: AppContext,
  tx: Tx,
  principal: SessionPrincipal,
  input: SaveInput,
  ip: string | undefined,
  importId: number | null = null,
): Promise<{ consultantId: number; welcome: PasswordLink | null }> => {
  const [existing] = input.id === undefined ? [] : await findConsultantRows(tx, principal.subscriberId, [input.id]);
  if (input.id !== undefined && !existing) throw new AppError('GEN0003');
  await assertNotAdministratorRole(tx, principal.subscriberId, input.roleId);
  const user = existing?.user;
  const fields = {
    firmName: input.firmName,
    profession: input.profession,
    membershipNumber: input.membershipNumber,
    pan: input.pan,
    updatedBy: principal.userId,
    updatedAt: ctx.now(),
  };
  let consultantId = existing?.row.id;
  const { welcome } = await writeUser(
    ctx,
    tx,
    principal,
    {
      userId: user?.id,
      userName: input.userName,
      displayName: input.displayName,
      email: input.email,
      mobile: input.mobile ?? null,
      roleId: input.roleId,
      branchId: user?.branchId ?? null,
      departmentId: user?.departmentId ?? null,
      levelId: user?.levelId ?? null,
      entityIds: input.entityIds,
    },
    ip ?? '',
    async (inner: Tx, saved) => {
      if (existing) {
        const [after] = await inner.update(consultants).set(fields).where(eq(consultants.id, existing.row.id)).returning();
        if (!after) throw new AppError('GEN0003');
        await writeConsultantAudit(inner, principal, after, saved.userName, 'Update', ip, existing.row);
        return;
      }
      const [created] = await inner
        .insert(consultants)
        .values({ ...fields, subscriberId: principal.subscriberId, userId: saved.id, createdBy: principal.userId, importId })
        .returning();
      if (!created) throw new Error('consultant insert returned no row');
      consultantId = created.id;
      await writeConsultantAudit(inner, principal, created, saved.userName, 'Create', ip);
    },
  );
  if (consultantId === undefined) throw new Error('consultant save left no id');
  return { consultantId, welcome };
};

/** consultant/save: the consultant and its user in one transaction, the welcome mail after it; answers it as listed. */
export const saveConsultant = async (ctx: AppContext, principal: SessionPrincipal, input: SaveInput, ip: string): Promise<Consultant> => {
  const { db } = ctx.database;
  const { consultantId, welcome } = await db.transaction((tx) => writeConsultant(ctx, tx, principal, input, ip));
  if (welcome) await sendPasswordLink(ctx, welcome);
  return consultantById(db, principal.subscriberId, consultantId);
};

const writeConsultantAudit = (
  tx: Tx,
  principal: SessionPrincipal,
  row: ConsultantRow,
  userName: string,
  action: 'Create' | 'Update' | 'Delete',
  ip: string | undefined,
  before?: ConsultantRow,
) =>
  writeAudit(tx, principal, {
    entityType: 'Consultant',
    entityKey: row.id,
    entityName: userName,
    action,
    before: before && audited(before),
    after: action === 'Delete' ? undefined : audited(row),
    ...(ip ? { ip } : {}),
  });

/** The named consultants, all of them the subscriber's own and not deleted (GEN0003, as any foreign id, otherwise). */
const ownConsultants = async (ctx: AppContext, principal: SessionPrincipal, ids: readonly number[]) => {
  const found = await findConsultantRows(ctx.database.db, principal.subscriberId, ids);
  if (found.length !== new Set(ids).size) throw new AppError('GEN0003');
  return found;
};

/** Active or Inactive: the users' own status change (sessions end on leaving Active; the user's audit row). */
export const updateConsultantStatus = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  ids: readonly number[],
  status: 'Active' | 'Inactive',
  ip: string,
): Promise<number> => {
  const found = await ownConsultants(ctx, principal, ids);
  return updateUserStatus(
    ctx,
    principal,
    found.map((f) => f.user.id),
    status,
    ip,
  );
};

/** Deletes the consultants' users (sign-in ends); refused, naming them, while any has open notices assigned. */
export const deleteConsultants = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  ids: readonly number[],
  ip: string,
): Promise<number> => {
  const found = await ownConsultants(ctx, principal, ids);
  const busy = found.filter((f) => f.openNotices > 0);
  if (busy.length > 0)
    throw new AppError('GEN0009', {
      propertyName: 'Ids',
      message: busy
        .map(
          (f) =>
            `${f.user.displayName} has ${f.openNotices} open notice${f.openNotices === 1 ? '' : 's'} assigned: assign them to someone else first, or deactivate the consultant.`,
        )
        .join(' '),
    });
  const affected = await deleteUsers(
    ctx,
    principal,
    found.map((f) => f.user.id),
    ip,
  );
  await ctx.database.db.transaction(async (tx) => {
    for (const f of found) await writeConsultantAudit(tx, principal, f.row, f.user.userName, 'Delete', ip, f.row);
  });
  return affected;
};
