// The litigation reports (issue 23; spec modules §2.1 /contingent-liability-report and /gst-assessment-report): both
// read the notice register within the subscriber, the user's locations and, for a consultant, its own notices (the
// register's own scope, noticeWhere). A register holds hundreds of notices, so each report is worked out over the
// notices in scope with their timeline, then sorted and paged; the totals cover every matching row.
import {
  CONTINGENT_LIABILITY_REPORT,
  GST_ASSESSMENT_REPORT,
  lastQuarterEnd,
  type ContingentLiabilityFilters,
  type ContingentLiabilityRow,
  type GstAssessmentFilters,
  type GstAssessmentRow,
  type NoticeStageName,
} from '@opengst/contracts';
import { contingentTreatment, DRC03_PAYMENT, noticeSections, type ContingentClass } from '@opengst/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { entities, noticeEvents, notices } from '../../../db/schema';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { AppError } from '../../../platform/errors';
import { locationScope } from '../../../platform/location-scope';
import { CONTINGENT_ASSESSED, consultantOfPrincipal, noticeWhere } from '../../litigation';

type NoticeRow = typeof notices.$inferSelect;
type EventRow = Pick<typeof noticeEvents.$inferSelect, 'id' | 'noticeId' | 'action' | 'toStage' | 'eventDate' | 'amount' | 'note'>;
type Loaded = { row: NoticeRow; entityName: string; gstin: string | null; events: EventRow[] };
type Filters = { entityIds?: number[] | null; financialYears?: string[] | null; sections?: string[] | null };

/** The notices in the user's scope matching the entity, year and section filters, each with its timeline in order. */
const loadNotices = async (db: DbOrTx, principal: SessionPrincipal, filters: Filters | undefined, today: string): Promise<Loaded[]> => {
  const scope = {
    subscriberId: principal.subscriberId,
    entityIds: await locationScope(db, principal, filters?.entityIds),
    consultantId: await consultantOfPrincipal(db, principal),
  };
  const where = noticeWhere(scope, { sections: filters?.sections, financialYears: filters?.financialYears }, today);
  const rows = await db
    .select({ row: notices, entityName: entities.entityName, gstin: entities.gstin })
    .from(notices)
    .innerJoin(entities, eq(entities.id, notices.entityId))
    .where(where);
  const ids = rows.map((r) => r.row.id);
  const events =
    ids.length === 0
      ? []
      : await db
          .select({
            id: noticeEvents.id,
            noticeId: noticeEvents.noticeId,
            action: noticeEvents.action,
            toStage: noticeEvents.toStage,
            eventDate: noticeEvents.eventDate,
            amount: noticeEvents.amount,
            note: noticeEvents.note,
          })
          .from(noticeEvents)
          .where(and(eq(noticeEvents.subscriberId, principal.subscriberId), inArray(noticeEvents.noticeId, ids)))
          .orderBy(asc(noticeEvents.id));
  const byNotice = new Map<number, EventRow[]>();
  for (const event of events) byNotice.set(event.noticeId, [...(byNotice.get(event.noticeId) ?? []), event]);
  return rows.map((r) => ({ ...r, events: byNotice.get(r.row.id) ?? [] }));
};

/** Events on or before `date`, latest last (by date, then by the order they were recorded). */
const onOrBefore = (events: readonly EventRow[], date: string) =>
  events
    .filter((e) => e.eventDate !== null && e.eventDate <= date)
    .sort((a, b) => (a.eventDate ?? '').localeCompare(b.eventDate ?? '') || a.id - b.id);

/** Whether the notice was closed at the end of `date`: its latest stage event by then moved it to Closed. */
export const isClosedAt = (row: NoticeRow, events: readonly EventRow[], date: string): boolean => {
  const moves = events.filter((e) => e.toStage !== null);
  if (moves.length === 0) return row.stage === 'Closed';
  return onOrBefore(moves, date).at(-1)?.toStage === 'Closed';
};

export type Assessment = { classification: ContingentClass; amount: number; asOf: string } | null;

/**
 * The Ind AS 37 assessment in force at `date`: the latest 'ContingentAssessed' event made for a reporting date on or
 * before it (a blank class: withdrawn); a notice saved before these events were kept reads its own columns.
 */
export const assessmentAt = (row: NoticeRow, events: readonly EventRow[], date: string): Assessment => {
  const assessed = events.filter((e) => e.action === CONTINGENT_ASSESSED);
  if (assessed.length === 0) {
    return row.contingentClass && row.contingentAsOf && row.contingentAsOf <= date
      ? { classification: row.contingentClass as ContingentClass, amount: row.contingentAmount ?? 0, asOf: row.contingentAsOf }
      : null;
  }
  const latest = onOrBefore(assessed, date).at(-1);
  return latest?.note && latest.eventDate
    ? { classification: latest.note as ContingentClass, amount: latest.amount ?? 0, asOf: latest.eventDate }
    : null;
};

