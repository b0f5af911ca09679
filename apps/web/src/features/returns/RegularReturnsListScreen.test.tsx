import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { ReturnListRow, UserEntity } from '@opengst/contracts';
import { json, renderAt, stubApi } from '../../test/screenTestSupport';
import { RegularReturnsListScreen } from './RegularReturnsListScreen';

// /regular-returns-list (issue 17, item 6): a GSTR-1A is optional, says what it is for and is never overdue; each
// row says where the corrections of filed returns are reported; a period the location was not tracked in is not red.

const GSTIN = '27AAPFU0939F1ZV';
const ENTITIES: UserEntity[] = [
  {
    entityId: 1,
    parentEntityId: null,
    gstin: null,
    entityName: 'Business',
    entityType: 'Business',
    status: 'Active',
    stateCode: null,
    hasAccess: true,
  },
  {
    entityId: 5,
    parentEntityId: 1,
    gstin: GSTIN,
    entityName: 'Mumbai',
    entityType: 'Location',
    status: 'Active',
    stateCode: '27',
    hasAccess: true,
  },
];
const row = (patch: Partial<ReturnListRow>): ReturnListRow => ({
  id: null,
  entityId: 5,
  entityName: 'Mumbai',
  gstin: GSTIN,
  returnType: 'GSTR1',
  returnPeriod: '102026',
  dueDate: '2026-11-11',
  status: 'NotSubmitted',
  generationStatus: 'YetNotStarted',
  documentCount: 11,
  filedAt: null,
  arn: null,
  deadline: 'Due',
  corrections: { held: 0, open: 0, elsewhere: [] },
  ...patch,
});

const renderList = (rows: ReturnListRow[]) => {
  stubApi((url) => {
    if (url.includes('/user/entities')) return json(ENTITIES);
    if (url.includes('/returns/search')) return json({ items: rows, totalRecords: rows.length });
    return json([]);
  });
  renderAt(<RegularReturnsListScreen />, '/regular-returns-list', ['ReturnsView']);
};

describe('RegularReturnsListScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a GSTR-1A as optional, with its purpose, never overdue, and where each correction is reported', async () => {
    renderList([
      row({ status: 'Filed', filedAt: '2026-11-10T10:00:00Z', arn: 'AA271026000001', documentCount: 11 }),
      row({
        returnType: 'GSTR1A',
        dueDate: '2026-11-20',
        documentCount: 1,
        deadline: 'Optional',
        corrections: { held: 0, open: 1, elsewhere: [{ returnType: 'GSTR1', returnPeriod: '112026', documents: 2 }] },
      }),
    ]);
    const oneA = await screen.findByTestId(`return-row-${GSTIN}-GSTR1A`);
    expect(within(oneA).getByTestId(`gstr1a-purpose-${GSTIN}`).textContent).toBe(
      "Optional: correct this period's GSTR-1 before filing GSTR-3B",
    );
    const due = within(oneA).getByTestId('due-date');
    // Its GSTR-3B's date (20 Nov 2026) has passed, yet it is neither red nor overdue: it is optional.
    expect(due.getAttribute('data-overdue')).toBe('false');
    expect(due.textContent).toBe('Optionalopen until GSTR-3B is filed');
    expect(within(oneA).queryByText('Overdue')).toBeNull();
    expect(within(oneA).getByTestId(`document-count-${GSTIN}-GSTR1A`).textContent).toBe('1');
    expect(within(oneA).getByTestId('corrections-open').textContent).toBe('Corrections waiting: 1');
    expect(within(oneA).getByTestId('corrections-elsewhere-GSTR1-112026').textContent).toBe('In GSTR-1 Nov 2026: 2');
    const gstr1 = screen.getByTestId(`return-row-${GSTIN}-GSTR1`);
    expect(within(gstr1).queryByTestId(`gstr1a-purpose-${GSTIN}`)).toBeNull();
    expect(within(gstr1).getByTestId('due-date').getAttribute('data-overdue')).toBe('false');
  });

  it('lists the GSTR-3B beside the GSTR-1, with its due date and no document count', async () => {
    renderList([row({}), row({ returnType: 'GSTR3B', dueDate: '2026-11-20', documentCount: null })]);
    const gstr3b = await screen.findByTestId(`return-row-${GSTIN}-GSTR3B`);
    expect(within(gstr3b).getByText('GSTR-3B')).toBeTruthy();
    expect(within(gstr3b).getByTestId(`document-count-${GSTIN}-GSTR3B`).textContent).toBe('—');
    expect(within(gstr3b).getByTestId('due-date').textContent).toContain('20');
  });

  it('marks an unfiled due GSTR-1 overdue, but not one of a period before the location was tracked', async () => {
    renderList([
      row({ corrections: { held: 2, open: 0, elsewhere: [] } }),
      row({ entityId: 6, gstin: '27AAPFU0939F2ZU', entityName: 'Pune', deadline: 'NotTracked' }),
    ]);
    const due = await screen.findByTestId(`return-row-${GSTIN}-GSTR1`);
    expect(within(due).getByTestId('due-date').getAttribute('data-overdue')).toBe('true');
    expect(within(due).getByText('Overdue')).toBeTruthy();
    expect(within(due).getByTestId('corrections-held').textContent).toBe('Corrections here: 2');
    const untracked = screen.getByTestId('return-row-27AAPFU0939F2ZU-GSTR1');
    expect(within(untracked).getByTestId('due-date').getAttribute('data-overdue')).toBe('false');
    expect(within(untracked).queryByText('Overdue')).toBeNull();
    expect(within(untracked).getByText('not tracked')).toBeTruthy();
  });
});
