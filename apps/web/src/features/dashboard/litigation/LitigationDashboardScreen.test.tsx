import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { NoticeDashboard } from '@opengst/contracts';
import { json, pick, renderAt, stubApi, type Call } from '../../../test/screenTestSupport';
import { LitigationDashboardScreen } from './LitigationDashboardScreen';

// /litigation-dashboard: the register's figures from the API (open, due within 7 days, overdue, at stake with
// provision and disclosure), each a link to the register filtered to the notices behind it; the location chips narrow
// both the figures and the links; no notices: the way to add one; a failed load says so.

const tally = (key: string, label: string, count: number, demand: number) => ({ key, label, count, demand });
const FIGURES: NoticeDashboard = {
  asOf: '2026-11-27',
  total: tally('total', 'All notices', 5, 90_000_000),
  open: tally('open', 'Open', 4, 80_000_000),
  dueThisWeek: tally('dueThisWeek', 'Due within 7 days', 1, 12_34_567_89),
  overdue: tally('overdue', 'Overdue', 2, 45_00_000_00),
  byStatus: [
    tally('DDL', 'Deadline lapsed', 2, 45_00_000_00),
    tally('ACT', 'Active', 1, 12_34_567_89),
    tally('CLS', 'Closed', 1, 10_000_000),
  ],
  byForm: [tally('DRC-01', 'Show cause notice', 3, 60_000_000), tally('ASMT-10', 'Scrutiny of returns', 2, 30_000_000)],
  bySection: [tally('74', 'Section 74', 2, 50_000_000), tally('-', 'No section', 3, 40_000_000)],
  byEntity: [tally('7', 'Acme Mumbai (27AAACA1234A1Z5)', 4, 80_000_000), tally('9', 'Acme Pune (27AAACA1234A2Z4)', 1, 10_000_000)],
  byFinancialYear: [tally('2024-25', 'FY 2024-25', 3, 60_000_000), tally('2023-24', 'FY 2023-24', 2, 30_000_000)],
  contingent: { atStake: 70_000_000, provision: 50_000_000, disclosure: 20_000_000, remote: 0 },
};
const EMPTY: NoticeDashboard = {
  ...FIGURES,
  total: tally('total', 'All notices', 0, 0),
  open: tally('open', 'Open', 0, 0),
  dueThisWeek: tally('dueThisWeek', 'Due within 7 days', 0, 0),
  overdue: tally('overdue', 'Overdue', 0, 0),
  byStatus: [],
  byForm: [],
  bySection: [],
  byEntity: [],
  byFinancialYear: [],
  contingent: { atStake: 0, provision: 0, disclosure: 0, remote: 0 },
};
const ENTITIES = [
  { entityId: 7, entityName: 'Acme Mumbai', gstin: '27AAACA1234A1Z5', entityType: 'Location', hasAccess: true },
  { entityId: 9, entityName: 'Acme Pune', gstin: '27AAACA1234A2Z4', entityType: 'Location', hasAccess: true },
];

const dashboardCalls = (calls: Call[]) => calls.filter((c) => c.url.includes('/litigation/dashboard'));
const href = (testId: string) => screen.getByTestId(testId).getAttribute('href');

