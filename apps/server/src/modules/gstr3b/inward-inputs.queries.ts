// The inward side of a GSTR-3B's input: the purchase register, the stored GSTR-2B and what the user decided in the
// reconciliation, for the months the return covers, in the shapes buildGstr3b takes.
//
// Decisions are read from the GSTIN's current GSTR-2B reconciliation run (the newest completed run holding the
// location that no later run superseded): its rows carry the user's IMS action on the supplier's documents and the
// period the user chose to claim a books document's ITC in, with the pair of books and 2B documents the run made.
// - IMS action (Accept/Reject/Pending) on a 2B record: the record's IMS action, as the 2B recomputed after pushing it
//   would list it (Rejected and Pending leave the ITC out, GST-RULES-DETAIL §2);
// - claim period of a pair: claimed in the month its 2B belongs to when that is this return's; deferred (4B(2)) when
//   the user claims it in a later period; reclaimed (4A(5) and 4D(1)) in the return of the claim period when its 2B
//   is of an earlier one (Circular 170/02/2022-GST).
// Exclusions and discards of the reconciliation are not applied: they set documents aside from matching and do not
// say why in terms of s.16/17 (the user reverses such credit in 4B by entering the figure).
import type { Gstr3bPortalRecord, Gstr3bPurchase, InwardListing, InwardSection, ItcDecision, PurchaseNature } from '@opengst/domain';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { documents, portalDocuments, reconciliationRows, reconciliationRuns } from '../../db/schema';
import { readRows, stringPool, type OnRows } from './read-rows.queries';
import { inScope, type Gstr3bScope } from './outward-inputs.queries';

const INWARD_SECTIONS: readonly InwardSection[] = [
  'b2b',
  'b2ba',
  'cdnr',
  'cdnra',
  'isd',
  'isda',
  'impg',
  'impga',
  'impgsez',
  'impgasez',
  'ecom',
  'ecoma',
];
const isInwardSection = (s: string): s is InwardSection => (INWARD_SECTIONS as readonly string[]).includes(s);

/** The purchase document types GSTR-3B takes: invoices, notes, bills of entry, bills of supply, self invoices (RCM). */
const PURCHASE_TYPES = ['INV', 'CRN', 'DBN', 'BOE', 'BIL', 'SLF'];

/** What a purchase is for table 4 and 5, from the register's supply type and document type. */
const natureOf = (documentType: string, supplyType: string | null): PurchaseNature => {
  if (documentType === 'BOE' || supplyType === 'IMPG') return 'importOfGoods';
  if (supplyType === 'IMPS') return 'importOfServices';
  // A bill of supply: from a composition supplier or of exempt supplies (s.31(3)(c)); table 5 takes both in one row.
  if (documentType === 'BIL') return 'exempt';
  return 'taxable';
};

const purchaseColumns = {
  id: documents.id,
  documentType: documents.documentType,
  documentNumber: documents.documentNumber,
  returnPeriod: documents.returnPeriod,
  supplyType: documents.supplyType,
  supplierGstin: documents.counterpartyGstin,
  supplierState: documents.counterpartyState,
  placeOfSupply: documents.placeOfSupply,
  isReverseCharge: documents.isReverseCharge,
  taxable: documents.taxable,
  igst: documents.igst,
  cgst: documents.cgst,
  sgst: documents.sgst,
  cess: documents.cess,
};

// The rows kept are object literals written out field by field, never spreads (of the driver's rows or of a helper's
// object): V8 gives each object a spread makes here a hidden class of its own, about 600 bytes a row (a heap snapshot
// of 150,000 rows held 154,000 maps before; measured on Node 20).

/** The purchases booked in the months, and those of other months named by `extraIds` (claimed in this return). */
export const loadPurchases = (db: Db, scope: Gstr3bScope, extraIds: readonly number[], onRows?: OnRows): Promise<Gstr3bPurchase[]> => {
  const pooled = stringPool();
  return readRows(
    db,
    purchaseColumns,
    { table: documents },
    and(
      inScope(documents, scope, extraIds),
      eq(documents.direction, 'Purchase'),
      eq(documents.isDraftDocument, false),
      inArray(documents.documentType, PURCHASE_TYPES),
    )!,
    (p) => ({
      id: p.id!,
      documentNumber: p.documentNumber ?? '',
      supplierGstin: pooled(p.supplierGstin ?? ''),
      taxable: p.taxable ?? 0,
      igst: p.igst ?? 0,
      cgst: p.cgst ?? 0,
      sgst: p.sgst ?? 0,
      cess: p.cess ?? 0,
      documentType: pooled(p.documentType ?? ''),
      returnPeriod: pooled(p.returnPeriod),
      supplierState: pooled(p.supplierState),
      placeOfSupply: pooled(p.placeOfSupply),
      isReverseCharge: p.isReverseCharge,
      nature: natureOf(p.documentType ?? '', p.supplyType),
    }),
    onRows,
  );
};

