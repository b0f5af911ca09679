import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IMPORT_TYPES } from '@opengst/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ColumnMappingDialog } from './ColumnMappingDialog';

const VENDORS = IMPORT_TYPES.find((type) => type.importType === 'Vendors')!;

const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });

/** Answers import/aliases with the saved mapping and import/aliases/save with what it was sent. */
const stubApi = () => {
  const saved: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('/import/aliases/save')) {
        const body = JSON.parse(String(init?.body)) as { importType: string; aliases: unknown[] };
        saved.push(body);
        return json({ importType: body.importType, aliases: body.aliases });
      }
      if (url.includes('/import/aliases')) return json({ importType: 'Vendors', aliases: [{ column: 'code', alias: 'Supplier Code' }] });
      if (url.includes('/import/headers'))
        return json({
          importId: 7,
          importType: 'Vendors',
          headers: ['Firm', 'Supplier Code', 'Mobile No', 'Remarks'],
          matched: { code: 'Supplier Code', phone: 'Mobile No' },
        });
      return new Response(null, { status: 404 });
    }),
  );
  return saved;
};

describe('ColumnMappingDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the saved mapping, marks the missing columns, refuses a header used twice and saves the mapping', async () => {
    const saved = stubApi();
    const onClose = vi.fn();
    renderWithProviders(<ColumnMappingDialog type={VENDORS} missing={['legalName']} importId={null} canEdit onClose={onClose} />);
    const code = (await screen.findByTestId('mapping-alias-code', {}, { timeout: 5000 })) as HTMLInputElement;
    expect(code.value).toBe('Supplier Code');
    expect(screen.getByTestId('mapping-row-legalName').textContent).toContain('Missing in the last file');

    fireEvent.change(screen.getByTestId('mapping-alias-legalName'), { target: { value: 'supplier code' } });
    expect(await screen.findByText('Already used for Vendor code.')).toBeTruthy();
    expect((screen.getByTestId('mapping-save') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByTestId('mapping-alias-legalName'), { target: { value: 'Supplier Name' } });
    await waitFor(() => expect((screen.getByTestId('mapping-save') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('mapping-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saved).toEqual([
      {
        importType: 'Vendors',
        aliases: [
          { column: 'code', alias: 'Supplier Code' },
          { column: 'legalName', alias: 'Supplier Name' },
        ],
      },
    ]);
  });

  it("offers the uploaded file's headers to pick, says where each column was found and which headers no column reads", async () => {
    const saved = stubApi();
    renderWithProviders(<ColumnMappingDialog type={VENDORS} missing={['legalName']} importId={7} canEdit onClose={() => {}} />);
    expect((await screen.findByTestId('mapping-unused', {}, { timeout: 5000 })).textContent).toBe('Not read as any column: Firm, Remarks');
    expect(screen.getByTestId('mapping-row-phone').textContent).toContain('Found in the file as "Mobile No"');
    const legalName = screen.getByTestId('mapping-alias-legalName');
    fireEvent.change(legalName, { target: { value: 'fi' } });
    await waitFor(() => expect(legalName.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(legalName.getAttribute('aria-controls') ?? '')!;
    fireEvent.click(within(listbox).getByRole('option', { name: 'Firm', hidden: true }));
    expect((legalName as HTMLInputElement).value).toBe('Firm');
    expect(screen.getByTestId('mapping-unused').textContent).toBe('Not read as any column: Remarks');
    fireEvent.click(screen.getByTestId('mapping-save'));
    await waitFor(() =>
      expect(saved).toEqual([
        {
          importType: 'Vendors',
          aliases: [
            { column: 'code', alias: 'Supplier Code' },
            { column: 'legalName', alias: 'Firm' },
          ],
        },
      ]),
    );
  });

  it("lets a user without the type's right look but not save", async () => {
    stubApi();
    renderWithProviders(<ColumnMappingDialog type={VENDORS} missing={[]} importId={null} canEdit={false} onClose={() => {}} />);
    expect(((await screen.findByTestId('mapping-alias-code', {}, { timeout: 5000 })) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('mapping-save') as HTMLButtonElement).disabled).toBe(true);
  });
});
