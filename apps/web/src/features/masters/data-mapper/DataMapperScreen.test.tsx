import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IMPORT_COLUMNS, type ImportAlias } from '@opengst/contracts';
import { json, pick, refusal, renderAt, stubApi, type Call } from '../../../test/screenTestSupport';
import { DataMapperScreen } from './DataMapperScreen';

// /data-mapper: every template column of the chosen import type with its known headers and the subscriber's own
// names; names added and removed, checked before sending (40 characters, already read as a column, used twice) and
// saved together; the server's refusal shown; the export and the import link follow the type.

const answer =
  (saved: Record<string, ImportAlias[]>, more?: (url: string, call: Call) => Response | undefined) => (url: string, call: Call) => {
    const other = more?.(url, call);
    if (other) return other;
    const type = new URL(url, 'http://x').searchParams.get('importType') ?? '';
    return json({ importType: type, aliases: saved[type] ?? [] });
  };

describe('DataMapperScreen', () => {
  // jsdom has no layout: the type select scrolls its chosen option into view when it opens.
  Element.prototype.scrollIntoView ??= () => {};
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows every column of the type with the subscriber's names, and follows the type chosen", async () => {
    const calls = stubApi(answer({ Vendors: [{ column: 'legalName', alias: 'Firm' }] }));
    renderAt(<DataMapperScreen initialType="Vendors" />, '/data-mapper', ['MasterDataMapper']);
    const legal = await screen.findByTestId('mapper-row-legalName', {}, { timeout: 5000 });
    expect(within(legal).getByTestId('mapper-alias-legalName').textContent).toBe('Firm');
    expect(screen.getAllByRole('row')).toHaveLength(IMPORT_COLUMNS.Vendors.length + 1);
    expect(screen.getByTestId('mapper-import').getAttribute('href')).toBe('/import?type=Vendors');
    await pick(screen.getByTestId('mapper-type'), 'HSN/SAC codes');
    expect(await screen.findByTestId('mapper-row-hsn', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('mapper-row-hsn').textContent).toContain('SAC Code');
    expect(calls.some((c) => c.url.includes('/import/aliases?importType=HsnSac'))).toBe(true);
    expect(screen.getByTestId('mapper-import').getAttribute('href')).toBe('/import?type=HsnSac');
  });

  it('refuses a name over 40 characters, one already read as a column and one used twice, then saves the mapping', async () => {
    const calls = stubApi(
      answer({ Vendors: [{ column: 'legalName', alias: 'Firm' }] }, (url, call) =>
        url.includes('/import/aliases/save')
          ? json({ importType: 'Vendors', aliases: (call.body as { aliases: ImportAlias[] }).aliases })
          : undefined,
      ),
    );
    renderAt(<DataMapperScreen initialType="Vendors" />, '/data-mapper', ['MasterDataMapper']);
    const input = await screen.findByTestId('mapper-input-email', {}, { timeout: 5000 });
    const add = screen.getByTestId('mapper-add-email');
    fireEvent.change(input, { target: { value: 'x'.repeat(41) } });
    fireEvent.click(add);
    expect(await screen.findByText('A column name has at most 40 characters.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'legal name' } });
    fireEvent.click(add);
    expect(await screen.findByText('"legal name" is already a name of Legal name.')).toBeTruthy();
    fireEvent.change(input, { target: { value: ' FIRM ' } });
    fireEvent.click(add);
    expect(await screen.findByText('"FIRM" is already a name of Legal name.')).toBeTruthy();
    expect((screen.getByTestId('mapper-save') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(input, { target: { value: '  Mail Id ' } });
    fireEvent.click(add);
    expect(within(screen.getByTestId('mapper-row-email')).getByTestId('mapper-alias-email').textContent).toBe('Mail Id');
    fireEvent.click(screen.getByTestId('mapper-remove-legalName-Firm'));
    expect(screen.getByTestId('mapper-unsaved')).toBeTruthy();
    fireEvent.click(screen.getByTestId('mapper-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/import/aliases/save'))?.body).toEqual({
        importType: 'Vendors',
        aliases: [{ column: 'email', alias: 'Mail Id' }],
      }),
    );
    expect((await screen.findByTestId('mapper-saved', {}, { timeout: 5000 })).textContent).toBe('Mapping saved: 1 of your column names.');
  });

  it('opens the import type the address names', async () => {
    stubApi(answer({ HsnSac: [{ column: 'hsn', alias: 'Item code' }] }));
    renderAt(<DataMapperScreen />, '/data-mapper?type=HsnSac', ['MasterDataMapper']);
    expect((await screen.findByTestId('mapper-alias-hsn', {}, { timeout: 5000 })).textContent).toBe('Item code');
  });

  it("shows the server's refusal of a save", async () => {
    const message = '"Our name" is already read as the column Legal name: it needs no alias.';
    stubApi(answer({}, (url) => (url.includes('/import/aliases/save') ? refusal('GEN0009', message) : undefined)));
    renderAt(<DataMapperScreen initialType="Vendors" />, '/data-mapper', ['MasterDataMapper']);
    fireEvent.change(await screen.findByTestId('mapper-input-code', {}, { timeout: 5000 }), { target: { value: 'Our name' } });
    fireEvent.keyDown(screen.getByTestId('mapper-input-code'), { key: 'Enter' });
    fireEvent.click(screen.getByTestId('mapper-save'));
    expect((await screen.findByTestId('mapper-refusal', {}, { timeout: 5000 })).textContent).toBe(message);
  });
});
