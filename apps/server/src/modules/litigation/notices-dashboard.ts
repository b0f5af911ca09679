// /litigation-dashboard's figures (issue 23): the register's notices in the user's scope, each read once through the
// register's own mapping (toNotice: the same status, the same total demand), then tallied. A subscriber's register
// holds hundreds or thousands of notices, so one read and a pass in memory answer in milliseconds and cannot disagree
// with the list.
import type { Notice, NoticeDashboard, NoticeTally } from '@opengst/contracts';
import { addDays, noticeFormInfo, noticeSections } from '@opengst/domain';
import type { DbOrTx } from '../../db/database';
import { joinedSelect, noticeWhere, toNotice, type NoticeScope } from './notices.repo';

const STATUS_NAMES: Record<Notice['status'], string> = {
  ACT: 'Active',
  REP: 'Replied',
  CLS: 'Closed',
  DDL: 'Deadline lapsed',
  ROPEN: 'Reopened',
};

type Tally = Map<string, NoticeTally>;

const add = (tally: Tally, key: string, label: string, notice: Notice) => {
  const entry = tally.get(key) ?? { key, label, count: 0, demand: 0 };
  entry.count += 1;
  entry.demand += notice.totalDemand;
  tally.set(key, entry);
};
const sorted = (tally: Tally) => [...tally.values()].sort((a, b) => b.demand - a.demand || b.count - a.count || a.key.localeCompare(b.key));
const one = (key: string, label: string, rows: readonly Notice[]): NoticeTally => ({
  key,
  label,
  count: rows.length,
  demand: rows.reduce((sum, n) => sum + n.totalDemand, 0),
});

/** The figures over the notices `scope` reaches: the register's own where (locations, and a consultant's own notices). */
export const noticeDashboard = async (db: DbOrTx, scope: NoticeScope, today: string): Promise<NoticeDashboard> => {
  const rows = scope.entityIds.length === 0 ? [] : await joinedSelect(db).where(noticeWhere(scope, undefined, today));
  const all = rows.map((r) => toNotice(r, today));
  const byStatus: Tally = new Map();
  const byForm: Tally = new Map();
  const bySection: Tally = new Map();
  const byEntity: Tally = new Map();
  const byYear: Tally = new Map();
  const contingent = { atStake: 0, provision: 0, disclosure: 0, remote: 0 };
  const weekEnd = addDays(today, 7);
  for (const [index, notice] of all.entries()) {
    add(byStatus, notice.status, STATUS_NAMES[notice.status], notice);
    add(byForm, notice.form, noticeFormInfo(notice.form)?.title ?? notice.form, notice);
    // A notice citing several sections ('73, 74') counts under each, as under each of its years.
    const sections = noticeSections(notice.section);
    for (const section of sections.length > 0 ? sections : ['-']) {
      add(bySection, section, section === '-' ? 'No section' : `Section ${section}`, notice);
    }
    add(byEntity, String(notice.entityId), notice.gstin ? `${notice.entityName} (${notice.gstin})` : notice.entityName, notice);
    const years = rows[index]?.row.financialYears ?? [];
    for (const year of years.length > 0 ? years : ['-']) add(byYear, year, year === '-' ? 'No year' : `FY ${year}`, notice);
    if (notice.stage !== 'Closed' && notice.contingentAmount !== null && notice.contingentTreatment) {
      if (notice.contingentTreatment === 'Provision') contingent.provision += notice.contingentAmount;
      else if (notice.contingentTreatment === 'Disclosure') contingent.disclosure += notice.contingentAmount;
      else contingent.remote += notice.contingentAmount;
    }
  }
  contingent.atStake = contingent.provision + contingent.disclosure;
  const open = all.filter((n) => n.stage !== 'Closed');
  // Due this week and overdue count the replies still owed (Active, Reopened, Deadline lapsed), as the register's quick filter does.
  const owed = open.filter((n) => n.status === 'ACT' || n.status === 'ROPEN' || n.status === 'DDL');
  return {
    asOf: today,
    total: one('total', 'All notices', all),
    open: one('open', 'Open', open),
    dueThisWeek: one(
      'dueThisWeek',
      'Due within 7 days',
      owed.filter((n) => n.dueOn !== null && n.dueOn >= today && n.dueOn <= weekEnd),
    ),
    overdue: one(
      'overdue',
      'Overdue',
      owed.filter((n) => n.status === 'DDL'),
    ),
    byStatus: sorted(byStatus),
    byForm: sorted(byForm),
    bySection: sorted(bySection),
    byEntity: sorted(byEntity),
    byFinancialYear: [...byYear.values()].sort((a, b) => b.key.localeCompare(a.key)),
    contingent,
  };
};
