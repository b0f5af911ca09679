import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GstAssessmentRow } from '@opengst/contracts';
import { BUSINESS, MUMBAI } from '../../../test/entityFixtures';
import { json, pick, renderAt, stubApi, type Call } from '../../../test/screenTestSupport';
import { GstAssessmentReportScreen } from './GstAssessmentReportScreen';

// /gst-assessment-report against a stubbed API: a row per location, year and section with its figures, each count a
// link to the register filtered to that row (a notice with no year or section by '-'); the totals; the year filter sent;
// the section filter offering the sections the subscriber's notices cite (litigation-reports/options).

const LOADED = { timeout: 8000 };
const FIGURES = {
  tax: 5_000_000,
  interest: 1_000_000,
  penalty: 5_000_000,
  demanded: 11_000_000,
  confirmed: 4_000_000,
  dropped: 7_000_000,
  paid: 0,
  underAppeal: 4_000_000,
};
const ROWS: GstAssessmentRow[] = [
  {
    id: 1,
    entityId: MUMBAI.entityId,
    entityName: 'Mumbai',
    gstin: MUMBAI.gstin,
    financialYear: '2023-24',
    section: '74A',
    notices: 1,
    ...FIGURES,
  },
  {
    id: 2,
    entityId: MUMBAI.entityId,
    entityName: 'Mumbai',
    gstin: MUMBAI.gstin,
    financialYear: '',
    section: '',
    notices: 2,
    tax: 0,
    interest: 0,
    penalty: 0,
    demanded: 0,
    confirmed: 0,
    dropped: 0,
    paid: 0,
    underAppeal: 0,
  },
];

const OPTIONS = { sections: ['73', '74A', '128A'], financialYears: ['2023-24'] };

const searches = (calls: Call[]) => calls.filter((c) => c.url.includes('/gst-assessment-report/search'));

describe('GstAssessmentReportScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the demands by location, year and section, links each to the register filtered, and filters by year', async () => {
    const calls = stubApi((url) =>
      url.includes('/user/entities')
        ? json([BUSINESS, MUMBAI])
        : url.includes('/litigation-reports/options')
          ? json(OPTIONS)
          : json({ items: ROWS, totalRecords: 2, totals: { notices: 3, ...FIGURES } }),
    );
    renderAt(<GstAssessmentReportScreen />, '/gst-assessment-report', ['ReportGstAssessment']);
    const link = await screen.findByTestId('assessment-link-1', {}, LOADED);
    expect(link.getAttribute('href')).toBe(`/litigation-management?entityIds=${MUMBAI.entityId}&financialYears=2023-24&sections=74A`);
    expect(screen.getByTestId('assessment-link-2').getAttribute('href')).toBe(
      `/litigation-management?entityIds=${MUMBAI.entityId}&financialYears=-&sections=-`,
    );
    const first = screen.getByTestId('row-1');
    expect(within(first).getByText('1,10,000.00')).toBeTruthy();
    expect(within(first).getAllByText('40,000.00')).toHaveLength(2);
    expect(within(screen.getByTestId('row-2')).getByText('No year')).toBeTruthy();
    expect(screen.getByTestId('assessment-totals').textContent).toContain('3 notices');
    expect(screen.getByTestId('total-dropped').textContent).toContain('70,000.00');

    await pick(screen.getByTestId('lit-report-years'), '2023-24');
    await waitFor(() => expect(searches(calls).at(-1)?.body).toMatchObject({ filters: { financialYears: ['2023-24'] } }), LOADED);
  }, 20_000);

  it('offers as sections those the subscriber’s notices cite, and no section, and sends the one picked', async () => {
    const calls = stubApi((url) =>
      url.includes('/user/entities')
        ? json([BUSINESS, MUMBAI])
        : url.includes('/litigation-reports/options')
          ? json(OPTIONS)
          : json({ items: ROWS, totalRecords: 2, totals: { notices: 3, ...FIGURES } }),
    );
    renderAt(<GstAssessmentReportScreen />, '/gst-assessment-report', ['ReportGstAssessment']);
    await screen.findByTestId('assessment-link-1', {}, LOADED);
    await waitFor(() => expect(calls.some((c) => c.url.includes('/litigation-reports/options'))).toBe(true), LOADED);
    const input = screen.getByTestId('lit-report-sections');
    fireEvent.click(input);
    await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
    const listbox = window.document.getElementById(input.getAttribute('aria-controls') ?? '');
    await waitFor(
      () =>
        expect(
          within(listbox ?? document.body)
            .getAllByRole('option', { hidden: true })
            .map((o) => o.textContent),
        ).toEqual(['73', '74A', '128A', 'No section']),
      LOADED,
    );
    fireEvent.click(input);
    await pick(input, '128A');
    await waitFor(() => expect(searches(calls).at(-1)?.body).toMatchObject({ filters: { sections: ['128A'] } }), LOADED);
  }, 20_000);
});
