// Create, edit, draft and delete of a document (the one screen of spec core §2 "Documents"). The checks are the
// import's: the domain's validateDocument with the VAL codes, answered per field (Items[0].Taxable) so the screen can
// mark it. Taxes are recomputed here when the subscriber's auto-compute setting is on, and header totals always are.
import {
  type DocumentDetail,
  documentStatusLabel,
  type DocumentIssue,
  documentPropertyName,
  type DocumentSaveRequest,
  documentTotals,
  type DocumentTotals,
  type SubscriberSettings,
  SUPPLY_TYPES,
  toDocumentInput,
} from '@opengst/contracts';
import {
  computeDocumentTaxes,
  financialYearOf,
  formatPortalDate,
  hsnTurnoverYear,
  returnPeriodOf,
  validateDocument,
  istDateOf,
} from '@opengst/domain';
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { drawSeriesNumber, previewSeriesNumber, SeriesDrawError } from '../masters';
import { turnoversByEntity } from '../organization';
import { writeAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../db/database';
import { lockDocumentKeys } from '../../db/locks';
import { documentItems, documents, entities, returnDocuments } from '../../db/schema';
import { assertEntityAccess } from '../../platform/entity-access';
import { AppError } from '../../platform/errors';
import type { SessionPrincipal } from '../../platform/auth/sessions';
import { computeRightsList, heldRightIds } from '../../platform/rights';
import { loadSubscriberSettings } from '../../platform/settings/subscriber-settings';
import { amendmentIssues, assertValueConfirmed, normalise, rightNeeded } from './document-save.rules';
import { documentDetail, type DocumentRow, findDocument, itemsOf } from './document.repo';

/** A document with an e-invoice (Generated) or already reported (Completed) is changed on the portal, not here. */
const LOCKED_STATUSES = new Set(['Generated', 'Completed']);
/** Only what was never reported may be deleted. */
const DELETABLE_STATUSES = new Set(['Draft', 'YetNotGenerated']);

/**
 * A draft may be incomplete, but what it holds must still be of the right kind: a known document type (VAL0001), a
 * document number of the legal shape (VAL0065), a known supply type, and a number no other document of the key uses
 * (both GEN0009).
 */
const BLOCKS_DRAFTS = new Set(['VAL0001', 'VAL0065', 'GEN0009']);

type Location = { id: number; gstin: string; stateCode: string };

export type Prepared = {
  request: DocumentSaveRequest;
  location: Location;
  issues: DocumentIssue[];
  totals: DocumentTotals;
  settings: SubscriberSettings;
  /** The series a new document is numbered from: its number is drawn in the save's transaction. */
  series: { allocationId: number; seriesId: number } | null;
};

/**
 * A new sales document (not a draft) may take its number from a series allocated to its location and type: the number
 * it would take now stands in for validation; the save draws the real one (numbering.ts). Anything else is an issue
 * on SeriesId, which blocks the save (GEN0009).
 */
const seriesOf = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  request: DocumentSaveRequest,
): Promise<{ series: Prepared['series']; issue: DocumentIssue | null; number: string }> => {
  const refuse = (message: string) => ({
    series: null,
    number: request.documentNumber,
    issue: { code: 'GEN0009', propertyName: 'SeriesId', type: 'Error' as const, message },
  });
  if (!request.seriesId) return { series: null, issue: null, number: request.documentNumber };
  if (request.id) return refuse('A saved document keeps its number: a series numbers new documents only.');
  if (request.direction !== 'Sales') return refuse('A series numbers the documents a location issues (sales), not purchases.');
  if (request.isDraftDocument)
    return refuse("A draft is not numbered from a series: save the document to take its number, or type the draft's number.");
  const preview = await previewSeriesNumber(ctx.database.db, principal, {
    seriesId: request.seriesId,
    entityId: request.entityId,
    documentType: request.documentType,
    documentDate: request.documentDate,
  });
  if (!preview.ok) return refuse(preview.message);
  return { series: { allocationId: preview.allocationId, seriesId: preview.seriesId }, issue: null, number: preview.number };
};

/** The location a document belongs to: one of the subscriber's, with a GSTIN (the supplier of a sale, the recipient of a purchase). */
const locationOf = async (db: DbOrTx, principal: SessionPrincipal, entityId: number): Promise<Location> => {
  await assertEntityAccess(db, principal, [entityId]);
  const [row] = await db
    .select({ id: entities.id, gstin: entities.gstin, stateCode: entities.stateCode })
    .from(entities)
    .where(and(eq(entities.id, entityId), eq(entities.subscriberId, principal.subscriberId)));
  if (!row?.gstin)
    throw new AppError('GEN0009', {
      propertyName: 'EntityId',
      message: 'Choose a location with a GSTIN: documents belong to a registered location.',
    });
  return { id: row.id, gstin: row.gstin, stateCode: row.stateCode ?? row.gstin.slice(0, 2) };
};

