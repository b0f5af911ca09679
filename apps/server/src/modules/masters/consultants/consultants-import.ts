// The consultants' import write (the import module's record handler calls it through the masters face). Each row is
// the screen's save: a user name that is already a consultant's edits that consultant, a new one creates the
// consultant and its user (the welcome mail goes out after the file's transaction commits). A row refused while
// writing (the administrators' role, a user name another user holds) is rolled back alone, in its own savepoint, and
// reported with the reason; the others are kept.
import type { ConsultantProfession } from '@opengst/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database';
import { consultants, roles, users } from '../../../db/schema';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import type { PasswordLink } from '../../organization';
import { writeConsultant } from './consultants.service';

export type ConsultantRecord = {
  displayName: string;
  userName: string;
  email: string;
  mobile: string | null;
  firmName: string;
  profession: ConsultantProfession;
  membershipNumber: string;
  pan: string | null;
  roleName: string;
  entityIds: number[];
};
/** `column` is the import column's key. */
export type ConsultantImportIssue = { index: number; column: string | null; message: string };

/** The import's column of a refusal's property name. */
const COLUMN_OF: Record<string, string> = {
  UserName: 'userName',
  RoleId: 'role',
  Email: 'email',
  Mobile: 'mobile',
  EntityIds: 'gstins',
};

export const importConsultantRecords = async (
  ctx: AppContext,
  tx: Tx,
  principal: SessionPrincipal,
  importId: number,
  records: readonly ConsultantRecord[],
): Promise<{ written: number; issues: ConsultantImportIssue[]; welcomes: PasswordLink[] }> => {
  const roleRows = await tx.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.subscriberId, principal.subscriberId));
  const roleIdOf = new Map(roleRows.map((r) => [r.name.toLowerCase(), r.id]));
  const issues: ConsultantImportIssue[] = [];
  const welcomes: PasswordLink[] = [];
  let written = 0;
  for (const [index, record] of records.entries()) {
    const roleId = roleIdOf.get(record.roleName.toLowerCase());
    if (roleId === undefined) {
      issues.push({ index, column: 'role', message: `No role is named "${record.roleName}": write one of your roles' names.` });
      continue;
    }
    const [holder] = await tx
      .select({ userId: users.id, consultantId: consultants.id })
      .from(users)
      .leftJoin(consultants, eq(consultants.userId, users.id))
      .where(and(eq(users.subscriberId, principal.subscriberId), sql`lower(${users.userName}) = lower(${record.userName})`));
    if (holder && holder.consultantId === null) {
      issues.push({
        index,
        column: 'userName',
        message: `${record.userName} is the user name of a user who is not a consultant: choose another user name.`,
      });
      continue;
    }
    try {
      const { welcome } = await tx.transaction((savepoint) =>
        writeConsultant(
          ctx,
          savepoint,
          principal,
          {
            ...(holder?.consultantId ? { id: holder.consultantId } : {}),
            userName: record.userName,
            displayName: record.displayName,
            email: record.email,
            mobile: record.mobile,
            roleId,
            entityIds: record.entityIds,
            firmName: record.firmName,
            profession: record.profession,
            membershipNumber: record.membershipNumber,
            pan: record.pan,
          },
          undefined,
          importId,
        ),
      );
      if (welcome) welcomes.push(welcome);
      written += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const detail = error.items[0];
      issues.push({ index, column: COLUMN_OF[detail?.propertyName ?? ''] ?? null, message: detail?.message ?? error.message });
    }
  }
  return { written, issues, welcomes };
};
