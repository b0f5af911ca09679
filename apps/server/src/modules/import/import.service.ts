// Uploads (stored under <dataDir>/uploads/<subscriberId>/<importId>, then queued) and the column aliases.
import type { MultipartFile } from '@fastify/multipart';
import {
  headerKey,
  IMPORT_COLUMNS,
  IMPORT_TYPES,
  type ImportAlias,
  type ImportStatus,
  type ImportType,
  type RightId,
} from '@opengst/contracts';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { importAliases, imports } from '../../db/schema';
import { AppError, validationError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/queue';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { computeRightsList, isRightHeld } from '../../platform/rights';
import { loadSubscriberSettings } from '../../platform/settings/subscriber-settings';
import { IMPORT_JOB } from './import.jobs';
import { INWARD_JSON_NAMES } from './json/official-json.rules';
import { sniffUpload, type SniffedUpload } from './sniff.rules';

/** The right of the import type (ImportSales, ImportPurchase) must be held, not only one of them. */
export const assertImportRight = async (ctx: AppContext, principal: SessionPrincipal, importType: ImportType): Promise<void> => {
  const rightId = IMPORT_TYPES.find((t) => t.importType === importType)?.rightId;
  const rights = await computeRightsList(ctx.database.db, principal.subscriberId, principal.roleId, ctx.now());
  if (!isRightHeld(rights.find((r) => r.rightId === rightId))) throw new AppError('GEN0002');
};

/**
 * A GSTR-2A/2B JSON replaces the portal's data of its GSTIN and period, as a download does: it takes the right of the
 * download (returns.routes.ts inwardDownload) besides the import's own.
 */
const INWARD_UPLOAD_RIGHTS: readonly RightId[] = ['Gstr1File', 'Gstr2aReconciliation'];

/**
 * Official JSON formats: GSTR-1 and e-invoices are sales documents; the GST portal's GSTR-2A/2B JSON (the portal's data
 * of a recipient) is imported as purchase documents. Other types take no JSON.
 */
const checkJsonUpload = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  importType: ImportType,
  sniffed: SniffedUpload,
): Promise<void> => {
  if (sniffed.format !== 'json') return;
  const official = sniffed.json?.official;
  const inward = official === 'gstr2a' || official === 'gstr2b' ? official : null;
  if (importType === 'SalesDocuments' && inward)
    throw new AppError('IMP0026', {
      message: `This is the GST portal's ${INWARD_JSON_NAMES[inward]} JSON of ${sniffed.json?.gstin ?? ''} for ${sniffed.json?.period ?? ''}: import it as Purchase documents.`,
    });
  if (importType === 'SalesDocuments') return;
  if (importType !== 'PurchaseDocuments') throw new AppError('IMP0026');
  if (!inward)
    throw new AppError('IMP0026', {
      message:
        "As purchase documents a JSON is read as the GST portal's GSTR-2A or GSTR-2B; this one is a GSTR-1 or e-invoices: import it as Sales documents.",
    });
  const rights = await computeRightsList(ctx.database.db, principal.subscriberId, principal.roleId, ctx.now());
  if (!INWARD_UPLOAD_RIGHTS.some((rightId) => isRightHeld(rights.find((r) => r.rightId === rightId))))
    throw new AppError('GEN0002', {
      message: `A ${INWARD_JSON_NAMES[inward]} JSON replaces the portal's data of its GSTIN: importing it needs the right to download GSTR-2A/2B (Save, submit and file GSTR-1, or GSTR-2A/2B reconciliation).`,
    });
};

/** The byte limit of an upload, from the subscriber's import settings. */
export const uploadLimitBytes = async (ctx: AppContext, subscriberId: number): Promise<{ bytes: number; megabytes: number }> => {
  const megabytes = (await loadSubscriberSettings(ctx.database.db, subscriberId)).importValidation.maxFileSizeMb;
  return { bytes: megabytes * 1024 * 1024, megabytes };
};

/**
 * Streams the upload to disk (never whole in memory), checks what it is from its bytes, records the import
 * (Initialized, with the all-or-nothing setting of the moment) and its audit row, then queues the job.
 */
