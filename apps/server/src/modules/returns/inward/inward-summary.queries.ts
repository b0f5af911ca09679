// The "auto data download summary" of /gstr-2a-reconciliation (spec core §2): per GSTIN, return period and source, the
// last download or upload (when, how, how it went, its documents and message) and when the data in use came, read
// from the Sync data activities (the last record of each key: DISTINCT ON), paged like every list.
import type {
  InwardMethod,
  InwardOutcome,
  InwardSource,
  InwardSummaryFilters,
  InwardSummaryResponse,
  ProcessingStatus,
} from '@opengst/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../../db/database';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { AppError } from '../../../platform/errors';
import { locationScope } from '../../../platform/location-scope';
import { NOT_GENERATED_CODES } from '../../../portal/portal-codes';
import { methodOf, outcomeOf } from './inward-store.repo';

const SOURCES: readonly InwardSource[] = ['GSTR2A', 'GSTR2B'];
const FAILED = sql`('Unprocessable', 'Unhandled', 'MaxAttemptReached')`;
const NOT_GENERATED = sql.join(
  NOT_GENERATED_CODES.map((code) => sql`l.message like ${`%(${code})`}`),
  sql` or `,
);

const METHOD_CONDITION: Record<InwardMethod, SQL> = {
  Upload: sql`l.status = 'Manual'`,
  Scheduled: sql`(l.status <> 'Manual' and l.user_id is null)`,
  Manual: sql`(l.status <> 'Manual' and l.user_id is not null)`,
};

const OUTCOME_CONDITION: Record<InwardOutcome, SQL> = {
  Pending: sql`l.status = 'Initialized'`,
  Running: sql`l.status in ('InProcess', 'Attempted')`,
  Downloaded: sql`l.status in ('Completed', 'Manual')`,
  NotGenerated: sql`(l.status in ${FAILED} and (${NOT_GENERATED}))`,
  Failed: sql`(l.status in ${FAILED} and (l.message is null or not (${NOT_GENERATED})))`,
};

const SORT_COLUMNS: Record<string, SQL> = {
  returnPeriod: sql`substr(l.return_period, 3, 4) || substr(l.return_period, 1, 2)`,
  gstin: sql`l.gstin`,
  startedAt: sql`l.created_at`,
  status: sql`l.status`,
};

/** "{returnPeriod|gstin|startedAt|status} ASC|DESC" (default returnPeriod DESC), then GSTIN, source and the newest. */
const orderOf = (sortExpression: string | null | undefined): SQL => {
  const match = /^(\w+)\s+(ASC|DESC)$/i.exec((sortExpression ?? '').trim() || 'returnPeriod DESC');
  const column = match?.[1] && Object.hasOwn(SORT_COLUMNS, match[1]) ? SORT_COLUMNS[match[1]] : undefined;
  if (!match || !column)
    throw new AppError('GEN0009', {
      propertyName: 'SortExpression',
      message: `Sort by one of: ${Object.keys(SORT_COLUMNS).join(', ')}, then ASC or DESC.`,
    });
  const direction = match[2]?.toUpperCase() === 'DESC' ? sql`desc` : sql`asc`;
  return sql`${column} ${direction}, ${SORT_COLUMNS.returnPeriod} desc, l.gstin asc, l.action asc, l.id desc`;
};

const list = (values: readonly (string | number)[]) => sql`string_to_array(${values.join(',')}, ',')`;
const iso = (value: unknown): string => new Date(value as string | Date).toISOString();

type Row = {
  id: number | string;
  entity_id: number;
  entity_name: string;
  gstin: string;
  return_period: string;
  action: InwardSource;
  status: ProcessingStatus;
  user_id: number | null;
  user_name: string | null;
  document_count: number;
  message: string | null;
  created_at: string | Date;
  completed_at: string | Date | null;
  last_completed_at: string | Date | null;
  documents: number | null;
};

export const searchInwardSummary = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  request: { start: number; size: number; sortExpression?: string | null | undefined; filters?: InwardSummaryFilters | undefined },
): Promise<InwardSummaryResponse> => {
  const order = orderOf(request.sortExpression);
  const filters = request.filters ?? {};
  const scope = await locationScope(db, principal, filters.entityIds);
  if (scope.length === 0) return { items: [], totalRecords: 0 };
  const sources = filters.sources?.length ? filters.sources : SOURCES;
  const inner: SQL[] = [
    sql`a.subscriber_id = ${principal.subscriberId}`,
    sql`a.kind = 'Sync'`,
    sql`a.action = any(${list(sources)})`,
    sql`a.entity_id = any(${list(scope)}::int[])`,
  ];
  if (filters.returnPeriods?.length) inner.push(sql`a.return_period = any(${list(filters.returnPeriods)})`);
  const last = sql`(select distinct on (a.entity_id, a.return_period, a.action) a.* from data_activities a
    where ${sql.join(inner, sql` and `)}
    order by a.entity_id, a.return_period, a.action, a.id desc) l`;
  const outer: SQL[] = [sql`true`];
  if (filters.methods?.length)
    outer.push(
      sql`(${sql.join(
        filters.methods.map((m) => METHOD_CONDITION[m]),
        sql` or `,
      )})`,
    );
  if (filters.outcomes?.length)
    outer.push(
      sql`(${sql.join(
        filters.outcomes.map((o) => OUTCOME_CONDITION[o]),
        sql` or `,
      )})`,
    );
  const where = sql.join(outer, sql` and `);
  const [total] = await rowsOf<{ n: number | string }>(db, sql`select count(*) as n from ${last} where ${where}`);
  const rows = await rowsOf<Row>(
    db,
    sql`select l.id, l.entity_id, e.entity_name, l.gstin, l.return_period, l.action, l.status, l.user_id, u.display_name as user_name,
        l.document_count, l.message, l.created_at, l.completed_at, c.completed_at as last_completed_at, c.document_count as documents
      from ${last}
      join entities e on e.id = l.entity_id
      left join users u on u.id = l.user_id
      left join lateral (
        select b.completed_at, b.document_count from data_activities b
        where b.subscriber_id = l.subscriber_id and b.kind = 'Sync' and b.entity_id = l.entity_id and b.return_period = l.return_period
          and b.action = l.action and b.status in ('Completed', 'Manual')
        order by b.id desc limit 1
      ) c on true
      where ${where}
      order by ${order}
      offset ${request.start} limit ${request.size}`,
  );
  return {
    totalRecords: Number(total?.n ?? 0),
    items: rows.map((r) => ({
      entityId: Number(r.entity_id),
      entityName: r.entity_name,
      gstin: r.gstin,
      returnPeriod: r.return_period,
      source: r.action,
      activityId: Number(r.id),
      method: methodOf(r.status, r.user_id),
      status: r.status,
      outcome: outcomeOf(r.status, r.message),
      startedAt: iso(r.created_at),
      completedAt: r.completed_at === null ? null : iso(r.completed_at),
      documentCount: Number(r.document_count),
      message: r.message,
      userName: r.user_name,
      lastCompletedAt: r.last_completed_at === null ? null : iso(r.last_completed_at),
      documents: Number(r.documents ?? 0),
    })),
  };
};
