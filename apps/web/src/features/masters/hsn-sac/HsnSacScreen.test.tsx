import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HsnSac, HsnSacOptions } from '@opengst/contracts';
import { json, pick, refusal, renderAt, stubApi, type Call } from '../../../test/screenTestSupport';
import { HsnSacScreen } from './HsnSacScreen';

// /hsn-sac: the list in code order with its filters; the code looked up in the GST portal's directory as it is typed
// with the directory's description shown; the rates and units offered (a service: OTH only); the server's refusal on
// the field; a code in use refused on delete with the reason; the Import button to /import with this type.

const row = (id: number, code: string, extra: Partial<HsnSac> = {}): HsnSac => ({
  id,
  code,
  kind: code.startsWith('99') ? 'SAC' : 'HSN',
  description: `Code ${code}`,
  rate: 18000,
  uqc: code.startsWith('99') ? null : 'NOS',
  status: 'Active',
  updatedByName: 'Admin',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const OPTIONS: HsnSacOptions = {
  rates: [
    { rate: 5000, ratePercent: 5, restricted: false, source: '' },
    { rate: 12000, ratePercent: 12, restricted: true, source: '' },
    { rate: 18000, ratePercent: 18, restricted: false, source: '' },
  ],
  uqcs: [
    { code: 'KGS', name: 'KILOGRAMS' },
    { code: 'NOS', name: 'NUMBERS' },
    { code: 'OTH', name: 'OTHERS' },
  ],
  serviceUqc: 'OTH',
};

const directory = (text: string) => ({
  items:
    text === '230700'
      ? [{ code: '230700', kind: 'HSN', level: 'subheading', description: 'WINE LEES, ARGOL', match: 'code', hierarchy: [], rate: null }]
      : [],
  totalRecords: text === '230700' ? 1 : 0,
});

const answer = (items: HsnSac[], more?: (url: string, call: Call) => Response | undefined) => (url: string, call: Call) => {
  const other = more?.(url, call);
  if (other) return other;
  if (url.includes('/hsnSac/options')) return json(OPTIONS);
  if (url.includes('/public/hsnSacCodes'))
    return json(directory((new URL(url, 'http://x').searchParams.get('text') ?? '').replace(/\s/g, '')));
  return json({ items, totalRecords: items.length });
};

describe('HsnSacScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists codes in code order, filters by type, and leads to the HSN/SAC import', async () => {
    const calls = stubApi(answer([row(1, '8471'), row(2, '998314')]));
    renderAt(<HsnSacScreen />, '/hsn-sac', ['MasterHsnSac']);
    expect((await screen.findByTestId('hsn-value-2', {}, { timeout: 5000 })).textContent).toBe('998314');
    expect(calls.find((c) => c.url.includes('/hsnSac/search'))?.body).toMatchObject({ start: 0, sortExpression: 'code ASC' });
    expect(screen.getByTestId('hsn-import').getAttribute('href')).toBe('/import?type=HsnSac');
    await pick(screen.getByTestId('hsn-filter-kind'), 'SAC');
    await waitFor(() =>
      expect(calls.filter((c) => c.url.includes('/hsnSac/search')).at(-1)?.body).toMatchObject({ filters: { kind: 'SAC' } }),
    );
  });

  it("shows the directory's description of the code typed, offers the rates in force, and sends the code as digits", async () => {
    const calls = stubApi(answer([], (url) => (url.includes('/hsnSac/save') ? json(row(3, '230700')) : undefined)));
    renderAt(<HsnSacScreen />, '/hsn-sac', ['MasterHsnSac']);
    fireEvent.click(await screen.findByTestId('hsn-add', {}, { timeout: 5000 }));
    fireEvent.change(await screen.findByTestId('hsn-code', {}, { timeout: 5000 }), { target: { value: '2307 00' } });
    expect((await screen.findByTestId('hsn-official', {}, { timeout: 5000 })).textContent).toBe('Official directory: WINE LEES, ARGOL');
    expect((screen.getByTestId('hsn-description') as HTMLInputElement).placeholder).toBe('WINE LEES, ARGOL');
    await pick(screen.getByTestId('hsn-rate'), '12% (only for specified goods or services)');
    await pick(screen.getByTestId('hsn-uqc'), 'KGS — KILOGRAMS');
    fireEvent.click(screen.getByTestId('hsn-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/hsnSac/save'))?.body).toEqual({
        code: '230700',
        description: '',
        rate: 12000,
        uqc: 'KGS',
        status: 'Active',
      }),
    );
  });

  it("marks a code the directory lacks, offers a service no unit but OTH, and shows the server's refusal on the field", async () => {
    const message = "12349900 is not in the GST portal's HSN/SAC directory: pick a code from the official list (HSN/SAC codes search).";
    stubApi(
      answer([], (url) =>
        url.includes('/hsnSac/save')
          ? json({ errors: [{ code: 'GEN0009', message, type: 'Error', propertyName: 'code' }] }, 422)
          : undefined,
      ),
    );
    renderAt(<HsnSacScreen />, '/hsn-sac', ['MasterHsnSac']);
    fireEvent.click(await screen.findByTestId('hsn-add', {}, { timeout: 5000 }));
    const code = await screen.findByTestId('hsn-code', {}, { timeout: 5000 });
    fireEvent.change(code, { target: { value: '998314' } });
    const uqc = screen.getByTestId('hsn-uqc');
    fireEvent.click(uqc);
    const listbox = await waitFor(() => {
      const found = window.document.getElementById(uqc.getAttribute('aria-controls') ?? '');
      if (!found) throw new Error('not open');
      return found;
    });
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(['OTH']);

    fireEvent.change(code, { target: { value: '12349900' } });
    expect((await screen.findByTestId('hsn-not-official', {}, { timeout: 5000 })).textContent).toBe('Not in the GST portal’s directory.');
    fireEvent.change(screen.getByTestId('hsn-description'), { target: { value: 'Made up' } });
    fireEvent.click(screen.getByTestId('hsn-save'));
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows why a code in use is not deleted', async () => {
    const message = '84713010 is in use: 3 of your documents carry it, so it cannot be deleted; deactivate it instead.';
    stubApi(answer([row(1, '84713010')], (url) => (url.includes('/hsnSac/delete') ? refusal('GEN0009', message) : undefined)));
    renderAt(<HsnSacScreen />, '/hsn-sac', ['MasterHsnSac']);
    const line = await screen.findByTestId('hsn-row-84713010', {}, { timeout: 5000 });
    fireEvent.click(within(line).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('hsn-delete'));
    fireEvent.click(await screen.findByTestId('hsn-delete-confirm', {}, { timeout: 5000 }));
    expect((await screen.findByTestId('action-refusal', {}, { timeout: 5000 })).textContent).toContain('3 of your documents carry it');
  });
});