const portalColumns = {
  id: portalDocuments.id,
  returnPeriod: portalDocuments.returnPeriod,
  section: portalDocuments.section,
  listing: portalDocuments.listing,
  documentType: portalDocuments.documentType,
  documentNumber: portalDocuments.documentNumber,
  supplierGstin: portalDocuments.supplierGstin,
  isReverseCharge: portalDocuments.isReverseCharge,
  itcAvailability: portalDocuments.itcAvailability,
  imsAction: portalDocuments.imsAction,
  taxable: portalDocuments.taxable,
  igst: portalDocuments.igst,
  cgst: portalDocuments.cgst,
  sgst: portalDocuments.sgst,
  cess: portalDocuments.cess,
};

const DOCUMENT_TYPES = ['INV', 'CRN', 'DBN', 'BOE'] as const;
type PortalType = (typeof DOCUMENT_TYPES)[number];
const IMS_OF = { Accept: 'Accepted', Reject: 'Rejected', Pending: 'Pending' } as const;

/**
 * The GSTR-2B records of the months (and those of other months named by `extraIds`), with the user's IMS actions.
 * A record of a section or type the builder does not know is left out (the 2B reader writes only known ones).
 * Amendments are passed without their first-reported figures, which portal_documents does not keep: the builder
 * leaves them out with the reason (AMENDMENT_WITHOUT_ORIGINAL) rather than count the first figures twice.
 */
export const loadGstr2b = (
  db: Db,
  scope: Gstr3bScope,
  extraIds: readonly number[],
  imsActions: ReadonlyMap<number, 'Accept' | 'Reject' | 'Pending'>,
  onRows?: OnRows,
): Promise<Gstr3bPortalRecord[]> => {
  const pooled = stringPool();
  return readRows(
    db,
    portalColumns,
    { table: portalDocuments },
    and(inScope(portalDocuments, scope, extraIds), eq(portalDocuments.source, 'GSTR2B'))!,
    (r): Gstr3bPortalRecord | null => {
      const { section, documentType, itcAvailability, imsAction } = r;
      if (section === null || !isInwardSection(section) || !(DOCUMENT_TYPES as readonly string[]).includes(documentType ?? '')) return null;
      const action = imsActions.get(r.id!);
      return {
        id: r.id!,
        documentNumber: r.documentNumber ?? '',
        supplierGstin: pooled(r.supplierGstin ?? ''),
        taxable: r.taxable ?? 0,
        igst: r.igst ?? 0,
        cgst: r.cgst ?? 0,
        sgst: r.sgst ?? 0,
        cess: r.cess ?? 0,
        isReverseCharge: r.isReverseCharge,
        returnPeriod: pooled(r.returnPeriod ?? ''),
        section: pooled(section),
        listing: pooled((r.listing ?? 'available') as InwardListing),
        documentType: pooled(documentType as PortalType),
        itcAvailability: itcAvailability === 'Y' || itcAvailability === 'N' || itcAvailability === 'T' ? itcAvailability : null,
        imsAction: action
          ? IMS_OF[action]
          : imsAction === 'Accepted' || imsAction === 'Rejected' || imsAction === 'Pending'
            ? imsAction
            : null,
      };
    },
    onRows,
  );
};

/** 'MMYYYY' → 'YYYYMM', so periods compare in time order. */
const order = (period: string) => period.slice(2) + period.slice(0, 2);

/** A pair (or single side) of the current run the user decided something about. */
export type DecidedRow = {
  purchaseIds: number[];
  portalIds: number[];
  action: 'Accept' | 'Reject' | 'Pending' | null;
  claimPeriod: string | null;
};

/**
 * The rows of the GSTIN's current GSTR-2B reconciliation run over the return's months (none without a run) that say
 * something to the return: the user's decisions (an IMS action, a claim period) and the pairs of one purchase with one
 * 2B record, so the purchase is known as the record's (its ITC is the record's) rather than left out as not in the 2B.
 * The rows name the 2B records by the ids they had at the run: a 2B downloaded again since then is read without the
 * run's rows until the reconciliation is run again (its new records have new ids).
 */
