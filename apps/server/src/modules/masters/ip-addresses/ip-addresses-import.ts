// The IP allow-list's import (issue 20), called by the import module's record handler through the masters face: an
// entry already listed (the same range, compared canonical) is updated, else one is created, each with its audit row.
//
// The lock-out guard of the screen holds for the whole file: the address the file was uploaded from must stay allowed
// once the file is applied. The file's outcome is worked out before anything is written; when it would shut the
// uploader out, the rows that do so are refused with the reason (first those that deactivate an entry allowing the
// uploader, then, if the list would still leave the uploader out, those that make an entry active that does not allow
// them), and the others are written. The check is made again after the write, inside the transaction, as a backstop.
import { isAddressAllowed } from '@opengst/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { lockIpAllowList } from '../../../db/locks';
import { ipAllowList } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { AppError } from '../../../platform/errors';
import { isSignInAddressAllowed } from './ip-addresses.service';

type Status = 'Active' | 'Inactive';
/** One row, its address already canonical (parseIpRange). */
export type IpAddressRecord = { address: string; description: string; status: Status };
export type IpAddressImportIssue = { index: number; column: string | null; message: string };

/** The active entries once the records not refused are applied over the current list. */
const activeAfter = (current: ReadonlyMap<string, Status>, records: readonly IpAddressRecord[], refused: ReadonlySet<number>) => {
  const state = new Map(current);
  records.forEach((record, index) => {
    if (!refused.has(index)) state.set(record.address, record.status);
  });
  return [...state].filter(([, status]) => status === 'Active').map(([address]) => address);
};

const allows = (active: readonly string[], ip: string) => active.length === 0 || isAddressAllowed(ip, active);

/** The rows to refuse so that `ip` stays allowed, each with the reason. Pure: the current list and the file in, indexes out. */
export const lockOutRefusals = (
  current: ReadonlyMap<string, Status>,
  records: readonly IpAddressRecord[],
  ip: string,
): Map<number, string> => {
  const refused = new Map<number, string>();
  const keys = () => new Set(refused.keys());
  if (allows(activeAfter(current, records, keys()), ip)) return refused;
  records.forEach((record, index) => {
    if (record.status === 'Inactive' && current.get(record.address) === 'Active' && isAddressAllowed(ip, [record.address]))
      refused.set(
        index,
        `Deactivating ${record.address} would lock you out: it allows ${ip}, the address you uploaded this file from, and no other active entry would.`,
      );
  });
  if (allows(activeAfter(current, records, keys()), ip)) return refused;
  records.forEach((record, index) => {
    if (
      !refused.has(index) &&
      record.status === 'Active' &&
      current.get(record.address) !== 'Active' &&
      !isAddressAllowed(ip, [record.address])
    )
      refused.set(
        index,
        `Making ${record.address} active would lock you out: the list would then allow sign-in only from its active entries, and none allows ${ip}, the address you uploaded this file from. Add a row that allows ${ip} too.`,
      );
  });
  if (allows(activeAfter(current, records, keys()), ip)) return refused;
  // The list already leaves the uploader out (another administrator changed it since they signed in): nothing may change.
  records.forEach((_, index) => {
    if (!refused.has(index))
      refused.set(
        index,
        `The active list does not allow ${ip}, the address you uploaded this file from: add an entry that allows it on the IP Addresses screen first.`,
      );
  });
  return refused;
};

export const importIpAddressRecords = async (
  tx: DbOrTx,
  who: Pick<SessionPrincipal, 'subscriberId' | 'userId'>,
  records: readonly IpAddressRecord[],
  uploaderIp: string | null,
): Promise<{ written: number; issues: IpAddressImportIssue[] }> => {
  if (!uploaderIp)
    return {
      written: 0,
      issues: records.map((_, index) => ({
        index,
        column: null,
        message: 'The address this file was uploaded from is not known, so it cannot be kept allowed: upload the file again.',
      })),
    };
  await lockIpAllowList(tx, who.subscriberId);
  const rows = await tx.select().from(ipAllowList).where(eq(ipAllowList.subscriberId, who.subscriberId));
  const byAddress = new Map(rows.map((row) => [row.address, row]));
  const refusals = lockOutRefusals(new Map(rows.map((row) => [row.address, row.status])), records, uploaderIp);
  const issues: IpAddressImportIssue[] = [...refusals].map(([index, message]) => ({ index, column: 'status', message }));
  let written = 0;
  for (const [index, record] of records.entries()) {
    if (refusals.has(index)) continue;
    const existing = byAddress.get(record.address);
    const values = { ...record, updatedBy: who.userId, updatedAt: new Date() };
    const [saved] = existing
      ? await tx.update(ipAllowList).set(values).where(eq(ipAllowList.id, existing.id)).returning()
      : await tx
          .insert(ipAllowList)
          .values({ ...values, subscriberId: who.subscriberId, createdBy: who.userId })
          .returning();
    if (!saved) throw new Error('ip_allow_list write returned no row');
    await writeAudit(tx, who, {
      entityType: 'IpAddress',
      entityKey: saved.id,
      entityName: saved.address,
      action: existing ? 'Update' : 'Create',
      ...(existing ? { before: { address: existing.address, description: existing.description, status: existing.status } } : {}),
      after: record,
      ip: uploaderIp,
    });
    written++;
  }
  if (!(await isSignInAddressAllowed(tx, who.subscriberId, uploaderIp)))
    throw new AppError('AUTH0021', { message: `This file would lock you out: no active entry would allow ${uploaderIp}.` });
  return { written, issues: issues.sort((a, b) => a.index - b.index) };
};
