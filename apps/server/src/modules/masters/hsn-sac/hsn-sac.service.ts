// Use cases of /hsn-sac: save (create or edit), status and delete, each in one transaction with its audit rows. Every
// saved code passes hsn-sac.rules.ts against the GST portal's directory; a code the subscriber's documents carry is
// never deleted (its documents would name a code the list no longer explains): deactivate it instead, and the
// document screen's lookup stops offering it.
import type { HsnSacOptions, HsnSacSaveSchema } from '@opengst/contracts';
import { gstRatesOn, UQC, UQC_CODES } from '@opengst/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/database';
import { hsnCodes } from '../../../db/schema';
import { writeAudit } from '../../../platform/audit';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { AppError, validationError } from '../../../platform/errors';
import { officialHsnIndex } from '../official-hsn.service';
import { documentsUsingCodes, findHsnCodeByCode, findHsnCodeRows, findHsnSacs, type HsnCodeRow } from './hsn-sac.repo';
import { checkHsnSac, SERVICE_UQC } from './hsn-sac.rules';

type Who = Pick<SessionPrincipal, 'subscriberId' | 'userId'>;
type SaveInput = z.output<typeof HsnSacSaveSchema>;
type Env = { db: Db; hsnDirectoryFile: string; today: string; ip: string };

const audited = (row: HsnCodeRow) => ({
  code: row.code,
  description: row.description,
  rate: row.rate,
  uqc: row.uqc,
  status: row.status,
});

export const hsnSacOptions = (today: string): HsnSacOptions => ({
  rates: gstRatesOn(today).map((s) => ({ rate: s.milliPercent, ratePercent: s.ratePercent, restricted: s.restricted, source: s.source })),
  uqcs: UQC_CODES.map((code) => ({ code, name: UQC[code] })),
  serviceUqc: SERVICE_UQC,
});

const hsnSacById = async (db: Db, who: Who, id: number) => {
  const { items } = await findHsnSacs(db, and(eq(hsnCodes.subscriberId, who.subscriberId), eq(hsnCodes.id, id))!, { start: 0, size: 1 });
  const [found] = items;
  if (!found) throw new AppError('GEN0003');
  return found;
};

export const saveHsnSac = async (env: Env, who: Who, input: SaveInput) => {
  const { db } = env;
  const [existing] = input.id ? await findHsnCodeRows(db, who.subscriberId, [input.id]) : [];
  if (input.id && !existing) throw new AppError('GEN0003');
  const checked = checkHsnSac(await officialHsnIndex(env.hsnDirectoryFile), input, env.today);
  if (!checked.ok)
    throw validationError(
      checked.issues.map((issue) => ({ code: 'GEN0009', type: 'Error', propertyName: issue.column, message: issue.message })),
    );
  const description = input.description || checked.officialDescription || '';
  if (!description)
    throw validationError([
      {
        code: 'GEN0009',
        type: 'Error',
        propertyName: 'description',
        message: `The directory lists ${checked.code} as a heading without its own description: write one.`,
      },
    ]);
  const same = await findHsnCodeByCode(db, who.subscriberId, checked.code);
  if (same && same.id !== existing?.id)
    throw new AppError('ORG0006', { propertyName: 'code', message: `${checked.code} is already in your list.` });
  if (existing && existing.code !== checked.code) {
    // A code the documents carry keeps its row: changing it would leave them naming a code the list lost.
    const used = (await documentsUsingCodes(db, who.subscriberId, [existing.code])).get(existing.code) ?? 0;
    if (used > 0)
      throw new AppError('GEN0009', {
        propertyName: 'code',
        message: `${existing.code} is on ${used} of your documents, so its code cannot change: add ${checked.code} as a new code instead.`,
      });
  }

  const values = {
    code: checked.code,
    description,
    isService: checked.isService,
    rate: checked.rate,
    uqc: checked.uqc,
    status: input.status,
    updatedBy: who.userId,
    updatedAt: new Date(),
  };
  const id = await db.transaction(async (tx) => {
    const [saved] = existing
      ? await tx.update(hsnCodes).set(values).where(eq(hsnCodes.id, existing.id)).returning()
      : await tx
          .insert(hsnCodes)
          .values({ ...values, subscriberId: who.subscriberId, createdBy: who.userId })
          .returning();
    if (!saved) throw new Error('hsn_codes write returned no row');
    await writeAudit(tx, who, {
      entityType: 'HsnSac',
      entityKey: saved.id,
      entityName: saved.code,
      action: existing ? 'Update' : 'Create',
      ...(existing ? { before: audited(existing) } : {}),
      after: audited(saved),
      ip: env.ip,
    });
    return saved.id;
  });
  return hsnSacById(db, who, id);
};

const loadAll = async (db: Db, who: Who, ids: readonly number[]) => {
  const unique = [...new Set(ids)];
  const rows = await findHsnCodeRows(db, who.subscriberId, unique);
  if (rows.length !== unique.length) throw new AppError('GEN0003');
  return rows;
};

export const updateHsnSacStatus = async (db: Db, who: Who, ids: readonly number[], status: 'Active' | 'Inactive', ip: string) => {
  const rows = await loadAll(db, who, ids);
  return db.transaction(async (tx) => {
    const changing = rows.filter((row) => row.status !== status);
    if (changing.length > 0)
      await tx
        .update(hsnCodes)
        .set({ status, updatedBy: who.userId, updatedAt: new Date() })
        .where(
          inArray(
            hsnCodes.id,
            changing.map((row) => row.id),
          ),
        );
    for (const row of changing) {
      await writeAudit(tx, who, {
        entityType: 'HsnSac',
        entityKey: row.id,
        entityName: row.code,
        action: 'StatusChange',
        before: { status: row.status },
        after: { status },
        ip,
      });
    }
    return rows.length;
  });
};

/** Deletes codes no document of the subscriber carries; one in use is refused with the number of its documents. */
export const deleteHsnSacs = async (db: Db, who: Who, ids: readonly number[], ip: string) => {
  const rows = await loadAll(db, who, ids);
  return db.transaction(async (tx) => {
    const used = await documentsUsingCodes(
      tx,
      who.subscriberId,
      rows.map((row) => row.code),
    );
    const refused = rows.filter((row) => (used.get(row.code) ?? 0) > 0);
    if (refused.length > 0)
      throw validationError(
        refused.map((row) => ({
          code: 'GEN0009',
          type: 'Error',
          message: `${row.code} is in use: ${used.get(row.code)} of your documents carry it, so it cannot be deleted; deactivate it instead (the document screen then no longer offers it).`,
        })),
      );
    await tx.delete(hsnCodes).where(
      inArray(
        hsnCodes.id,
        rows.map((row) => row.id),
      ),
    );
    for (const row of rows) {
      await writeAudit(tx, who, {
        entityType: 'HsnSac',
        entityKey: row.id,
        entityName: row.code,
        action: 'Delete',
        before: audited(row),
        ip,
      });
    }
    return rows.length;
  });
};