/** "{key} ASC|DESC" over the report's sortable columns (the same refusal as the SQL lists), ties by id. */
const sortRows = <R extends { id: number }>(
  rows: R[],
  sortFields: readonly string[],
  sortExpression: string | null | undefined,
  fallback: string,
) => {
  const expression = (sortExpression ?? '').trim() || fallback;
  const match = /^(\w+)\s+(ASC|DESC)$/i.exec(expression);
  const key = match?.[1];
  if (!match || !key || !sortFields.includes(key)) {
    throw new AppError('GEN0009', {
      propertyName: 'SortExpression',
      message: `Sort by one of: ${sortFields.join(', ')}, then ASC or DESC.`,
    });
  }
  const sign = match[2]?.toUpperCase() === 'DESC' ? -1 : 1;
  const valueOf = (row: R) => (row as Record<string, unknown>)[key];
  return [...rows].sort((a, b) => {
    const x = valueOf(a);
    const y = valueOf(b);
    const order =
      x === y
        ? 0
        : x === null || x === undefined
          ? -1
          : y === null || y === undefined
            ? 1
            : typeof x === 'number' && typeof y === 'number'
              ? x - y
              : String(x).localeCompare(String(y), 'en', { numeric: true });
    return sign * order || sign * (a.id - b.id);
  });
};

const taxOf = (row: NoticeRow) => row.taxIgst + row.taxCgst + row.taxSgst + row.taxCess;
const demandOf = (row: NoticeRow) => taxOf(row) + row.interest + row.penalty;

/** The reporting date and the one compared with: the request's, else the last quarter end and the one before it. */
export const reportingDates = (filters: ContingentLiabilityFilters | undefined, today: string) => {
  const asOf = filters?.asOf ?? lastQuarterEnd(today);
  return { asOf, previousAsOf: filters?.previousAsOf ?? lastQuarterEnd(asOf) };
};

/** Every notice open at the reporting date (issued by then, not closed by then), with its assessment then and before. */
export const contingentLiabilityRows = async (
  db: DbOrTx,
  principal: SessionPrincipal,
  filters: ContingentLiabilityFilters | undefined,
  today: string,
): Promise<ContingentLiabilityRow[]> => {
  const { asOf, previousAsOf } = reportingDates(filters, today);
  const loaded = await loadNotices(db, principal, filters ?? undefined, today);
  const classes = filters?.classes?.length ? new Set<string>(filters.classes) : null;
  return loaded.flatMap(({ row, entityName, gstin, events }): ContingentLiabilityRow[] => {
    if (row.issuedOn > asOf || isClosedAt(row, events, asOf)) return [];
    const now = assessmentAt(row, events, asOf);
    if (classes && !classes.has(now?.classification ?? 'NotAssessed')) return [];
    const before = assessmentAt(row, events, previousAsOf);
    const amount = now?.amount ?? 0;
    return [
      {
        id: row.id,
        entityId: row.entityId,
        entityName,
        gstin,
        form: row.form,
        referenceNumber: row.referenceNumber,
        issuedOn: row.issuedOn,
        section: row.section,
        financialYears: row.financialYears.join(', '),
        stage: row.stage,
        taxIgst: row.taxIgst,
        taxCgst: row.taxCgst,
        taxSgst: row.taxSgst,
        taxCess: row.taxCess,
        interest: row.interest,
        penalty: row.penalty,
        totalDemand: demandOf(row),
        contingentClass: now?.classification ?? null,
        contingentAmount: now ? amount : null,
        assessedAsOf: now?.asOf ?? null,
        treatment: now ? contingentTreatment(now.classification) : 'NotAssessed',
        // Ind AS 37 para 14: a probable outflow is recognised as a provision; para 86: a possible one is disclosed.
        provision: now?.classification === 'Probable' ? amount : 0,
        disclosure: now?.classification === 'Possible' ? amount : 0,
        previousClass: before?.classification ?? null,
        previousAmount: before ? before.amount : null,
      },
    ];
  });
};

const sumOf = <R>(rows: readonly R[], value: (row: R) => number) => rows.reduce((sum, row) => sum + value(row), 0);

export const contingentLiabilityTotals = (rows: readonly ContingentLiabilityRow[]) => ({
  totalDemand: sumOf(rows, (r) => r.totalDemand),
  provision: sumOf(rows, (r) => r.provision),
  disclosure: sumOf(rows, (r) => r.disclosure),
});

/** The rows in the request's sort. */
export const sortContingent = (rows: ContingentLiabilityRow[], sortExpression: string | null | undefined) =>
  sortRows(rows, CONTINGENT_LIABILITY_REPORT.sortFields, sortExpression, CONTINGENT_LIABILITY_REPORT.defaultSort);

