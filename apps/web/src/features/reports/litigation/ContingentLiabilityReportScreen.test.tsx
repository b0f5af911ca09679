import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { istDateOf } from '@opengst/domain';
import { lastQuarterEnd, type ContingentLiabilityRow } from '@opengst/contracts';
import { BUSINESS, MUMBAI } from '../../../test/entityFixtures';
import { json, pick, renderAt, stubApi, type Call } from '../../../test/screenTestSupport';
import { ContingentLiabilityReportScreen } from './ContingentLiabilityReportScreen';

// /contingent-liability-report against a stubbed API: asked as at the last quarter end compared with the one before,
// each notice with its class, Ind AS 37 treatment and the class it had then; the totals to provide and to disclose;
// a class filter sent to the server.

const LOADED = { timeout: 8000 };
const row = (id: number, more: Partial<ContingentLiabilityRow>): ContingentLiabilityRow => ({
  id,
  entityId: MUMBAI.entityId,
  entityName: 'Mumbai',
  gstin: MUMBAI.gstin,
  form: 'DRC-01',
  referenceNumber: `ZD27${id}`,
  issuedOn: '2025-11-10',
  section: '73',
  financialYears: '2021-22',
  stage: 'Hearing',
  taxIgst: 0,
  taxCgst: 1_000_000,
  taxSgst: 1_000_000,
  taxCess: 0,
  interest: 300_000,
  penalty: 200_000,
  totalDemand: 2_500_000,
  contingentClass: null,
  contingentAmount: null,
  assessedAsOf: null,
  treatment: 'NotAssessed',
  provision: 0,
  disclosure: 0,
  previousClass: null,
  previousAmount: null,
  ...more,
});
const ROWS = [
  row(1, {
    contingentClass: 'Probable',
    contingentAmount: 2_500_000,
    assessedAsOf: '2026-09-30',
    treatment: 'Provision',
    provision: 2_500_000,
    previousClass: 'Possible',
    previousAmount: 2_000_000,
  }),
  row(2, {
    contingentClass: 'Possible',
    contingentAmount: 700_000,
    assessedAsOf: '2026-03-31',
    treatment: 'Disclosure',
    disclosure: 700_000,
  }),
];

const searches = (calls: Call[]) => calls.filter((c) => c.url.includes('/contingent-liability-report/search'));

describe('ContingentLiabilityReportScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads the notices as at the last quarter end with their treatment, the earlier class and the totals, and filters by class', async () => {
    const calls = stubApi((url) =>
      url.includes('/user/entities')
        ? json([BUSINESS, MUMBAI])
        : url.includes('/litigation-reports/options')
          ? json({ sections: ['73'], financialYears: ['2024-25'] })
          : json({ items: ROWS, totalRecords: 2, totals: { totalDemand: 5_000_000, provision: 2_500_000, disclosure: 700_000 } }),
    );
    renderAt(<ContingentLiabilityReportScreen />, '/contingent-liability-report', ['ReportContingentLiability']);
    const asOf = lastQuarterEnd(istDateOf(new Date()));
    await waitFor(() => expect(searches(calls).length).toBeGreaterThan(0), LOADED);
    expect(searches(calls)[0]?.body).toMatchObject({ filters: { asOf, previousAsOf: lastQuarterEnd(asOf) } });

    expect((await screen.findByTestId('treatment-1', {}, LOADED)).textContent).toBe('Provision');
    expect(screen.getByTestId('treatment-2').textContent).toBe('Disclosure in notes');
    const first = screen.getByTestId('row-1');
    // Probable now, possible at the date compared with, for a smaller amount.
    expect(within(first).getByText('Possible · 20,000.00')).toBeTruthy();
    expect(within(first).getAllByText('25,000.00').length).toBeGreaterThan(0);
    expect(screen.getByTestId('total-provision').textContent).toContain('25,000.00');
    expect(screen.getByTestId('total-disclosure').textContent).toContain('7,000.00');

    await pick(screen.getByTestId('lit-report-classes'), 'Probable');
    await waitFor(() => expect(searches(calls).at(-1)?.body).toMatchObject({ filters: { asOf, classes: ['Probable'] } }), LOADED);
  }, 20_000);
});
