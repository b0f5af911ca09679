// Use cases of /ip-addresses: save (create or edit), status and delete, each in one transaction with its audit rows,
// and the sign-in check.
//
// Design (issue 20; the spec names the screen only): while a subscriber has at least one active entry, its users sign
// in only from an address an active entry allows; with none active, sign-in is not limited (a new subscriber, or one
// that removed its list, is never shut out by an empty list). The address is Fastify's request.ip: the socket's peer,
// or, when the installation sets TRUST_PROXY=true (behind its own load balancer), the client the X-Forwarded-For
// header names; never trust that header without a proxy that overwrites it, or anyone could name an allowed address.
//
// Lock-out guard: a change is made in its transaction, then the active list is read back there; when it is not empty
// and no longer allows the address of the request that made the change, the transaction is rolled back and the change
// refused (AUTH0021), so an administrator cannot shut out the session they would need to undo it. The changes of one
// subscriber's list take a lock in turn (lockIpAllowList), so two administrators' changes at the same moment cannot
// each pass the guard against a list the other is changing.
import type { IpAddressSaveSchema } from '@opengst/contracts';
import { isAddressAllowed, parseIpRange } from '@opengst/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/database';
import { lockIpAllowList } from '../../../db/locks';
import { ipAllowList } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { AppError } from '../../../platform/errors';
import { activeIpAddresses, findIpAddresses, findIpAddressRows, type IpAddressRow } from './ip-addresses.repo';

type Who = Pick<SessionPrincipal, 'subscriberId' | 'userId'>;
type SaveInput = z.output<typeof IpAddressSaveSchema>;

const audited = (row: IpAddressRow) => ({ address: row.address, description: row.description, status: row.status });

/** Whether a subscriber's users may sign in from `ip`: yes with no active entry, else when an active entry allows it. */
export const isSignInAddressAllowed = async (db: DbOrTx, subscriberId: number, ip: string): Promise<boolean> => {
  const active = await activeIpAddresses(db, subscriberId);
  return active.length === 0 || isAddressAllowed(ip, active);
};

/** The lock-out guard, run inside the change's transaction after the change. */
const assertStillAllowed = async (tx: DbOrTx, who: Who, ip: string) => {
  if (await isSignInAddressAllowed(tx, who.subscriberId, ip)) return;
  throw new AppError('AUTH0021', {
    message: `This change would lock you out: you are signed in from ${ip}, and no active entry would allow it, so you could not sign in again from here. Keep or add an active entry that allows ${ip} first.`,
  });
};

export const currentIpAddress = async (db: Db, who: Who, ip: string) => {
  const active = await activeIpAddresses(db, who.subscriberId);
  return { address: ip, activeEntries: active.length, isAllowed: active.length === 0 || isAddressAllowed(ip, active) };
};

const ipAddressById = async (db: Db, who: Who, id: number) => {
  const { items } = await findIpAddresses(db, and(eq(ipAllowList.subscriberId, who.subscriberId), eq(ipAllowList.id, id))!, {
    start: 0,
    size: 1,
  });
  const [found] = items;
  if (!found) throw new AppError('GEN0003');
  return found;
};

export const saveIpAddress = async (db: Db, who: Who, input: SaveInput, ip: string) => {
  const [existing] = input.id ? await findIpAddressRows(db, who.subscriberId, [input.id]) : [];
  if (input.id && !existing) throw new AppError('GEN0003');
  const parsed = parseIpRange(input.address);
  if (!parsed.ok) throw new AppError('GEN0009', { propertyName: 'Address', message: parsed.message });
  const address = parsed.range.canonical;
  // The same range written another way ('10.0.0.0/8' and '::ffff:10.0.0.0/104') is the same entry: compared canonical.
  const [same] = await db
    .select({ id: ipAllowList.id })
    .from(ipAllowList)
    .where(
      and(
        eq(ipAllowList.subscriberId, who.subscriberId),
        eq(ipAllowList.address, address),
        existing ? ne(ipAllowList.id, existing.id) : undefined,
      ),
    );
  if (same) throw new AppError('ORG0006', { propertyName: 'Address', message: `${address} is already listed.` });

  const values = { address, description: input.description, status: input.status, updatedBy: who.userId, updatedAt: new Date() };
  const id = await db.transaction(async (tx) => {
    await lockIpAllowList(tx, who.subscriberId);
    let saved: IpAddressRow | undefined;
    if (existing) {
      [saved] = await tx.update(ipAllowList).set(values).where(eq(ipAllowList.id, existing.id)).returning();
    } else {
      [saved] = await tx
        .insert(ipAllowList)
        .values({ ...values, subscriberId: who.subscriberId, createdBy: who.userId })
        .returning();
    }
    if (!saved) throw new Error('ip_allow_list write returned no row');
    await assertStillAllowed(tx, who, ip);
    await writeAudit(tx, who, {
      entityType: 'IpAddress',
      entityKey: saved.id,
      entityName: saved.address,
      action: existing ? 'Update' : 'Create',
      ...(existing ? { before: audited(existing) } : {}),
      after: audited(saved),
      ip,
    });
    return saved.id;
  });
  return ipAddressById(db, who, id);
};

const loadAll = async (db: Db, who: Who, ids: readonly number[]) => {
  const unique = [...new Set(ids)];
  const rows = await findIpAddressRows(db, who.subscriberId, unique);
  if (rows.length !== unique.length) throw new AppError('GEN0003');
  return rows;
};

export const updateIpAddressStatus = async (db: Db, who: Who, ids: readonly number[], status: 'Active' | 'Inactive', ip: string) => {
  const rows = await loadAll(db, who, ids);
  return db.transaction(async (tx) => {
    await lockIpAllowList(tx, who.subscriberId);
    const changing = rows.filter((row) => row.status !== status);
    if (changing.length > 0) {
      await tx
        .update(ipAllowList)
        .set({ status, updatedBy: who.userId, updatedAt: new Date() })
        .where(
          inArray(
            ipAllowList.id,
            changing.map((row) => row.id),
          ),
        );
      await assertStillAllowed(tx, who, ip);
    }
    for (const row of changing) {
      await writeAudit(tx, who, {
        entityType: 'IpAddress',
        entityKey: row.id,
        entityName: row.address,
        action: 'StatusChange',
        before: { status: row.status },
        after: { status },
        ip,
      });
    }
    return rows.length;
  });
};

export const deleteIpAddresses = async (db: Db, who: Who, ids: readonly number[], ip: string) => {
  const rows = await loadAll(db, who, ids);
  return db.transaction(async (tx) => {
    await lockIpAllowList(tx, who.subscriberId);
    await tx.delete(ipAllowList).where(
      inArray(
        ipAllowList.id,
        rows.map((row) => row.id),
      ),
    );
    await assertStillAllowed(tx, who, ip);
    for (const row of rows) {
      await writeAudit(tx, who, {
        entityType: 'IpAddress',
        entityKey: row.id,
        entityName: row.address,
        action: 'Delete',
        before: audited(row),
        ip,
      });
    }
    return rows.length;
  });
};
