// Which sales documents a GSTR-1 or GSTR-1A holds, as one SQL condition, shared by the generation job, the staleness
// check and the tests.
//
// GSTR-1 of period P: the final (not draft) sales documents of P not yet reported in a filed return, plus the documents
// reported in a filed return of an EARLIER period and changed since (amendment_pending), which go to the amendment
// tables quoting the number and date they were filed with (Section 37(3) CGST Act).
//
// GSTR-1A of period P (Rule 59(1) proviso and Form GSTR-1A, Notification 12/2024-CT): it adds or amends particulars of
// the same period's GSTR-1 after that GSTR-1 was filed and before the GSTR-3B is filed. Our choice: it holds the
// documents of P added to the books after the GSTR-1 was filed (not in any filed return: the regular tables) and the
// documents reported in that GSTR-1 and changed since (amendment_pending: the amendment tables, quoting the filed
// number and date, as GSTR-1 amendments do). Summary rows (B2CS, advances, nil, documents issued) belong to GSTR-1
// only. The GSTR-3B bound is not checked: the product does not track GSTR-3B filing yet.
import type { FiledReturnForm } from '@opengst/contracts';
import { and, eq, gt, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { documents, returns } from '../../../db/schema';

/** 'MMYYYY' → 'YYYYMM' in SQL, so periods compare in time order. */
const periodOrder = (column: typeof returns.returnPeriod) => sql`substr(${column}, 3, 4) || substr(${column}, 1, 2)`;

export type SelectionKey = {
  subscriberId: number;
  entityId: number;
  returnType: FiledReturnForm;
  returnPeriod: string;
  /** GSTR-1A: the filed GSTR-1 of the period. */
  gstr1?: { id: number; filedAt: Date } | null;
};

const finalSales = (k: SelectionKey): SQL[] => [
  eq(documents.subscriberId, k.subscriberId),
  eq(documents.entityId, k.entityId),
  eq(documents.direction, 'Sales'),
  eq(documents.isDraftDocument, false),
];

/**
 * The documents the return holds as disjoint parts (each read on its own, so the period's part walks the period's
 * index in id order); a row is an amendment when filed_return_id is set.
 */
export const selectionParts = (k: SelectionKey): SQL[] => {
  if (k.returnType === 'GSTR1A') {
    const gstr1 = k.gstr1;
    if (!gstr1) return [];
    return [
      and(
        ...finalSales(k),
        eq(documents.returnPeriod, k.returnPeriod),
        isNull(documents.filedReturnId),
        gt(documents.createdAt, gstr1.filedAt),
      )!,
      and(...finalSales(k), eq(documents.filedReturnId, gstr1.id), eq(documents.amendmentPending, true))!,
    ];
  }
  const earlierFiled = sql`${documents.filedReturnId} in (select ${returns.id} from ${returns} where ${returns.subscriberId} = ${k.subscriberId}
    and ${returns.entityId} = ${k.entityId} and ${returns.status} = 'Filed' and ${periodOrder(returns.returnPeriod)} < ${k.returnPeriod.slice(2) + k.returnPeriod.slice(0, 2)})`;
  return [
    and(...finalSales(k), eq(documents.returnPeriod, k.returnPeriod), isNull(documents.filedReturnId))!,
    and(...finalSales(k), isNotNull(documents.filedReturnId), eq(documents.amendmentPending, true), earlierFiled)!,
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