describe('LitigationDashboardScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const answer = (figures: NoticeDashboard) => (url: string) => (url.includes('/user/entities') ? json(ENTITIES) : json(figures));

  it('shows the figures, each a link to the register filtered to the notices behind it', async () => {
    const calls = stubApi(answer(FIGURES));
    renderAt(<LitigationDashboardScreen />, '/litigation-dashboard', ['DashboardLitigation']);
    const open = await screen.findByTestId('litigation-open-count', {}, { timeout: 5000 });
    expect(open.textContent).toBe('4');
    expect(open.getAttribute('href')).toBe('/litigation-management?statuses=ACT,REP,DDL,ROPEN');
    expect(screen.getByTestId('litigation-open-demand').textContent).toBe('Demand ₹ 8,00,000.00');
    expect(screen.getByTestId('litigation-total').getAttribute('href')).toBe('/litigation-management');
    // Due within 7 days: the replies still owed whose due date falls in the server's week, as "Due this week" asks.
    expect(screen.getByTestId('litigation-due-week-count').textContent).toBe('1');
    expect(href('litigation-due-week-count')).toBe('/litigation-management?statuses=ACT,ROPEN,DDL&dueFrom=2026-11-27&dueTo=2026-12-04');
    expect(screen.getByTestId('litigation-due-week-demand').textContent).toBe('Demand ₹ 12,34,567.89');
    // Overdue: red, and the register of the lapsed ones (DDL).
    expect(screen.getByTestId('litigation-overdue-count').textContent).toBe('2');
    expect(href('litigation-overdue-count')).toBe('/litigation-management?statuses=DDL');
    expect(href('litigation-overdue-demand')).toBe('/litigation-management?statuses=DDL');
    expect(screen.getByTestId('litigation-overdue').getAttribute('style')).toContain('red');
    // At stake = provided for (Probable) + disclosed (Possible), the open notices only.
    expect(screen.getByTestId('litigation-at-stake-amount').textContent).toBe('7,00,000.00');
    expect(screen.getByTestId('litigation-provision').textContent).toBe('5,00,000.00');
    expect(href('litigation-provision')).toBe('/litigation-management?statuses=ACT,REP,DDL,ROPEN&contingentClasses=Probable');
    expect(screen.getByTestId('litigation-disclosure').textContent).toBe('2,00,000.00');
    expect(href('litigation-at-stake-amount')).toBe(
      '/litigation-management?statuses=ACT,REP,DDL,ROPEN&contingentClasses=Probable,Possible',
    );
    expect(screen.getByTestId('litigation-at-stake').textContent).toContain('Ind AS 37');
    expect(screen.queryByTestId('litigation-remote')).toBeNull();
    // The breakdowns: status, form, year, section, location; each count and amount a link.
    const lapsed = screen.getByTestId('litigation-by-status-DDL');
    expect(within(lapsed).getByText('DDL · Deadline lapsed')).toBeTruthy();
    expect(href('litigation-by-status-DDL-count')).toBe('/litigation-management?statuses=DDL');
    expect(screen.getByTestId('litigation-by-status-DDL-demand').textContent).toBe('45,00,000.00');
    expect(screen.getByTestId('litigation-by-form-DRC-01-count').textContent).toBe('3');
    expect(href('litigation-by-form-DRC-01-demand')).toBe('/litigation-management?forms=DRC-01');
    expect(href('litigation-by-year-2023-24-count')).toBe('/litigation-management?financialYears=2023-24');
    expect(href('litigation-by-section-74-count')).toBe('/litigation-management?sections=74');
    expect(href('litigation-by-section---count')).toBe('/litigation-management?sections=-');
    expect(href('litigation-by-location-9-count')).toBe('/litigation-management?entityIds=9');
    const locations = within(screen.getByTestId('litigation-by-location')).getAllByRole('row').slice(1);
    expect(locations.map((row) => row.getAttribute('data-testid'))).toEqual(['litigation-by-location-7', 'litigation-by-location-9']);
    expect(dashboardCalls(calls).at(-1)?.body).toEqual({});
  });

  it('narrows the figures and their links to the chosen locations', async () => {
    const calls = stubApi(answer(FIGURES));
    renderAt(<LitigationDashboardScreen />, '/litigation-dashboard', ['DashboardLitigation']);
    await screen.findByTestId('litigation-open-count', {}, { timeout: 5000 });
    await pick(screen.getByTestId('litigation-dashboard-locations'), '27AAACA1234A2Z4 · Acme Pune');
    await waitFor(() => expect(dashboardCalls(calls).at(-1)?.body).toEqual({ entityIds: [9] }));
    await waitFor(() => expect(href('litigation-overdue-count')).toBe('/litigation-management?statuses=DDL&entityIds=9'));
    expect(href('litigation-by-form-DRC-01-count')).toBe('/litigation-management?forms=DRC-01&entityIds=9');
  });

  it('without notices, says so and offers to add one', async () => {
    stubApi(answer(EMPTY));
    renderAt(<LitigationDashboardScreen />, '/litigation-dashboard', ['DashboardLitigation', 'LitigationEdit']);
    const empty = await screen.findByTestId('litigation-dashboard-empty', {}, { timeout: 5000 });
    expect(empty.textContent).toContain('No notices yet');
    expect(href('litigation-dashboard-add')).toBe('/create-litigation');
    expect(screen.queryByTestId('litigation-overdue')).toBeNull();
  });

  it("says when the figures cannot be loaded: the server's words when it refuses on purpose, otherwise its own", async () => {
    const message = 'You have no access to GSTIN 27AAACA1234A2Z4.';
    stubApi((url) =>
      url.includes('/litigation/dashboard') ? json({ errors: [{ code: 'AUTH0403', message, type: 'Error' }] }, 403) : json(ENTITIES),
    );
    renderAt(<LitigationDashboardScreen />, '/litigation-dashboard', ['DashboardLitigation']);
    expect((await screen.findByTestId('litigation-dashboard-failed', {}, { timeout: 5000 })).textContent).toContain(message);
    cleanup();
    stubApi((url) => (url.includes('/litigation/dashboard') ? json({ errors: [] }, 500) : json(ENTITIES)));
    renderAt(<LitigationDashboardScreen />, '/litigation-dashboard', ['DashboardLitigation']);
    expect((await screen.findByTestId('litigation-dashboard-failed', {}, { timeout: 5000 })).textContent).toContain(
      'The litigation figures could not be loaded.',
    );
  });
});
