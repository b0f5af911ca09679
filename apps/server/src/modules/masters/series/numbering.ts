// Numbering a document from a series (issue 20). The document save reads the number it will probably take (to validate
// the document with it), then, in the transaction that inserts the document, draws the number for good:
// `UPDATE document_series SET next_number = next_number + 1 ... RETURNING` takes the series' row lock, so a concurrent
// save waits for this transaction and then reads the incremented counter; a save that fails afterwards rolls the
// increment back with it. Numbers are therefore consecutive, never duplicated, and none is lost to a refused save.
import { canNumber, financialYearOf, formatSeriesNumber, isSeriesDocumentType } from '@opengst/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { documentSeries, seriesAllocations } from '../../../db/schema';
import type { SessionPrincipal } from '../../../platform/auth/sessions';

export type SeriesRequest = { seriesId: number; entityId: number; documentType: string; documentDate: string };
/** The allocation a document will be numbered through and the number it would take now; or why it cannot be. */
export type SeriesPreview = { ok: true; allocationId: number; seriesId: number; number: string } | { ok: false; message: string };

const allocationOf = async (db: DbOrTx, subscriberId: number, request: SeriesRequest) => {
  const [row] = await db
    .select({ allocation: seriesAllocations, series: documentSeries })
    .from(seriesAllocations)
    .innerJoin(documentSeries, eq(documentSeries.id, seriesAllocations.seriesId))
    .where(
      and(
        eq(seriesAllocations.subscriberId, subscriberId),
        eq(seriesAllocations.seriesId, request.seriesId),
        eq(seriesAllocations.entityId, request.entityId),
        eq(seriesAllocations.documentType, request.documentType),
      ),
    );
  return row;
};

export const previewSeriesNumber = async (db: DbOrTx, principal: SessionPrincipal, request: SeriesRequest): Promise<SeriesPreview> => {
  if (!isSeriesDocumentType(request.documentType)) {
    return { ok: false, message: `A series numbers outward documents only; ${request.documentType} is numbered by its issuer.` };
  }
  const found = await allocationOf(db, principal.subscriberId, request);
  if (!found)
    return {
      ok: false,
      message: `This series is not allocated to the location for ${request.documentType}: allocate it in Allocate series.`,
    };
  const { allocation, series } = found;
  const year = financialYearOf(request.documentDate);
  if (series.financialYear !== year) {
    return { ok: false, message: `Series "${series.name}" numbers ${series.financialYear}; the document is dated in ${year}.` };
  }
  if (series.status !== 'Active' || allocation.status !== 'Active') {
    return {
      ok: false,
      message: `Series "${series.name}" is inactive${series.status === 'Active' ? ' for this location and document type' : ''}.`,
    };
  }
  if (!canNumber(series, series.nextNumber)) {
    return {
      ok: false,
      message: `Series "${series.name}" is used up: ${formatSeriesNumber(series, series.nextNumber)} would exceed 16 characters (Rule 46(b)). Add a new series.`,
    };
  }
  return { ok: true, allocationId: allocation.id, seriesId: series.id, number: formatSeriesNumber(series, series.nextNumber) };
};

/** Thrown inside the document's transaction when the series cannot number it any more (changed since the preview). */
export class SeriesDrawError extends Error {}

/**
 * Draws the series' next number in the caller's transaction (which must also insert the document). The allocation's
 * and the series' counters move together; both must still be active.
 */
export const drawSeriesNumber = async (tx: DbOrTx, subscriberId: number, allocationId: number, seriesId: number): Promise<string> => {
  const [allocation] = await tx
    .update(seriesAllocations)
    .set({ numbered: sql`${seriesAllocations.numbered} + 1` })
    .where(
      and(
        eq(seriesAllocations.id, allocationId),
        eq(seriesAllocations.subscriberId, subscriberId),
        eq(seriesAllocations.seriesId, seriesId),
        eq(seriesAllocations.status, 'Active'),
      ),
    )
    .returning({ id: seriesAllocations.id });
  if (!allocation) throw new SeriesDrawError('The series has just been deactivated for this location and document type.');
  // The right-hand sides read the row as it was: next_number before the increment is the number drawn. lpad would cut
  // a number longer than the padding, so it pads only shorter ones.
  const [drawn] = await tx
    .update(documentSeries)
    .set({
      nextNumber: sql`${documentSeries.nextNumber} + 1`,
      numbered: sql`${documentSeries.numbered} + 1`,
      lastNumber: sql`${documentSeries.prefix} || case when length(${documentSeries.nextNumber}::text) >= ${documentSeries.padding}
        then ${documentSeries.nextNumber}::text else lpad(${documentSeries.nextNumber}::text, ${documentSeries.padding}, '0') end`,
    })
    .where(and(eq(documentSeries.id, seriesId), eq(documentSeries.subscriberId, subscriberId), eq(documentSeries.status, 'Active')))
    .returning({
      number: sql<number>`${documentSeries.nextNumber} - 1`.mapWith(Number),
      prefix: documentSeries.prefix,
      padding: documentSeries.padding,
      formed: documentSeries.lastNumber,
    });
  if (!drawn) throw new SeriesDrawError('The series has just been deactivated.');
  if (!canNumber(drawn, drawn.number))
    throw new SeriesDrawError(`The series is used up: ${drawn.formed ?? ''} would exceed 16 characters (Rule 46(b)).`);
  return formatSeriesNumber(drawn, drawn.number);
};

/** The active series allocated to a location for a document type in a date's financial year, the default first. */
export const availableSeries = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  query: { entityId: number; documentType: string; documentDate: string },
) => {
  const rows = await db
    .select({ allocation: seriesAllocations, series: documentSeries })
    .from(seriesAllocations)
    .innerJoin(documentSeries, eq(documentSeries.id, seriesAllocations.seriesId))
    .where(
      and(
        eq(seriesAllocations.subscriberId, principal.subscriberId),
        eq(seriesAllocations.entityId, query.entityId),
        eq(seriesAllocations.documentType, query.documentType),
        eq(seriesAllocations.status, 'Active'),
        eq(documentSeries.status, 'Active'),
        eq(documentSeries.financialYear, financialYearOf(query.documentDate)),
      ),
    )
    .orderBy(desc(seriesAllocations.isDefault), asc(documentSeries.name));
  return rows
    .filter(({ series }) => canNumber(series, series.nextNumber))
    .map(({ allocation, series }) => ({
      seriesId: series.id,
      name: series.name,
      nextDocumentNumber: formatSeriesNumber(series, series.nextNumber),
      isDefault: allocation.isDefault,
    }));
};
