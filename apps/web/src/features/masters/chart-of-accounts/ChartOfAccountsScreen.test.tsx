import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChartAccount, ChartGroup } from '@opengst/contracts';
import { json, refusal, renderAt, stubApi, type Call } from '../../../test/screenTestSupport';
import { ChartOfAccountsScreen } from './ChartOfAccountsScreen';

// /chart-of-accounts: the list sorted by code with each account's path, the Import button to /import with this type
// chosen, the form's own GST head check (input tax an Asset) before anything is sent, the parent choice limited to
// groups of the account's type, and the server's refusal to delete a group in use shown with its reason.

const row = (id: number, code: string, name: string, extra: Partial<ChartAccount> = {}): ChartAccount => ({
  id,
  code,
  name,
  accountType: 'Asset',
  isGroup: false,
  parentId: null,
  parentCode: null,
  path: name,
  gstHead: null,
  description: '',
  status: 'Active',
  children: 0,
  updatedByName: 'Admin',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});
const group = (id: number, name: string, accountType: ChartGroup['accountType'], path = name): ChartGroup => ({
  id,
  code: `G${id}`,
  name,
  accountType,
  path,
  status: 'Active',
});

const ROWS = [
  row(1, 'CA', 'Current assets', { isGroup: true, children: 1 }),
  row(2, 'DUT', 'Duties and taxes', {
    isGroup: true,
    parentId: 1,
    parentCode: 'CA',
    path: 'Current assets > Duties and taxes',
    children: 6,
  }),
  row(3, 'GST-IN-CG', 'Input CGST', {
    parentId: 2,
    parentCode: 'DUT',
    path: 'Current assets > Duties and taxes > Input CGST',
    gstHead: 'InputCgst',
  }),
];
const GROUPS = [
  group(1, 'Current assets', 'Asset'),
  group(2, 'Duties and taxes', 'Asset', 'Current assets > Duties and taxes'),
  group(5, 'Current liabilities', 'Liability'),
];

const answer = (more?: (url: string, call: Call) => Response | undefined) => (url: string, call: Call) =>
  more?.(url, call) ??
  (url.includes('/chartOfAccounts/groups') ? json({ items: GROUPS }) : json({ items: ROWS, totalRecords: ROWS.length }));

/** The options of one Select (its own listbox: several Selects offer the same names). */
const optionsOf = async (testId: string) => {
  const input = screen.getByTestId(testId);
  fireEvent.click(input);
  await waitFor(() => expect(document.getElementById(input.getAttribute('aria-controls') ?? '')).toBeTruthy(), { timeout: 5000 });
  return within(document.getElementById(input.getAttribute('aria-controls') ?? '')!);
};
const choose = async (testId: string, option: string) =>
  fireEvent.click((await optionsOf(testId)).getByRole('option', { name: option, hidden: true }));

describe('ChartOfAccountsScreen', () => {
  // jsdom has no scrollIntoView; Mantine's Select calls it on its options.
  Element.prototype.scrollIntoView ??= () => {};
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists accounts by code with their paths, and offers Import with this type chosen', async () => {
    const calls = stubApi(answer());
    renderAt(<ChartOfAccountsScreen />, '/chart-of-accounts', ['MasterChartOfAccounts']);
    expect((await screen.findByTestId('coa-path-GST-IN-CG', {}, { timeout: 5000 })).textContent).toBe(
      'Current assets > Duties and taxes > Input CGST',
    );
    expect(within(screen.getByTestId('coa-row-GST-IN-CG')).getByText('Input CGST (ITC)')).toBeTruthy();
    expect(calls.find((c) => c.url.includes('/chartOfAccounts/search'))?.body).toMatchObject({ start: 0, sortExpression: 'code ASC' });
    expect(screen.getByTestId('coa-import').getAttribute('href')).toBe('/import?type=ChartOfAccounts');
    await choose('coa-filter-kind', 'Group');
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ filters: { kind: 'Group' } }));
  });

  it('refuses an input tax head on a Liability before sending, and offers as parent only groups of the same type', async () => {
    const calls = stubApi(answer((url) => (url.includes('/chartOfAccounts/save') ? json(row(9, 'GST-IN-IG', 'Input IGST')) : undefined)));
    renderAt(<ChartOfAccountsScreen />, '/chart-of-accounts', ['MasterChartOfAccounts']);
    fireEvent.click(await screen.findByTestId('coa-add', {}, { timeout: 5000 }));
    fireEvent.change(await screen.findByTestId('coa-code', {}, { timeout: 5000 }), { target: { value: 'GST-IN-IG' } });
    fireEvent.change(screen.getByTestId('coa-name'), { target: { value: 'Input IGST' } });
    await choose('coa-type', 'Liability');
    await choose('coa-gst-head', 'Input IGST (ITC)');
    expect(
      await screen.findByText(/must be an Asset \(input tax is credit you hold\), not a Liability/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('coa-save'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.url.includes('/chartOfAccounts/save'))).toBe(false);

    // The parent choice of a Liability holds the Liability group only.
    const parents = await optionsOf('coa-parent');
    expect(parents.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual(['Current liabilities']);
    fireEvent.click(screen.getByTestId('coa-parent'));

    await choose('coa-type', 'Asset');
    await choose('coa-parent', 'Current assets > Duties and taxes');
    fireEvent.click(screen.getByTestId('coa-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/chartOfAccounts/save'))?.body).toEqual({
        code: 'GST-IN-IG',
        name: 'Input IGST',
        accountType: 'Asset',
        isGroup: false,
        parentId: 2,
        gstHead: 'InputIgst',
        description: '',
        status: 'Active',
      }),
    );
  });

  it("shows the server's reason when deleting a group in use is refused", async () => {
    stubApi(
      answer((url) =>
        url.includes('/chartOfAccounts/delete')
          ? refusal('GEN0009', 'Duties and taxes holds 6 ledgers; move or delete them first.')
          : undefined,
      ),
    );
    renderAt(<ChartOfAccountsScreen />, '/chart-of-accounts', ['MasterChartOfAccounts']);
    const line = await screen.findByTestId('coa-row-DUT', {}, { timeout: 5000 });
    fireEvent.click(within(line).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('coa-delete'));
    fireEvent.click(await screen.findByTestId('coa-delete-confirm', {}, { timeout: 5000 }));
    expect((await screen.findByTestId('action-refusal', {}, { timeout: 5000 })).textContent).toContain(
      'Duties and taxes holds 6 ledgers; move or delete them first.',
    );
  });
});