/** The document key's other holder, if any (Rule 46(b): a number once per financial year; purchases per supplier). */
const duplicateOf = async (db: DbOrTx, principal: SessionPrincipal, request: DocumentSaveRequest, financialYear: string) => {
  const where: (SQL | undefined)[] = [
    eq(documents.subscriberId, principal.subscriberId),
    eq(documents.entityId, request.entityId),
    eq(documents.direction, request.direction),
    eq(documents.financialYear, financialYear),
    eq(documents.documentType, request.documentType),
    eq(documents.documentNumber, request.documentNumber),
    request.direction === 'Purchase' ? eq(documents.counterpartyGstin, request.counterpartyGstin?.trim().toUpperCase() ?? '') : undefined,
    request.id ? ne(documents.id, request.id) : undefined,
  ];
  const [row] = await db
    .select({ id: documents.id, documentDate: documents.documentDate, status: documents.status, isDraft: documents.isDraftDocument })
    .from(documents)
    .where(and(...where))
    .limit(1);
  return row;
};

/**
 * Everything save and validate share: the location, the taxes (auto-computed when the setting is on), the totals, and
 * the issues: the domain's, then the document key's uniqueness. Nothing is stored.
 */
export const prepareDocument = async (ctx: AppContext, principal: SessionPrincipal, input: DocumentSaveRequest): Promise<Prepared> => {
  const { db } = ctx.database;
  const location = await locationOf(db, principal, input.entityId);
  const settings = await loadSubscriberSettings(db, principal.subscriberId);
  let request = normalise(input);
  const numbering = await seriesOf(ctx, principal, request);
  if (request.seriesId) request = { ...request, documentNumber: numbering.number };
  if (settings.autoCompute.computeTax) request = { ...request, items: computeDocumentTaxes(request, request.items, location.stateCode) };
  const today = istDateOf(ctx.now());
  // The HSN digits a sale needs follow its location's turnover (Notification 78/2020-CT); a supplier's is not known.
  const supplierTurnover =
    request.direction === 'Sales'
      ? ((await turnoversByEntity(db, [location.id])).get(location.id)?.get(hsnTurnoverYear(request.documentDate)) ?? 0)
      : undefined;
  const issues: DocumentIssue[] = validateDocument(toDocumentInput(request, location.gstin), {
    today,
    returnPeriod: returnPeriodOf(request.documentDate),
    ...(supplierTurnover === undefined ? {} : { supplierTurnover }),
  })
    // A number to come from a series is not missing: the series' issue says what stands in its way.
    .filter((issue) => !(request.seriesId && issue.code === 'VAL0002'))
    .map((issue) => ({ ...issue, propertyName: documentPropertyName(issue.propertyName, request.direction) }));
  if (numbering.issue) issues.push(numbering.issue);
  if (request.supplyType && !(SUPPLY_TYPES as readonly string[]).includes(request.supplyType)) {
    issues.push({
      code: 'GEN0009',
      propertyName: 'SupplyType',
      type: 'Error',
      message: `Supply type must be one of ${SUPPLY_TYPES.join(', ')}, or blank (B2B with a GSTIN, else B2C).`,
    });
  }
  const duplicate = request.documentNumber ? await duplicateOf(db, principal, request, financialYearOf(request.documentDate)) : undefined;
  if (duplicate) {
    issues.push({
      code: 'GEN0009',
      propertyName: 'DocumentNumber',
      type: 'Error',
      message:
        `${request.documentType} ${request.documentNumber} already exists for this location in financial year ${financialYearOf(request.documentDate)}` +
        ` (dated ${formatPortalDate(duplicate.documentDate)}, ${duplicate.isDraft ? 'a draft' : `status "${documentStatusLabel(duplicate.status)}"`}).` +
        (numbering.series
          ? " It is the next number of the chosen series: raise the series' next number in Series, or type the number."
          : ' Use another number, or open that document from the register.'),
    });
  }
  return { request, location, issues, totals: documentTotals(request.items), settings, series: numbering.series };
};

const auditShape = (
  row: DocumentRow,
  items: readonly {
    hsn: string | null;
    quantity: number;
    rate: number;
    taxable: number;
    igst: number;
    cgst: number;
    sgst: number;
    cess: number;
  }[],
) => ({
  entityId: row.entityId,
  documentType: row.documentType,
  documentNumber: row.documentNumber,
  documentDate: row.documentDate,
  counterpartyGstin: row.counterpartyGstin,
  placeOfSupply: row.placeOfSupply,
  status: row.status,
  isDraftDocument: row.isDraftDocument,
  taxable: row.taxable,
  igst: row.igst,
  cgst: row.cgst,
  sgst: row.sgst,
  cess: row.cess,
  documentValue: row.documentValue,
  items: items.map((it) => ({
    hsn: it.hsn,
    quantity: it.quantity,
    rate: it.rate,
    taxable: it.taxable,
    igst: it.igst,
    cgst: it.cgst,
    sgst: it.sgst,
    cess: it.cess,
  })),
});

