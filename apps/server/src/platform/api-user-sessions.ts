// A location's session with a government API that signs in with an API user of its GSTIN (NIC's e-invoice IRP and
// e-way bill system: the auth token and SEK live six hours): the user's password and the session kept sealed in a table
// of the module (irp_sessions, ewb_sessions, the same columns), the session reused while valid and renewed in its last
// 10 minutes; the sandbox's own user when none is recorded and the sandbox answers; recording a user drops the previous
// user's session, with its audit row.
import { and, eq, sql } from 'drizzle-orm';
import { entities, ewbSessions, irpSessions } from '../db/schema';
import { writeAudit } from './audit';
import type { AppContext } from './context';
import { AppError } from './errors';
import { openSecret, sealSecret } from './secrets';

/** The sessions' tables: one per government API, the same columns. */
type SessionTable = typeof ewbSessions | typeof irpSessions;
// Both tables have the same columns: queried through one of their types.
const asTable = (table: SessionTable) => table as typeof ewbSessions;

const RENEW_BEFORE_MS = 10 * 60_000;

export type ApiUser = { userName: string; password: string };

export type ApiSessionOptions<S> = {
  table: SessionTable;
  isSandbox: boolean;
  sandboxUser: ApiUser;
  /** The refusal when no user is recorded for the GSTIN and the real system answers. */
  noUser: (gstin: string) => Error;
  /** Signs in; `hadSession`: a session existed (the IRP then forces a new token). */
  authenticate: (user: ApiUser, hadSession: boolean) => Promise<S>;
  /** When the new session ends. */
  expiresAt: (session: S, now: Date) => Date;
};

/** The location's session: the stored one while valid, else a new sign-in, stored sealed. */
export const apiSessionOf = async <S>(
  ctx: AppContext,
  location: { id: number; subscriberId: number; gstin: string },
  userId: number,
  options: ApiSessionOptions<S>,
): Promise<S> => {
  const { db } = ctx.database;
  const table = asTable(options.table);
  const now = ctx.now();
  const [row] = await db.select().from(table).where(eq(table.entityId, location.id));
  if (row?.session && row.expiresAt && row.gstin === location.gstin && row.expiresAt.getTime() - now.getTime() > RENEW_BEFORE_MS)
    return JSON.parse(openSecret(ctx.secretKey, row.session)) as S;
  let user: ApiUser;
  if (row && row.gstin === location.gstin) user = { userName: row.userName, password: openSecret(ctx.secretKey, row.password) };
  else if (options.isSandbox) user = options.sandboxUser;
  else throw options.noUser(location.gstin);
  const session = await options.authenticate(user, Boolean(row?.session));
  const values = {
    subscriberId: location.subscriberId,
    gstin: location.gstin,
    userName: user.userName,
    password: sealSecret(ctx.secretKey, user.password),
    session: sealSecret(ctx.secretKey, JSON.stringify(session)),
    expiresAt: options.expiresAt(session, now),
    updatedBy: userId,
  };
  await db
    .insert(table)
    .values({ entityId: location.id, ...values })
    .onConflictDoUpdate({ target: table.entityId, set: { ...values, updatedAt: sql`now()` } });
  return session;
};

/**
 * Records a location's API user (the password sealed); the previous user's session is dropped, so the next call signs
 * in with this one. `entityType` names the audit row, `noun` the API in the refusal ("e-invoice", "e-way bill").
 */
export const saveApiUser = async (
  ctx: AppContext,
  actor: { subscriberId: number; userId: number },
  request: { entityId: number; userName: string; password: string },
  ip: string,
  options: { table: SessionTable; entityType: string; noun: string },
): Promise<{ entityId: number; gstin: string; userName: string }> => {
  const { db } = ctx.database;
  const table = asTable(options.table);
  const [location] = await db
    .select({ gstin: entities.gstin })
    .from(entities)
    .where(and(eq(entities.id, request.entityId), eq(entities.subscriberId, actor.subscriberId)));
  if (!location) throw new AppError('GEN0003');
  if (!location.gstin)
    throw new AppError('GEN0009', { propertyName: 'EntityId', message: `Only a location with a GSTIN has an ${options.noun} API user.` });
  const gstin = location.gstin;
  const values = {
    subscriberId: actor.subscriberId,
    gstin,
    userName: request.userName,
    password: sealSecret(ctx.secretKey, request.password),
    session: null,
    expiresAt: null,
    updatedBy: actor.userId,
  };
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ userName: table.userName }).from(table).where(eq(table.entityId, request.entityId));
    await tx
      .insert(table)
      .values({ entityId: request.entityId, ...values })
      .onConflictDoUpdate({ target: table.entityId, set: { ...values, updatedAt: sql`now()` } });
    await writeAudit(tx, actor, {
      entityType: options.entityType,
      entityKey: request.entityId,
      entityName: gstin,
      action: before ? 'Update' : 'Create',
      before: before ?? undefined,
      after: { userName: request.userName },
      ip,
    });
  });
  return { entityId: request.entityId, gstin, userName: request.userName };
};
