// UI text of /litigation-dashboard (spec core §2 dashboard group; issue 23), English. Keys are stable. The words of
// the contingent liability are Ind AS 37's: a probable outflow is provided for, a possible one disclosed.

export const LITIGATION_DASHBOARD_TEXT = {
  'litigationDashboard.locations': 'Locations',
  'litigationDashboard.allLocations': 'All GSTINs',
  'litigationDashboard.asOf': 'As of {date}',
  'litigationDashboard.openRegister': 'Open the register',
  'litigationDashboard.open': 'Open notices',
  'litigationDashboard.openDetail': 'All notices, closed included: {total}, demand ₹ {demand}',
  'litigationDashboard.demand': 'Demand ₹ {amount}',
  'litigationDashboard.dueThisWeek': 'Reply due within 7 days',
  'litigationDashboard.dueThisWeekDetail': 'Due {from} to {to}',
  'litigationDashboard.overdue': 'Overdue (deadline lapsed)',
  'litigationDashboard.overdueDetail': 'Replies not given by the due date',
  'litigationDashboard.atStake': 'Amount at stake (₹)',
  'litigationDashboard.provision': 'Provided for (Probable)',
  'litigationDashboard.disclosure': 'Disclosed as contingent liability (Possible)',
  'litigationDashboard.remote': 'Remote, neither provided nor disclosed',
  'litigationDashboard.indAs37': 'Ind AS 37: a probable outflow is provided for, a possible one disclosed, a remote one neither.',
  'litigationDashboard.byStatus': 'By status',
  'litigationDashboard.byForm': 'By form',
  'litigationDashboard.byFinancialYear': 'By financial year',
  'litigationDashboard.bySection': 'By section',
  'litigationDashboard.byLocation': 'By location',
  'litigationDashboard.columnName': 'Name',
  'litigationDashboard.columnNotices': 'Notices',
  'litigationDashboard.columnDemand': 'Demand (₹)',
  'litigationDashboard.measure': 'Bars show',
  'litigationDashboard.measureDemand': 'Demand',
  'litigationDashboard.measureCount': 'Notices',
  'litigationDashboard.noticesOf': '{n} notices of {label}',
  'litigationDashboard.demandOf': 'Demand of {label}: ₹ {amount}',
  'litigationDashboard.emptyTitle': 'No notices yet',
  'litigationDashboard.empty':
    'No notices in the register for these locations. Add a notice you received, or import them from a file, and the figures appear here.',
  'litigationDashboard.add': 'Add a notice',
  'litigationDashboard.loadFailed': 'The litigation figures could not be loaded. Please try again.',
  'litigationDashboard.retry': 'Try again',
} as const;

export type LitigationDashboardTextKey = keyof typeof LITIGATION_DASHBOARD_TEXT;
/** The text of `key` with its {placeholders} filled. */
export const litigationDashboardText = (key: LitigationDashboardTextKey, values: Record<string, string | number> = {}): string =>
  LITIGATION_DASHBOARD_TEXT[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