export const saveDocument = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  input: DocumentSaveRequest,
  ip: string,
): Promise<DocumentDetail> => {
  const { db } = ctx.database;
  const existing = input.id ? await findDocument(db, principal, input.id, input.direction) : null;
  const rights = heldRightIds(await computeRightsList(db, principal.subscriberId, principal.roleId, ctx.now()));
  if (!rights.has(rightNeeded(input, existing))) throw new AppError('GEN0002');
  const amending = existing !== null && existing.filedReturnId !== null;
  if (existing && LOCKED_STATUSES.has(existing.status) && !(amending && existing.status === 'Completed')) {
    throw new AppError('GEN0009', {
      message:
        existing.status === 'Generated'
          ? 'This document has an e-invoice (IRN) and cannot be edited here: cancel the e-invoice or issue a credit or debit note.'
          : 'This document has been reported in a filed return and cannot be edited: issue a credit or debit note, or amend it in a later return.',
    });
  }
  if (existing && !existing.isDraftDocument && input.isDraftDocument) {
    throw new AppError('GEN0009', { propertyName: 'IsDraftDocument', message: 'A saved document cannot go back to being a draft.' });
  }
  if (!input.seriesId && !input.documentNumber.trim()) {
    throw new AppError('GEN0009', { propertyName: 'DocumentNumber', message: 'Document number is required.' });
  }
  const { request, issues, totals, settings, series } = await prepareDocument(ctx, principal, input);
  if (existing && amending) issues.push(...amendmentIssues(existing, request, ctx.now()));
  assertValueConfirmed(request, totals.documentValue, settings.autoCompute.confirmDocumentValueAbove);
  // A series' number is drawn under the lock below: its preview's "already exists" would race a concurrent save of the
  // same series (both previewing one number, the other committing it first); the unique key decides in the transaction.
  const blocking = issues.filter(
    (i) =>
      i.type === 'Error' &&
      (!request.isDraftDocument || BLOCKS_DRAFTS.has(i.code)) &&
      !(series && i.code === 'GEN0009' && i.propertyName === 'DocumentNumber'),
  );
  if (blocking.length > 0) throw new AppError('GEN0009', { items: blocking });

  const financialYear = financialYearOf(request.documentDate);
  const counterpartyGstin = request.counterpartyGstin ?? '';
  const values = {
    entityId: request.entityId,
    financialYear,
    returnPeriod: returnPeriodOf(request.documentDate),
    documentType: request.documentType,
    documentNumber: request.documentNumber,
    documentDate: request.documentDate,
    supplyType: request.supplyType || (counterpartyGstin ? 'B2B' : 'B2C'),
    counterpartyGstin,
    counterpartyName: request.counterpartyName || null,
    counterpartyState: counterpartyGstin ? counterpartyGstin.slice(0, 2) : null,
    placeOfSupply: request.placeOfSupply,
    isReverseCharge: request.isReverseCharge,
    ecommerceGstin: request.ecommerceGstin || null,
    portCode: request.portCode || null,
    shippingBillNumber: request.shippingBillNumber || null,
    shippingBillDate: request.shippingBillDate || null,
    originalDocumentNumber: request.originalDocumentNumber || null,
    originalDocumentDate: request.originalDocumentDate || null,
    ...totals,
    isDraftDocument: request.isDraftDocument,
    updatedBy: principal.userId,
    updatedAt: ctx.now(),
    // A filed document stays in the period it was reported in; the change goes to a later return's amendment tables.
    ...(existing && amending ? { returnPeriod: existing.returnPeriod, amendmentPending: true } : {}),
  };
  const saved = await db
    .transaction(async (tx) => {
      await lockDocumentKeys(tx, principal.subscriberId);
      let row: DocumentRow | undefined;
      if (existing) {
        const before = auditShape(existing, await itemsOf(tx, existing.id));
        const status = request.isDraftDocument
          ? ('Draft' as const)
          : existing.isDraftDocument
            ? ('YetNotGenerated' as const)
            : existing.status;
        [row] = await tx
          .update(documents)
          .set({ ...values, status })
          .where(eq(documents.id, existing.id))
          .returning();
        if (!row) throw new AppError('GEN0003');
        await tx.delete(documentItems).where(eq(documentItems.documentId, row.id));
        await insertItems(tx, row.id, request);
        await writeAudit(tx, principal, {
          entityType: 'Document',
          entityKey: row.id,
          entityName: `${row.documentType} ${row.documentNumber}${amending ? ' (amendment)' : ''}`,
          action: 'Update',
          before,
          after: auditShape(row, await itemsOf(tx, row.id)),
          ip,
        });
      } else {
        // Drawn after the advisory lock and in this transaction: a refused insert gives the number back.
        const documentNumber = series
          ? await drawSeriesNumber(tx, principal.subscriberId, series.allocationId, series.seriesId)
          : values.documentNumber;
        [row] = await tx
          .insert(documents)
          .values({
            ...values,
            documentNumber,
            subscriberId: principal.subscriberId,
            direction: request.direction,
            status: request.isDraftDocument ? 'Draft' : 'YetNotGenerated',
            source: 'Manual',
            createdBy: principal.userId,
          })
          .returning();
        if (!row) throw new Error('document not written');
        await insertItems(tx, row.id, request);
        await writeAudit(tx, principal, {
          entityType: 'Document',
          entityKey: row.id,
          entityName: `${row.documentType} ${row.documentNumber}`,
          action: 'Create',
          after: auditShape(row, await itemsOf(tx, row.id)),
          ip,
        });
      }
      return row;
    })
    .catch((error: unknown) => {
      if (error instanceof SeriesDrawError) throw new AppError('GEN0009', { propertyName: 'SeriesId', message: error.message });
      if (isUniqueViolation(error) && series)
        throw new AppError('GEN0009', {
          propertyName: 'SeriesId',
          message:
            "The series' next number is already used by another document of this location and financial year (typed or imported): raise the series' next number in Series, or type the number.",
        });
      // Another save took the same key between the check above and this write.
      if (isUniqueViolation(error))
        throw new AppError('GEN0009', {
          propertyName: 'DocumentNumber',
          message: 'Another document of this location and financial year has just taken this number: use another number.',
        });
      throw error;
    });
  return documentDetail(db, saved);
};