export const loadDecidedRows = async (db: Db, scope: Gstr3bScope, gstin: string): Promise<DecidedRow[]> => {
  const [run] = await db
    .select({ id: reconciliationRuns.id })
    .from(reconciliationRuns)
    .where(
      and(
        eq(reconciliationRuns.subscriberId, scope.subscriberId),
        eq(reconciliationRuns.portalSource, 'GSTR2B'),
        eq(reconciliationRuns.status, 'Completed'),
        isNull(reconciliationRuns.supersededBy),
        sql`${scope.entityId} = any(${reconciliationRuns.entityIds})`,
        // Its periods reach the return's months (periods compared as YYYYMM).
        sql`(substr(${reconciliationRuns.fromPeriod}, 3, 4) || substr(${reconciliationRuns.fromPeriod}, 1, 2)) <= ${order(scope.periods[scope.periods.length - 1]!)}`,
        sql`(substr(${reconciliationRuns.toPeriod}, 3, 4) || substr(${reconciliationRuns.toPeriod}, 1, 2)) >= ${order(scope.periods[0]!)}`,
      ),
    )
    .orderBy(desc(reconciliationRuns.id))
    .limit(1);
  if (!run) return [];
  const rows = await db
    .select({
      purchaseIds: reconciliationRows.purchaseIds,
      portalIds: reconciliationRows.portalIds,
      action: reconciliationRows.action,
      claimPeriod: reconciliationRows.claimPeriod,
    })
    .from(reconciliationRows)
    .where(
      and(
        eq(reconciliationRows.runId, run.id),
        eq(reconciliationRows.gstin, gstin),
        or(
          sql`${reconciliationRows.action} is not null`,
          sql`${reconciliationRows.claimPeriod} is not null`,
          sql`cardinality(${reconciliationRows.purchaseIds}) = 1 and cardinality(${reconciliationRows.portalIds}) = 1`,
        ),
      ),
    );
  return rows.map((r) => ({
    ...r,
    action: r.action === 'Accept' || r.action === 'Reject' || r.action === 'Pending' ? r.action : null,
  }));
};

/**
 * The ITC decisions of the decided rows for this return (header comment). `portalPeriodOf` answers the period of a 2B
 * record read (undefined for one not read: the builder reports a decision about it as an issue).
 */
export const decisionsOf = (
  rows: readonly DecidedRow[],
  periods: readonly string[],
  portalPeriodOf: (id: number) => string | undefined,
): ItcDecision[] => {
  const covered = new Set(periods);
  const first = order(periods[0]!);
  const last = order(periods[periods.length - 1]!);
  const out: ItcDecision[] = [];
  for (const row of rows) {
    if (row.claimPeriod === null) {
      // A pair the engine made (or the user linked) with no claim period: claimed with its 2B record of the month, unless
      // the buyer rejected the record or kept it pending in IMS (the 2B then does not give its ITC).
      const [documentId, portalId] = [row.purchaseIds[0], row.portalIds[0]];
      const accepted = row.action === null || row.action === 'Accept';
      if (row.purchaseIds.length === 1 && row.portalIds.length === 1 && accepted && covered.has(portalPeriodOf(portalId!) ?? ''))
        out.push({ documentId: documentId!, portalId: portalId!, action: 'claim' });
      continue;
    }
    const pair = row.purchaseIds.length === 1 && row.portalIds.length === 1;
    const targets =
      row.portalIds.length === 0
        ? row.purchaseIds.map((documentId) => ({ documentId, portalId: null, period: null }))
        : row.portalIds.map((portalId) => ({ documentId: pair ? row.purchaseIds[0]! : null, portalId, period: portalPeriodOf(portalId) }));
    const claim = order(row.claimPeriod);
    for (const t of targets) {
      const ids = { documentId: t.documentId, portalId: t.portalId };
      const of2b = t.period === undefined ? null : t.period;
      if (of2b !== null && covered.has(of2b)) {
        if (claim >= first && claim <= last) out.push({ ...ids, action: 'claim' });
        else if (claim > last) out.push({ ...ids, action: 'defer' });
      } else if (of2b !== null && order(of2b) < first && claim >= first && claim <= last) {
        out.push({ ...ids, action: 'reclaim' });
      } else if (of2b === null && covered.has(row.claimPeriod)) {
        out.push({ ...ids, action: 'claim' });
      }
    }
  }
  return out;
};

/** The ids of other months' documents a claim in this return names: purchases and 2B records, read with the rest. */
export const claimedElsewhere = (
  rows: readonly DecidedRow[],
  periods: readonly string[],
): { purchaseIds: number[]; portalIds: number[] } => {
  const covered = new Set(periods);
  const claimed = rows.filter((r) => r.claimPeriod !== null && covered.has(r.claimPeriod));
  return { purchaseIds: claimed.flatMap((r) => r.purchaseIds), portalIds: claimed.flatMap((r) => r.portalIds) };
};
