import { PORTAL_CREDENTIAL_IMPORT_COLUMNS, type PortalCredential, type PortalCredentialImportResult } from '@opengst/contracts';
import { validateGstin } from '@opengst/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/database';
import { entities, entityPortalCredentials, userEntities } from '../../../db/schema';
import { cellValueText } from '../../../files/cell-text';
import { withTempFile } from '../../../files/temp-file';
import { openXlsx } from '../../../files/xlsx/reader';
import { writeAudit } from '../../../platform/audit';
import { assertEntityAccess } from '../../../platform/entity-access';
import { AppError } from '../../../platform/errors';
import { sealSecret } from '../../../platform/secrets';
import type { SessionPrincipal } from '../../../platform/auth/sessions';

type Target = { id: number; entityName: string; gstin: string | null };

/**
 * Seals and stores one credential (AES-256-GCM with the installation key). The audit row records the user name and
 * that the password changed, never the password.
 */
const storeCredential = async (
  tx: Tx,
  key: Buffer,
  principal: SessionPrincipal,
  target: Target,
  credential: Omit<PortalCredential, 'entityId'>,
  action: 'Update' | 'Import',
  ip: string,
) => {
  const [before] = await tx
    .select({ portalUserName: entityPortalCredentials.portalUserName })
    .from(entityPortalCredentials)
    .where(eq(entityPortalCredentials.entityId, target.id));
  const secret = sealSecret(key, credential.portalPassword);
  await tx
    .insert(entityPortalCredentials)
    .values({ entityId: target.id, portalUserName: credential.portalUserName, secret })
    .onConflictDoUpdate({
      target: entityPortalCredentials.entityId,
      set: { portalUserName: credential.portalUserName, secret, updatedAt: new Date() },
    });
  await writeAudit(tx, principal, {
    entityType: 'Entity',
    entityKey: target.id,
    entityName: target.entityName,
    action,
    before: { portalUserName: before?.portalUserName ?? null },
    after: { portalUserName: credential.portalUserName, portalPasswordChanged: true },
    ip,
  });
};

/** setGstPortalCredential(s): every entity must be the user's and carry a GSTIN; all or nothing. */
export const setPortalCredentials = async (
  db: Db,
  key: Buffer,
  principal: SessionPrincipal,
  credentials: readonly PortalCredential[],
  ip: string,
): Promise<Target[]> => {
  const ids = [...new Set(credentials.map((c) => c.entityId))];
  const targets = await db
    .select({ id: entities.id, entityName: entities.entityName, gstin: entities.gstin })
    .from(entities)
    .where(and(eq(entities.subscriberId, principal.subscriberId), inArray(entities.id, ids), ne(entities.status, 'Delete')));
  if (targets.length !== ids.length) throw new AppError('GEN0003');
  await assertEntityAccess(db, principal, ids);
  if (targets.some((t) => !t.gstin)) {
    throw new AppError('GEN0009', { propertyName: 'EntityId', message: 'GST portal credentials belong to a GSTIN: choose a location.' });
  }
  const byId = new Map(targets.map((t) => [t.id, t]));
  await db.transaction(async (tx) => {
    for (const { entityId, ...credential } of credentials) {
      const target = byId.get(entityId);
      if (target) await storeCredential(tx, key, principal, target, credential, 'Update', ip);
    }
  });
  return targets;
};

type ImportRow = { rowNumber: number; gstin: string; portalUserName: string; portalPassword: string };

const normalise = (header: string) => header.trim().toLowerCase().replace(/\s+/g, ' ');
const EXPECTED = PORTAL_CREDENTIAL_IMPORT_COLUMNS.map(normalise);

const rowsFromTable = (table: string[][]): ImportRow[] => {
  const [header, ...body] = table;
  if (!header || EXPECTED.some((name, i) => normalise(header[i] ?? '') !== name)) throw new AppError('ORG0009');
  return body
    .map((cells, i) => ({
      rowNumber: i + 2,
      gstin: (cells[0] ?? '').trim().toUpperCase(),
      portalUserName: (cells[1] ?? '').trim(),
      portalPassword: cells[2] ?? '',
    }))
    .filter((row) => row.gstin || row.portalUserName || row.portalPassword);
};

