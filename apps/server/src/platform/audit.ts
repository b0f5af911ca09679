import type { DbOrTx } from '../db/database';
import { auditTrail } from '../db/schema';
import type { SessionPrincipal } from './auth/sessions';

export type AuditAction = (typeof auditTrail.$inferInsert)['action'];

/** Keys never written to the audit trail, whatever the record holds. */
const SECRET_KEYS = new Set(['passwordHash', 'password', 'secret', 'tokenHash', 'otpHash', 'portalPassword']);

const redact = (value: unknown): unknown => {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redact);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEYS.has(key))
      .map(([key, v]) => [key, redact(v)]),
  );
};

/**
 * One audit row per mutation, written in the mutation's own transaction (CONVENTIONS.md "API"): who, when, what
 * record, and the record before and after. Secrets are dropped, never stored.
 */
export const writeAudit = async (
  tx: DbOrTx,
  principal: Pick<SessionPrincipal, 'subscriberId' | 'userId'>,
  entry: {
    entityType: string;
    entityKey: string | number;
    entityName?: string | null;
    action: AuditAction;
    before?: unknown;
    after?: unknown;
    ip?: string;
  },
): Promise<void> => {
  await tx.insert(auditTrail).values({
    subscriberId: principal.subscriberId,
    userId: principal.userId,
    entityType: entry.entityType,
    entityKey: String(entry.entityKey),
    entityName: entry.entityName ?? null,
    action: entry.action,
    before: entry.before === undefined ? null : redact(entry.before),
    after: entry.after === undefined ? null : redact(entry.after),
    ip: entry.ip ?? null,
  });
};