/** PostgreSQL's unique_violation, as the driver or PGlite reports it (directly or as the cause of drizzle's error). */
const isUniqueViolation = (error: unknown): boolean => {
  const codeOf = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? (e as { code: unknown }).code : undefined);
  return codeOf(error) === '23505' || (error instanceof Error && codeOf(error.cause) === '23505');
};

const insertItems = async (tx: DbOrTx, documentId: number, request: DocumentSaveRequest): Promise<void> => {
  await tx.insert(documentItems).values(
    request.items.map((it, i) => ({
      documentId,
      lineNumber: i + 1,
      hsn: it.hsn ?? null,
      description: it.description || null,
      uqc: it.uqc ?? null,
      quantity: it.quantity,
      rate: it.rate,
      taxable: it.taxable,
      igst: it.igst,
      cgst: it.cgst,
      sgst: it.sgst,
      cess: it.cess,
      itcEligibility: it.itcEligibility ?? null,
    })),
  );
};

/** Deletes drafts and documents not yet reported; refuses the whole request when any other is named. */
export const deleteDocuments = async (
  ctx: AppContext,
  principal: SessionPrincipal,
  ids: readonly number[],
  ip: string,
): Promise<number> => {
  const { db } = ctx.database;
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(documents)
    .where(and(eq(documents.subscriberId, principal.subscriberId), inArray(documents.id, unique)));
  if (rows.length !== unique.length) throw new AppError('GEN0003');
  await assertEntityAccess(
    db,
    principal,
    rows.map((r) => r.entityId),
  );
  const locked = rows.filter((r) => !DELETABLE_STATUSES.has(r.status));
  if (locked.length > 0) {
    throw new AppError('GEN0009', {
      message: `Only drafts and documents not yet reported can be deleted: ${locked
        .slice(0, 5)
        .map((r) => `${r.documentType} ${r.documentNumber} (${r.status})`)
        .join(', ')}${locked.length > 5 ? ` and ${locked.length - 5} more` : ''}.`,
    });
  }
  await db.transaction(async (tx) => {
    const items = await tx.select().from(documentItems).where(inArray(documentItems.documentId, unique));
    // No foreign key cascades to the items and return rows (see documentItems): they go with their document here.
    await tx.delete(documentItems).where(inArray(documentItems.documentId, unique));
    await tx.delete(returnDocuments).where(inArray(returnDocuments.documentId, unique));
    await tx.delete(documents).where(inArray(documents.id, unique));
    for (const row of rows) {
      const before = auditShape(
        row,
        items.filter((it) => it.documentId === row.id),
      );
      await writeAudit(tx, principal, {
        entityType: 'Document',
        entityKey: row.id,
        entityName: `${row.documentType} ${row.documentNumber}`,
        action: 'Delete',
        before,
        ip,
      });
    }
  });
  return rows.length;
};