export const acceptUpload = async (
  ctx: AppContext,
  jobs: JobQueue,
  principal: SessionPrincipal,
  file: MultipartFile,
  fields: { importType: ImportType; entityId: number | null },
  limit: { megabytes: number },
  ip: string,
): Promise<{ importId: number; status: ImportStatus }> => {
  const { db } = ctx.database;
  const folder = join('uploads', String(principal.subscriberId));
  await mkdir(join(ctx.config.dataDir, folder), { recursive: true });
  const temporary = join(ctx.config.dataDir, folder, `upload-${randomUUID()}`);
  try {
    try {
      await pipeline(file.file, createWriteStream(temporary));
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('IMP0006', { message: `The file is larger than ${limit.megabytes} MB, the limit of your import settings.` });
      throw error;
    }
    if (file.file.truncated)
      throw new AppError('IMP0006', { message: `The file is larger than ${limit.megabytes} MB, the limit of your import settings.` });
    const sniffed = await sniffUpload(temporary);
    const { format } = sniffed;
    await checkJsonUpload(ctx, principal, fields.importType, sniffed);
    const { size } = await stat(temporary);
    const settings = await loadSubscriberSettings(db, principal.subscriberId);
    const importId = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(imports)
        .values({
          subscriberId: principal.subscriberId,
          entityId: fields.entityId,
          importType: fields.importType,
          fileName: file.filename.slice(0, 255) || 'upload',
          fileSize: size,
          fileFormat: format,
          storagePath: '',
          status: 'Initialized',
          isAllOrNothing: settings.importValidation.allOrNothing,
          createdBy: principal.userId,
        })
        .returning({ id: imports.id });
      if (!row) throw new Error('import row not created');
      const storagePath = join(folder, String(row.id));
      await tx.update(imports).set({ storagePath }).where(eq(imports.id, row.id));
      await writeAudit(tx, principal, {
        entityType: 'Import',
        entityKey: row.id,
        entityName: file.filename,
        action: 'Create',
        after: { importType: fields.importType, fileSize: size, format },
        ip,
      });
      await rename(temporary, join(ctx.config.dataDir, storagePath));
      return row.id;
    });
    // Queued outside the transaction: on PGlite an open transaction holds the only connection.
    await jobs.send(IMPORT_JOB, { importId, subscriberId: principal.subscriberId, userId: principal.userId, ip });
    return { importId, status: 'Initialized' };
  } finally {
    await rm(temporary, { force: true });
  }
};

export const listAliases = async (ctx: AppContext, principal: SessionPrincipal, importType: ImportType): Promise<ImportAlias[]> =>
  ctx.database.db
    .select({ column: importAliases.column, alias: importAliases.alias })
    .from(importAliases)
    .where(and(eq(importAliases.subscriberId, principal.subscriberId), eq(importAliases.importType, importType)))
    .orderBy(importAliases.column);

/**
 * Whether the user may change the aliases of an import type: with the data mapper's right (/data-mapper, any type), or
 * with the right to import that type (the import screen's mapping step).
 */
export const assertAliasRight = async (ctx: AppContext, principal: SessionPrincipal, importType: ImportType): Promise<void> => {
  const rightId = IMPORT_TYPES.find((t) => t.importType === importType)?.rightId;
  const rights = await computeRightsList(ctx.database.db, principal.subscriberId, principal.roleId, ctx.now());
  const holds = (id: string | undefined) => isRightHeld(rights.find((r) => r.rightId === id));
  if (!holds('MasterDataMapper') && !holds(rightId)) throw new AppError('GEN0002');
};

/**
 * Replaces the aliases of one import type: each maps to a documented column, and no header means two columns. A header
 * the reader already knows (a column's own name or key, or a known header of another program's export) is refused as
 * an alias: the reader matches those first, so the alias would never be read (spec core §5: aliases of at most 40
 * characters; compared as the reader compares headers, headerKey).
 */
export const saveAliases = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  importType: ImportType,
  aliases: readonly ImportAlias[],
  ip: string,
): Promise<ImportAlias[]> => {
  const columns = IMPORT_COLUMNS[importType];
  const known = new Map<string, string>();
  for (const c of columns) for (const header of [c.name, c.key, ...c.aliases]) known.set(headerKey(header), c.name);
  const seen = new Map<string, string>();
  const problems = aliases.flatMap((a, index) => {
    const lower = headerKey(a.alias);
    const at = (message: string, property = 'alias') => [
      { code: 'GEN0009', message, propertyName: `aliases[${index}].${property}`, type: 'Error' as const },
    ];
    if (!columns.some((c) => c.key === a.column)) return at(`Unknown column "${a.column}".`, 'column');
    if (lower === '') return at(`"${a.alias}" has no letter or digit to match a header by.`);
    const knownAs = known.get(lower);
    if (knownAs) return at(`"${a.alias.trim()}" is already read as the column ${knownAs}: it needs no alias.`);
    const earlier = seen.get(lower);
    if (earlier) return at(`"${a.alias.trim()}" is already a column name or another alias (of ${earlier}).`);
    seen.set(lower, columns.find((c) => c.key === a.column)?.name ?? a.column);
    return [];
  });
  if (problems.length > 0) throw validationError(problems);
  const before = await listAliases(ctx, principal, importType);
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .delete(importAliases)
      .where(and(eq(importAliases.subscriberId, principal.subscriberId), eq(importAliases.importType, importType)));
    if (aliases.length > 0)
      await tx
        .insert(importAliases)
        .values(aliases.map((a) => ({ subscriberId: principal.subscriberId, importType, column: a.column, alias: a.alias.trim() })));
    await writeAudit(tx, principal, {
      entityType: 'ImportAlias',
      entityKey: importType,
      entityName: importType,
      action: 'Update',
      before,
      after: aliases,
      ip,
    });
  });
  return listAliases(ctx, principal, importType);
};
