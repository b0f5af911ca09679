import { queryOptions } from '@tanstack/react-query';
import { NOTICE_ENDPOINTS, type NoticeStatusCode } from '@opengst/contracts';
import { addDays } from '@opengst/domain';
import { call } from '../../../api/call';

// /litigation-dashboard's call (the register's figures over the chosen locations) and the address of the register
// filtered to what each figure counts, so that a click shows exactly the notices behind the number.

export const litigationDashboardKeys = {
  all: ['litigation', 'dashboard'] as const,
  figures: (entityIds: readonly number[]) => [...litigationDashboardKeys.all, [...entityIds].sort((a, b) => a - b)] as const,
};

export const litigationDashboardQuery = (entityIds: readonly number[]) =>
  queryOptions({
    queryKey: litigationDashboardKeys.figures(entityIds),
    queryFn: () => call(NOTICE_ENDPOINTS.noticeDashboard, { body: entityIds.length > 0 ? { entityIds: [...entityIds] } : {} }),
    staleTime: 0,
  });

export const REGISTER_PATH = '/litigation-management';

/** Still open: every status but closed (the dashboard's "open" is every stage but Closed). */
export const OPEN_STATUSES: readonly NoticeStatusCode[] = ['ACT', 'REP', 'DDL', 'ROPEN'];
/** Replies still owed, in the order the register's "Due this week" button sets them. */
export const OWED_STATUSES: readonly NoticeStatusCode[] = ['ACT', 'ROPEN', 'DDL'];

/**
 * The register's filters a figure stands for, as query parameters (lists comma-separated), each one of NoticeFilters:
 * the register reads them all back (filtersFromSearch), and the server filters by them as the dashboard counts ('-' in
 * sections or financialYears: the notices without one; a notice citing two sections counts under each), so a figure
 * followed lists exactly the notices behind it.
 */
export type RegisterFilter = {
  statuses?: readonly NoticeStatusCode[];
  forms?: readonly string[];
  entityIds?: readonly number[];
  sections?: readonly string[];
  financialYears?: readonly string[];
  contingentClasses?: readonly ('Probable' | 'Possible' | 'Remote')[];
  dueFrom?: string;
  dueTo?: string;
};

const ORDER: readonly (keyof RegisterFilter)[] = [
  'statuses',
  'forms',
  'sections',
  'financialYears',
  'contingentClasses',
  'entityIds',
  'dueFrom',
  'dueTo',
];

/** The register's address for `filter`, within the dashboard's locations (`scope`, none: all the user's). */
export const registerLink = (filter: RegisterFilter, scope: readonly number[]): string => {
  const merged: RegisterFilter = { ...(scope.length > 0 ? { entityIds: scope } : {}), ...filter };
  const parts = ORDER.flatMap((key) => {
    const value = merged[key];
    if (value === undefined) return [];
    const text = typeof value === 'string' ? encodeURIComponent(value) : value.map((v) => encodeURIComponent(String(v))).join(',');
    return text === '' ? [] : [`${key}=${text}`];
  });
  return parts.length > 0 ? `${REGISTER_PATH}?${parts.join('&')}` : REGISTER_PATH;
};

/** Due within seven days of `asOf` (the server's today), as the register's "Due this week" asks for it. */
export const dueWeekFilter = (asOf: string): RegisterFilter => ({ statuses: OWED_STATUSES, dueFrom: asOf, dueTo: addDays(asOf, 7) });
