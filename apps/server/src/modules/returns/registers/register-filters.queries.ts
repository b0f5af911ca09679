// The filters of a register as SQL conditions (modules §3 "Filter entity"): every list ANDed, values within a list ORed.
import { type Direction, type RegisterFilters, RESOURCES } from '@opengst/contracts';
import { and, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { documents } from '../../../db/schema';
import { AppError } from '../../../platform/errors';

/** Bulk-apply lists and the property name their error is reported under. */
const BULK_LISTS = [
  ['documentNumbers', 'DocumentNumbers'],
  ['gstins', 'Gstins'],
  ['pans', 'Pans'],
] as const;

/** Refuses a bulk list longer than the maxBulkSearchKeywords setting (modules §5 "Bulk apply": keywordExceededLimit). */
export const assertBulkLimits = (filters: RegisterFilters | undefined, maxKeywords: number): void => {
  for (const [key, propertyName] of BULK_LISTS) {
    const values = filters?.[key];
    if (values && new Set(values).size > maxKeywords) {
      throw new AppError('GEN0009', {
        propertyName,
        message: RESOURCES['filter.keywordExceededLimit'].replace('{limit}', String(maxKeywords)),
      });
    }
  }
};

/** "contains", with the pattern characters of the value taken literally. */
const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const upper = (values: readonly string[]) => [...new Set(values.map((v) => v.toUpperCase()))];

/**
 * The documents of the direction that are final (not drafts), of these locations, matching the filters. `statuses`
 * is left out for the status-count bar, which counts every status over the other filters.
 */
export const documentConditions = (
  subscriberId: number,
  direction: Direction,
  locationIds: readonly number[],
  f: RegisterFilters = {},
  options: { withStatuses?: boolean } = {},
): SQL | undefined => {
  const d = documents;
  const text = f.text?.trim();
  return and(
    eq(d.subscriberId, subscriberId),
    // A literal, not a parameter: the planner can then use the direction's partial unique key (its leading document
    // number answers the bulk apply of numbers) even in a generic plan.
    sql`${d.direction} = ${sql.raw(direction === 'Sales' ? "'Sales'" : "'Purchase'")}`,
    eq(d.isDraftDocument, false),
    inArray(d.entityId, [...locationIds]),
    f.financialYear ? eq(d.financialYear, f.financialYear) : undefined,
    f.returnPeriods?.length ? inArray(d.returnPeriod, f.returnPeriods) : undefined,
    f.fromDate ? gte(d.documentDate, f.fromDate) : undefined,
    f.toDate ? lte(d.documentDate, f.toDate) : undefined,
    f.documentTypes?.length ? inArray(d.documentType, upper(f.documentTypes)) : undefined,
    f.supplyTypes?.length ? inArray(d.supplyType, f.supplyTypes) : undefined,
    options.withStatuses !== false && f.statuses?.length ? inArray(d.status, f.statuses) : undefined,
    f.sourceTypes?.length ? inArray(d.source, f.sourceTypes) : undefined,
    f.documentNumbers?.length
      ? f.isDocNumberLikeSearch
        ? or(...[...new Set(f.documentNumbers)].map((n) => ilike(d.documentNumber, containsPattern(n))))
        : inArray(d.documentNumber, [...new Set(f.documentNumbers)])
      : undefined,
    f.gstins?.length ? inArray(d.counterpartyGstin, upper(f.gstins)) : undefined,
    // The PAN is characters 3 to 12 of a GSTIN.
    f.pans?.length ? inArray(sql`substr(${d.counterpartyGstin}, 3, 10)`, upper(f.pans)) : undefined,
    f.placesOfSupply?.length ? inArray(d.placeOfSupply, f.placesOfSupply) : undefined,
    typeof f.isReverseCharge === 'boolean' ? eq(d.isReverseCharge, f.isReverseCharge) : undefined,
    f.importId ? eq(d.importId, f.importId) : undefined,
    text
      ? or(
          ilike(d.documentNumber, containsPattern(text)),
          ilike(d.counterpartyName, containsPattern(text)),
          ilike(d.counterpartyGstin, containsPattern(text)),
        )
      : undefined,
  );
};