/** What a notice adds to each row it falls under. */
type NoticeFigures = Omit<GstAssessmentRow, 'id' | 'entityId' | 'entityName' | 'gstin' | 'financialYear' | 'section' | 'notices'>;

/**
 * A notice's figures: the demand by head; confirmed, the amount of its latest order (a move to Order with an amount);
 * dropped, what an order did not confirm, or the whole demand less what was paid for a notice closed without an order
 * (ASMT-12, a reply accepted); paid, its DRC-03 payments (the 'Payment' events, their totals), or, for a notice with
 * none recorded, the amounts recorded with its moves to Replied (the digest's "Replied/Paid", as paid before payments
 * were kept on their own; never both, so a payment also typed on the move is not counted twice); under appeal, the confirmed demand (the demand where no order amount is known) while an appeal is filed.
 */
export const noticeFigures = (row: NoticeRow, events: readonly EventRow[]): NoticeFigures => {
  const moves = events.filter((e) => e.action === 'StageChanged');
  const orders = moves.filter((e) => e.toStage === ('Order' satisfies NoticeStageName) && e.amount !== null);
  const demanded = demandOf(row);
  const lastOrder = orders.at(-1);
  const confirmed = lastOrder?.amount ?? 0;
  const payments = events.filter((e) => e.action === DRC03_PAYMENT);
  const paid =
    payments.length > 0
      ? sumOf(payments, (e) => e.amount ?? 0)
      : sumOf(
          moves.filter((e) => e.toStage === ('Replied' satisfies NoticeStageName)),
          (e) => e.amount ?? 0,
        );
  const dropped = lastOrder ? Math.max(0, demanded - confirmed) : row.stage === 'Closed' ? Math.max(0, demanded - paid) : 0;
  return {
    tax: taxOf(row),
    interest: row.interest,
    penalty: row.penalty,
    demanded,
    confirmed,
    dropped,
    paid,
    underAppeal: row.stage === 'AppealFiled' ? (lastOrder ? confirmed : demanded) : 0,
  };
};

const FIGURES: readonly (keyof NoticeFigures)[] = ['tax', 'interest', 'penalty', 'demanded', 'confirmed', 'dropped', 'paid', 'underAppeal'];

/**
 * Assessments and demands by location, financial year and section: a notice citing several sections (the domain's
 * noticeSections) or years is counted under each pair (within the filters), and once in the totals.
 */
export const gstAssessment = async (db: DbOrTx, principal: SessionPrincipal, filters: GstAssessmentFilters | undefined, today: string) => {
  const loaded = await loadNotices(db, principal, filters ?? undefined, today);
  const years = filters?.financialYears?.length ? new Set(filters.financialYears) : null;
  const sections = filters?.sections?.length ? new Set(filters.sections) : null;
  const groups = new Map<string, Omit<GstAssessmentRow, 'id'>>();
  const figures = loaded.map(({ row, entityName, gstin, events }) => {
    const own = noticeFigures(row, events);
    const ownYears = row.financialYears.length > 0 ? row.financialYears : [''];
    const ownSections = noticeSections(row.section);
    for (const year of ownYears.filter((y) => !years || years.has(y === '' ? '-' : y))) {
      for (const section of (ownSections.length > 0 ? ownSections : ['']).filter((s) => !sections || sections.has(s === '' ? '-' : s))) {
        const key = JSON.stringify([row.entityId, year, section]);
        const group =
          groups.get(key) ??
          ({
            entityId: row.entityId,
            entityName,
            gstin,
            financialYear: year,
            section,
            notices: 0,
            ...Object.fromEntries(FIGURES.map((f) => [f, 0])),
          } as Omit<GstAssessmentRow, 'id'>);
        group.notices += 1;
        for (const f of FIGURES) group[f] += own[f];
        groups.set(key, group);
      }
    }
    return own;
  });
  const byPlace = (a: Omit<GstAssessmentRow, 'id'>, b: Omit<GstAssessmentRow, 'id'>) =>
    a.entityName.localeCompare(b.entityName) ||
    a.entityId - b.entityId ||
    b.financialYear.localeCompare(a.financialYear) ||
    a.section.localeCompare(b.section, 'en', { numeric: true });
  const rows: GstAssessmentRow[] = [...groups.values()].sort(byPlace).map((group, i) => ({ id: i + 1, ...group }));
  const totals = {
    notices: loaded.length,
    ...(Object.fromEntries(FIGURES.map((f) => [f, sumOf(figures, (own) => own[f])])) as Record<keyof NoticeFigures, number>),
  };
  return { rows, totals };
};

export const sortAssessment = (rows: GstAssessmentRow[], sortExpression: string | null | undefined) =>
  sortRows(rows, GST_ASSESSMENT_REPORT.sortFields, sortExpression, GST_ASSESSMENT_REPORT.defaultSort);
