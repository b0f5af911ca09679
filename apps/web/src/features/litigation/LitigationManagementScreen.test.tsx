import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, pick, refusal, renderAt, stubApi, type Call } from '../../test/screenTestSupport';
import { filtersFromSearch, LitigationManagementScreen } from './LitigationManagementScreen';
import { notice } from './noticeTestFixtures';

// /litigation-management: the register sorted by reply date, each notice's status code with its words and the days
// left to reply (red once overdue, amber within a week), the filters sent as the API's, "Due this week", and delete
// only with its right.

const searches = (calls: Call[]) => calls.filter((c) => c.url.includes('/litigation/search'));
const lastSearch = (calls: Call[]) => searches(calls).at(-1)?.body as { sortExpression: string; filters: Record<string, unknown> };

describe('LitigationManagementScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T06:00:00Z'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const rows = [
    notice(1, {
      status: 'DDL',
      daysLeft: -3,
      dueOn: '2026-11-24',
      referenceNumber: 'LAPSED-1',
      tagIds: [3, 5],
      consultants: [{ id: 11, displayName: 'Meera Iyer' }],
    }),
    notice(2, { status: 'ACT', daysLeft: 5, dueOn: '2026-12-02', referenceNumber: 'SOON-2' }),
    notice(3, { status: 'REP', daysLeft: 20, dueOn: '2026-12-17', stage: 'Replied', referenceNumber: 'DONE-3' }),
    notice(4, { status: 'CLS', daysLeft: null, stage: 'Closed', referenceNumber: 'SHUT-4' }),
  ];
  const options = {
    sections: ['16(4)', '73', '74A'],
    financialYears: ['2024-25', '2023-24'],
    consultants: [{ id: 11, displayName: 'Meera Iyer' }],
    tags: [
      { id: 3, name: 'Scrutiny', color: 'grape', isActive: true },
      { id: 5, name: 'High stake', color: 'red', isActive: true },
    ],
    viewerConsultantId: null as number | null,
  };
  const answer = (url: string) =>
    url.includes('/user/entities')
      ? json([])
      : url.includes('/litigation/options')
        ? json(options)
        : json({ items: url.includes('/litigation/search') ? rows : [], totalRecords: rows.length });

  it('lists the notices by reply date with their status codes and the days left', async () => {
    const calls = stubApi(answer);
    renderAt(<LitigationManagementScreen />, '/litigation-management', ['LitigationManagement']);
    const lapsed = await screen.findByTestId('notice-row-LAPSED-1', {}, { timeout: 5000 });
    expect(within(lapsed).getByTestId('notice-status').textContent).toBe('DDL · Deadline lapsed');
    expect(within(lapsed).getByTestId('notice-days-left').textContent).toBe('Overdue by 3 days');
    const soon = screen.getByTestId('notice-row-SOON-2');
    expect(within(soon).getByTestId('notice-status').textContent).toBe('ACT · Active');
    expect(within(soon).getByTestId('notice-days-left').textContent).toBe('5 days left');
    // Replied: the reply is in, so no days are counted; closed: none either.
    expect(within(screen.getByTestId('notice-row-DONE-3')).getByTestId('notice-status').textContent).toBe('REP · Replied');
    expect(within(screen.getByTestId('notice-row-DONE-3')).queryByTestId('notice-days-left')).toBeNull();
    expect(within(screen.getByTestId('notice-row-SHUT-4')).getByTestId('notice-status').textContent).toBe('CLS · Closed');
    expect(within(soon).getByText('1,01,200.00')).toBeTruthy();
    expect(lastSearch(calls)).toMatchObject({ start: 0, sortExpression: 'dueOn ASC', filters: {} });
    // Without LitigationEdit / LitigationDelete: no add, no selection.
    expect(screen.queryByTestId('notice-add')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('sends the filters, and "Due this week" asks for what still needs a reply in the next seven days', async () => {
    const calls = stubApi(answer);
    renderAt(<LitigationManagementScreen />, '/litigation-management', ['LitigationManagement', 'LitigationEdit']);
    await screen.findByTestId('notice-row-SOON-2', {}, { timeout: 5000 });
    expect(screen.getByTestId('notice-add').getAttribute('href')).toBe('/create-litigation');
    await pick(screen.getByTestId('notice-filter-form'), 'DRC-01 · Show cause notice');
    await waitFor(() => expect(lastSearch(calls).filters).toEqual({ forms: ['DRC-01'] }));
    await pick(screen.getByTestId('notice-filter-stage'), 'Hearing');
    await waitFor(() => expect(lastSearch(calls).filters).toEqual({ forms: ['DRC-01'], stages: ['Hearing'] }));
    fireEvent.click(screen.getByTestId('notice-due-week'));
    await waitFor(() =>
      expect(lastSearch(calls).filters).toEqual({
        forms: ['DRC-01'],
        stages: ['Hearing'],
        statuses: ['ACT', 'ROPEN', 'DDL'],
        dueFrom: '2026-11-27',
        dueTo: '2026-12-04',
      }),
    );
    expect(screen.getByTestId('notice-due-week').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('notice-clear'));
    await waitFor(() => expect(lastSearch(calls).filters).toEqual({}));
  });

  it('shows the tags as badges in their colours and the consultants under the assignee', async () => {
    stubApi(answer);
    renderAt(<LitigationManagementScreen />, '/litigation-management', ['LitigationManagement']);
    const lapsed = await screen.findByTestId('notice-row-LAPSED-1', {}, { timeout: 5000 });
    await waitFor(() =>
      expect(
        within(lapsed)
          .getAllByTestId('notice-tag')
          .map((b) => [b.textContent, b.dataset.color]),
      ).toEqual([
        ['Scrutiny', 'grape'],
        ['High stake', 'red'],
      ]),
    );
    expect(within(lapsed).getByTestId('notice-consultants').textContent).toBe('Meera Iyer');
    expect(within(screen.getByTestId('notice-row-SOON-2')).queryByTestId('notice-tag')).toBeNull();
  });

  it('filters by section, year, contingent class, consultant and tag, offering what the notices hold', async () => {
    const calls = stubApi(answer);
    renderAt(<LitigationManagementScreen />, '/litigation-management', ['LitigationManagement']);
    await screen.findByTestId('notice-row-SOON-2', {}, { timeout: 5000 });
    const section = screen.getByTestId('notice-filter-section');
    fireEvent.click(section);
    await waitFor(() => expect(section.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(section.getAttribute('aria-controls') ?? '');
    await waitFor(() =>
      expect([...(listbox?.querySelectorAll('[role="option"]') ?? [])].map((o) => o.textContent)).toEqual([
        '16(4)',
        '73',
        '74A',
        'No section',
      ]),
    );
    await pick(section, '74A');
    await pick(section, 'No section');
    await pick(screen.getByTestId('notice-filter-year'), '2023-24');
    await pick(screen.getByTestId('notice-filter-contingent'), 'Probable');
    await pick(screen.getByTestId('notice-filter-consultant'), 'Meera Iyer');
    await pick(screen.getByTestId('notice-filter-tag'), 'High stake');
    await waitFor(() =>
      expect(lastSearch(calls).filters).toEqual({
        sections: ['74A', '-'],
        financialYears: ['2023-24'],
        contingentClasses: ['Probable'],
        consultantIds: [11],
        tagIds: [5],
      }),
    );
    fireEvent.click(screen.getByTestId('notice-clear'));
    await waitFor(() => expect(lastSearch(calls).filters).toEqual({}));
  });

  it('offers a consultant signed in no filter by consultant (it sees only its own notices)', async () => {
    stubApi((url) => (url.includes('/litigation/options') ? json({ ...options, viewerConsultantId: 11 }) : answer(url)));
    renderAt(<LitigationManagementScreen />, '/litigation-management', ['LitigationManagement']);
    await screen.findByTestId('notice-row-SOON-2', {}, { timeout: 5000 });
    await waitFor(() => expect(screen.queryByTestId('notice-filter-consultant')).toBeNull());
    expect(screen.getByTestId('notice-filter-section')).toBeTruthy();
  });

  it('opens with the filters of a dashboard figure, every one of them applied', async () => {
    const calls = stubApi(answer);
    renderAt(
      <LitigationManagementScreen />,
      '/litigation-management?statuses=DDL&forms=DRC-01&sections=73,-&financialYears=2023-24&contingentClasses=Probable,Possible',
      ['LitigationManagement'],
    );
    await screen.findByTestId('notice-row-SOON-2', {}, { timeout: 5000 });
    expect(lastSearch(calls).filters).toEqual({
      forms: ['DRC-01'],
      statuses: ['DDL'],
      sections: ['73', '-'],
      financialYears: ['2023-24'],
      contingentClasses: ['Probable', 'Possible'],
    });
    expect(screen.queryByTestId('notice-unknown-filters')).toBeNull();
  });

  it('names a parameter of its address it cannot filter by', async () => {
    stubApi(answer);
    renderAt(<LitigationManagementScreen />, '/litigation-management?statuses=DDL&officer=Iyer', ['LitigationManagement']);
    await screen.findByTestId('notice-row-SOON-2', {}, { timeout: 5000 });
    expect(screen.getByTestId('notice-unknown-filters').textContent).toContain('cannot filter by officer');
  });

  it('deletes the selected notices with LitigationDelete, and shows a refusal in place', async () => {
    const message = 'The notice was not found.';
    const calls = stubApi((url) => (url.includes('/litigation/delete') ? refusal('GEN0003', message) : answer(url)));
    renderAt(<LitigationManagementScreen />, '/litigation-management', ['LitigationManagement', 'LitigationDelete']);
    const row = await screen.findByTestId('notice-row-SHUT-4', {}, { timeout: 5000 });
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('notice-delete'));
    fireEvent.click(await screen.findByTestId('notice-delete-confirm', {}, { timeout: 5000 }));
    await waitFor(() => expect(calls.find((c) => c.url.includes('/litigation/delete'))?.body).toEqual({ ids: [4] }));
    expect((await screen.findByTestId('action-refusal', {}, { timeout: 5000 })).textContent).toContain(message);
  });
});

describe('filtersFromSearch', () => {
  it("reads the dashboard's links into the register's filters, and names what it cannot filter by", () => {
    const { state, unknown } = filtersFromSearch(
      new URLSearchParams(
        'statuses=ACT,ROPEN,DDL,XYZ&forms=DRC-01,NOPE&entityIds=3,x&dueFrom=2026-11-27&dueTo=27-11-2026&sections=73,16(4),-' +
          '&financialYears=2023-24,-,FY23&contingentClasses=Probable,Likely&consultantIds=11,0&tagIds=5&page=2',
      ),
    );
    expect(state).toEqual({
      text: '',
      locations: ['3'],
      forms: ['DRC-01'],
      types: [],
      stages: [],
      statuses: ['ACT', 'ROPEN', 'DDL'],
      dueFrom: '2026-11-27',
      dueTo: '',
      sections: ['73', '16(4)', '-'],
      years: ['2023-24', '-'],
      classes: ['Probable'],
      consultants: ['11'],
      tags: ['5'],
    });
    expect(unknown).toEqual(['page']);
  });
});