/** One CSV line: comma separated, double quotes around a field may hold commas and doubled quotes (RFC 4180). */
const splitCsvLine = (line: string): string[] => {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
};

/** The rows of an uploaded .xlsx (first sheet) or .csv; anything else is refused with ORG0009. */
export const readCredentialFile = async (fileName: string, content: Buffer): Promise<ImportRow[]> => {
  const extension = fileName.toLowerCase().split('.').pop();
  if (extension === 'csv') {
    const text = content.toString('utf8').replace(/^\uFEFF/, '');
    return rowsFromTable(text.split(/\r?\n/).map(splitCsvLine));
  }
  if (extension !== 'xlsx') throw new AppError('ORG0009');
  // Row n of the sheet is table[n - 1]: a row the sheet skips is an empty one, so row numbers stay those of the file.
  const table: string[][] = [];
  await withTempFile(content, async (path) => {
    try {
      const workbook = await openXlsx(path);
      const [sheet] = workbook.sheets;
      if (!sheet) throw new AppError('ORG0009');
      for await (const { row, values } of workbook.rows(sheet))
        table[row - 1] = [0, 1, 2].map((column) => cellValueText(values[column] ?? null));
    } catch {
      throw new AppError('ORG0009');
    }
  });
  return rowsFromTable(Array.from(table, (cells) => cells ?? []));
};

/** Validates every row (GSTIN format, a location of the user's, user name, password), stores the valid ones. */
export const importPortalCredentials = async (
  db: Db,
  key: Buffer,
  principal: SessionPrincipal,
  rows: readonly ImportRow[],
  ip: string,
): Promise<PortalCredentialImportResult> => {
  const accessible = await db
    .select({ id: entities.id, entityName: entities.entityName, gstin: entities.gstin })
    .from(entities)
    .innerJoin(userEntities, and(eq(userEntities.entityId, entities.id), eq(userEntities.userId, principal.userId)))
    .where(and(eq(entities.subscriberId, principal.subscriberId), ne(entities.status, 'Delete')));
  const byGstin = new Map(accessible.filter((t) => t.gstin).map((t) => [t.gstin, t]));
  const errors: PortalCredentialImportResult['errors'] = [];
  const valid: { target: Target; row: ImportRow }[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const fail = (propertyName: string, message: string) =>
      errors.push({ rowNumber: row.rowNumber, gstin: row.gstin || null, propertyName, message });
    const gstin = validateGstin(row.gstin);
    const target = gstin.ok ? byGstin.get(gstin.gstin) : undefined;
    if (!gstin.ok) fail('Gstin', gstin.message);
    else if (!target) fail('Gstin', 'No location of yours has this GSTIN.');
    else if (seen.has(gstin.gstin)) fail('Gstin', 'This GSTIN appears more than once in the file.');
    else if (!row.portalUserName) fail('PortalUserName', 'Portal user name is required.');
    else if (row.portalUserName.length > 100) fail('PortalUserName', 'Portal user name is at most 100 characters.');
    else if (!row.portalPassword) fail('PortalPassword', 'Portal password is required.');
    else if (row.portalPassword.length > 200) fail('PortalPassword', 'Portal password is at most 200 characters.');
    else {
      seen.add(gstin.gstin);
      valid.push({ target, row });
    }
  }
  if (valid.length > 0) {
    await db.transaction(async (tx) => {
      for (const { target, row } of valid) {
        await storeCredential(
          tx,
          key,
          principal,
          target,
          { portalUserName: row.portalUserName, portalPassword: row.portalPassword },
          'Import',
          ip,
        );
      }
    });
  }
  return { totalRows: rows.length, saved: valid.length, errors };
};
