import type { AUDIT_TRAIL_REPORT, AuditDetail } from '@opengst/contracts';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { auditTrail, users } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import type { ReportSource } from '../../../platform/reports/report.queries';
import type { SessionPrincipal } from '../../../platform/auth/sessions';

const DAY_MS = 86_400_000;
/** Report dates are India dates: a day runs from 00:00 IST (UTC+05:30). */
const istMidnight = (date: string): Date => new Date(`${date}T00:00:00+05:30`);
/** Fields that change on every save and say nothing to a reader. */
const NOISE_FIELDS = new Set(['updatedAt']);

const columns = {
  id: auditTrail.id,
  userId: auditTrail.userId,
  userName: users.userName,
  entityType: auditTrail.entityType,
  entityKey: auditTrail.entityKey,
  entityName: auditTrail.entityName,
  action: auditTrail.action,
  ip: auditTrail.ip,
  createdAt: auditTrail.createdAt,
};

const toItem = <T extends { createdAt: Date }>(row: T) => ({ ...row, createdAt: row.createdAt.toISOString() });

/** The audit trail as a report (contracts AUDIT_TRAIL_REPORT): the subscriber's own rows only. */
export const auditTrailSource: ReportSource<typeof AUDIT_TRAIL_REPORT> = {
  table: auditTrail,
  id: auditTrail.id,
  sortColumns: { createdAt: auditTrail.createdAt, entityType: auditTrail.entityType, action: auditTrail.action },
  totalColumns: {},
  scope: async (_db, principal, f) => ({
    condition: and(
      eq(auditTrail.subscriberId, principal.subscriberId),
      f?.entityType ? eq(auditTrail.entityType, f.entityType) : undefined,
      f?.action ? eq(auditTrail.action, f.action) : undefined,
      f?.userId ? eq(auditTrail.userId, f.userId) : undefined,
      f?.entityKey ? eq(auditTrail.entityKey, f.entityKey) : undefined,
      f?.fromDate ? gte(auditTrail.createdAt, istMidnight(f.fromDate)) : undefined,
      f?.toDate ? lt(auditTrail.createdAt, new Date(istMidnight(f.toDate).getTime() + DAY_MS)) : undefined,
    ),
  }),
  rowsOf: async (db, ids) =>
    (
      await db
        .select(columns)
        .from(auditTrail)
        .leftJoin(users, eq(users.id, auditTrail.userId))
        .where(inArray(auditTrail.id, [...ids]))
    ).map(toItem),
};

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Top-level fields whose values differ between before and after (a create lists every field it set). */
export const changedFields = (before: unknown, after: unknown): AuditDetail['changes'] => {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((field) => !NOISE_FIELDS.has(field));
  return fields
    .filter((field) => JSON.stringify(b[field] ?? null) !== JSON.stringify(a[field] ?? null))
    .map((field) => ({ field, before: b[field] ?? null, after: a[field] ?? null }));
};

export const findAuditDetail = async (db: DbOrTx, principal: SessionPrincipal, id: number): Promise<AuditDetail> => {
  const [row] = await db
    .select({ ...columns, before: auditTrail.before, after: auditTrail.after })
    .from(auditTrail)
    .leftJoin(users, eq(users.id, auditTrail.userId))
    .where(and(eq(auditTrail.id, id), eq(auditTrail.subscriberId, principal.subscriberId)));
  if (!row) throw new AppError('GEN0003');
  return { ...toItem(row), changes: changedFields(row.before, row.after) };
};
