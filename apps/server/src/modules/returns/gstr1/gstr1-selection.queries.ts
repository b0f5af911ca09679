// Which sales documents a GSTR-1 or GSTR-1A holds, as one SQL condition, shared by the generation job, the staleness
// check and the tests.
//
// GSTR-1 of period P: the final (not draft) sales documents of P not yet reported in a filed return, plus the
// corrections of earlier periods (Section 37(3) CGST Act): documents reported in a filed return of an EARLIER period
// and changed since (amendment_pending), which go to the amendment tables quoting the number and date they were filed
// with, and documents of an earlier period whose GSTR-1 is filed that no filed return reported (missed), which go to
// the document tables.
//
// GSTR-1A of period P (Rule 59(4A) and Form GSTR-1A, Notification 12/2024-CT, from July 2024): it adds or amends
// particulars of the same period's GSTR-1 after that GSTR-1 was filed and before the GSTR-3B is filed. It holds the
// corrections of that GSTR-1: the documents of P missed by it (the document tables) and the documents it reported and
// changed since (the amendment tables, quoting the filed number and date, as GSTR-1 amendments do). Summary rows
// (B2CS, advances, nil, documents issued) belong to GSTR-1 only. The GSTR-3B bound is not checked: the product does not
// track GSTR-3B filing yet.
//
// A correction may so be wanted by the GSTR-1A of its period and by every later GSTR-1: it is reported in exactly one,
// by the domain's rule (corrections.ts, takesCorrection): the first return generated with it holds it, and the others
// leave it out while the holder is not filed. Holding is read from return_documents (what a return's last generation
// took), so a second return generated meanwhile finds its count changed, turns stale, and is refused a save or a submit
// until generated again without the correction.
import type { FiledReturnForm } from '@opengst/contracts';
import { GSTR1_DOCUMENT_TYPES, hasGstr1a } from '@opengst/domain';
import { and, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { documents, returnDocuments, returns } from '../../../db/schema';

/** 'MMYYYY' → 'YYYYMM' in SQL, so periods compare in time order. */
const periodOrder = (column: typeof returns.returnPeriod) => sql`(substr(${column}, 3, 4) || substr(${column}, 1, 2))`;
const orderOf = (period: string): string => period.slice(2) + period.slice(0, 2);

/**
 * A filed GSTR-1, as the search for the documents it missed needs it: such a document is of its period, entered after
 * it was filed, and so after its generation: its id is above every id the GSTR-1 reported (`lastDocumentId`), which
 * lets the period's index walk only the documents added since, not the whole period.
 */
export type FiledGstr1 = { id: number; entityId: number; returnPeriod: string; filedAt: Date; lastDocumentId: number };

/** The filed GSTR-1s of the locations: of one period, or of the periods before (or up to) one. */
export const filedGstr1sOf = async (
  db: DbOrTx,
  subscriberId: number,
  entityIds: readonly number[],
  range: { period: string } | { before: string } | { upTo: string },
): Promise<FiledGstr1[]> => {
  if (entityIds.length === 0) return [];
  const periods =
    'period' in range
      ? eq(returns.returnPeriod, range.period)
      : 'before' in range
        ? sql`${periodOrder(returns.returnPeriod)} < ${orderOf(range.before)}`
        : sql`${periodOrder(returns.returnPeriod)} <= ${orderOf(range.upTo)}`;
  const rows = await db
    .select({
      id: returns.id,
      entityId: returns.entityId,
      returnPeriod: returns.returnPeriod,
      filedAt: returns.filedAt,
      lastDocumentId: sql<string>`coalesce((select max(${returnDocuments.documentId}) from ${returnDocuments} where ${returnDocuments.returnId} = ${returns.id}), 0)`,
    })
    .from(returns)
    .where(
      and(
        eq(returns.subscriberId, subscriberId),
        inArray(returns.entityId, [...entityIds]),
        eq(returns.returnType, 'GSTR1'),
        eq(returns.status, 'Filed'),
        isNotNull(returns.filedAt),
        periods,
      ),
    );
  return rows.flatMap((r) => (r.filedAt ? [{ ...r, filedAt: r.filedAt, lastDocumentId: Number(r.lastDocumentId) }] : []));
};

export type SelectionKey = {
  subscriberId: number;
  entityId: number;
  returnType: FiledReturnForm;
  returnPeriod: string;
  /** The return itself: the corrections its own last generation took stay its own. */
  returnId: number;
  /** GSTR-1A: the filed GSTR-1 of the period. */
  gstr1?: FiledGstr1 | null;
  /** GSTR-1: the filed GSTR-1s of the earlier periods, whose missed documents it takes. */
  earlierGstr1s?: readonly FiledGstr1[];
};

const finalSales = (k: SelectionKey): SQL[] => [
  eq(documents.subscriberId, k.subscriberId),
  eq(documents.entityId, k.entityId),
  eq(documents.direction, 'Sales'),
  eq(documents.isDraftDocument, false),
];

/** The condition as a bare column, so the planner can use the partial index documents_amendment_pending. */
const amendmentPending = sql`${documents.amendmentPending}`;

/** Not held by another return: in no unfiled return but this one (return_documents holds what a generation took). */
const notHeldElsewhere = (k: SelectionKey): SQL =>
  sql`not exists (select 1 from return_documents rd join returns h on h.id = rd.return_id
    where rd.document_id = ${documents.id} and h.status <> 'Filed' and h.id <> ${k.returnId})`;

/**
 * The documents the filed GSTR-1s missed: of their period, of a type the document tables take, reported by no filed
 * return, entered after the GSTR-1 was filed (FiledGstr1). The GSTR-1s are read first and written here as values, so
 * the condition stays one scan of `documents` however the planner guesses (a join to `returns` inside it, planned with
 * no statistics as on PGlite, walked the location's documents once per document). Null when there is none.
 */
export const missedOf = (filed: readonly FiledGstr1[]): SQL | null =>
  filed.length === 0
    ? null
    : and(
        sql`${documents.direction} = 'Sales'`,
        sql`${documents.isDraftDocument} = false`,
        isNull(documents.filedReturnId),
        inArray(documents.documentType, [...GSTR1_DOCUMENT_TYPES]),
        or(
          ...filed.map((f) =>
            and(
              eq(documents.entityId, f.entityId),
              eq(documents.returnPeriod, f.returnPeriod),
              gt(documents.id, f.lastDocumentId),
              gt(documents.createdAt, f.filedAt),
            ),
          ),
        ),
      )!;

/**
 * The documents the return holds as disjoint parts (each read on its own, so the period's part walks the period's
 * index in id order); a row is an amendment when filed_return_id is set.
 */
export const selectionParts = (k: SelectionKey): SQL[] => {
  if (k.returnType === 'GSTR1A') {
    const gstr1 = k.gstr1;
    if (!gstr1 || !hasGstr1a(k.returnPeriod)) return [];
    const missed = missedOf([gstr1]);
    return [
      ...(missed ? [and(...finalSales(k), missed, notHeldElsewhere(k))!] : []),
      and(...finalSales(k), amendmentPending, eq(documents.filedReturnId, gstr1.id), notHeldElsewhere(k))!,
    ];
  }
  const before = orderOf(k.returnPeriod);
  const earlierFiled = sql`${documents.filedReturnId} in (select ${returns.id} from ${returns} where ${returns.subscriberId} = ${k.subscriberId}
    and ${returns.entityId} = ${k.entityId} and ${returns.status} = 'Filed' and ${periodOrder(returns.returnPeriod)} < ${before})`;
  const missed = missedOf(k.earlierGstr1s ?? []);
  return [
    and(...finalSales(k), eq(documents.returnPeriod, k.returnPeriod), isNull(documents.filedReturnId))!,
    and(...finalSales(k), amendmentPending, isNotNull(documents.filedReturnId), earlierFiled, notHeldElsewhere(k))!,
    ...(missed ? [and(...finalSales(k), missed, notHeldElsewhere(k))!] : []),
  ];
};

/** The whole selection as one condition on `documents` (counts and the staleness check). */
export const selectionCondition = (k: SelectionKey): SQL => {
  const parts = selectionParts(k);
  return parts.length === 0 ? sql`false` : or(...parts)!;
};

/** Amendment sections of the document tables; nil (table 8) has none, the builder reports a bill of supply there. */
export const AMENDMENT_SECTION: Record<string, string> = {
  b2b: 'b2ba',
  b2cl: 'b2cla',
  exp: 'expa',
  cdnr: 'cdnra',
  cdnur: 'cdnura',
  b2cs: 'b2csa',
  nil: 'nil',
};
