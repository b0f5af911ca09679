// The summary tab of the registers: rows of document_summaries (B2C small, advances, nil/exempt, documents issued),
// scoped like the documents: the subscriber, and the locations the user may see among the entity chips.
import type { Direction, SummaryItem, SummarySearchRequest } from '@opengst/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { documentSummaries, entities } from '../../../db/schema';
import { orderByOf } from '../../../platform/lists';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { loadInstallationSettings } from '../../../platform/settings/installation-settings';
import { locationScope } from '../../../platform/location-scope';

const s = documentSummaries;
const SORT_COLUMNS = {
  id: s.id,
  returnPeriod: s.returnPeriod,
  summaryType: s.summaryType,
  placeOfSupply: s.placeOfSupply,
  rate: s.rate,
  taxable: s.taxable,
};

export const searchSummaries = async (
  db: Db,
  principal: SessionPrincipal,
  direction: Direction,
  request: SummarySearchRequest,
): Promise<{ items: SummaryItem[]; totalRecords: number }> => {
  const orderBy = orderByOf(request.sortExpression, SORT_COLUMNS, 'id DESC', s.id);
  const f = request.filters ?? {};
  const locationIds = await locationScope(db, principal, f.entityIds);
  const condition = and(
    eq(s.subscriberId, principal.subscriberId),
    eq(s.direction, direction),
    inArray(s.entityId, locationIds),
    f.financialYear ? eq(s.financialYear, f.financialYear) : undefined,
    f.returnPeriods?.length ? inArray(s.returnPeriod, f.returnPeriods) : undefined,
    f.summaryTypes?.length ? inArray(s.summaryType, f.summaryTypes) : undefined,
    f.importId ? eq(s.importId, f.importId) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(s).where(condition);
  const size = request.size ?? (await loadInstallationSettings(db)).pageSize;
  const rows = await db
    .select({ row: s, entityName: entities.entityName, gstin: entities.gstin })
    .from(s)
    .innerJoin(entities, eq(entities.id, s.entityId))
    .where(condition)
    .orderBy(...orderBy)
    .offset(request.start ?? 0)
    .limit(size);
  return {
    totalRecords: total?.n ?? 0,
    items: rows.map(({ row, entityName, gstin }) => ({
      id: row.id,
      entityId: row.entityId,
      entityName,
      gstin,
      financialYear: row.financialYear,
      returnPeriod: row.returnPeriod,
      summaryType: row.summaryType,
      placeOfSupply: row.placeOfSupply,
      supplyType: row.supplyType,
      rate: row.rate,
      ecommerceGstin: row.ecommerceGstin,
      documentNature: row.documentNature,
      fromNumber: row.fromNumber,
      toNumber: row.toNumber,
      totalNumber: row.totalNumber,
      cancelledNumber: row.cancelledNumber,
      taxable: row.taxable,
      igst: row.igst,
      cgst: row.cgst,
      sgst: row.sgst,
      cess: row.cess,
      nilRated: row.nilRated,
      exempted: row.exempted,
      nonGst: row.nonGst,
      source: row.source,
      importId: row.importId,
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
};
