import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BusinessPartner } from '@opengst/contracts';
import { gstinCheckCharacter } from '@opengst/domain';
import { json, pick, refusal, renderAt, stubApi, type Call } from '../../../test/screenTestSupport';
import { BusinessPartnersScreen } from './BusinessPartnersScreen';

// /business-partners: the list (id DESC, the GSTIN status with its date, filters sent), the form's own checks before
// anything is sent (GSTIN, PAN against it, Udyam number, contacts' e-mails), the contacts added and removed and sent
// with the partner, the selected rows' GSTIN check with the portal unreachable said, and the in-use refusal shown.

const gstinOf = (first14: string) => first14 + gstinCheckCharacter(first14);
const SUPREME = gstinOf('27AAACS4321K1Z');

const row = (id: number, extra: Partial<BusinessPartner> = {}): BusinessPartner => ({
  id,
  partnerType: 'Vendor',
  gstin: SUPREME,
  pan: 'AAACS4321K',
  code: '',
  legalName: 'Supreme Supplies Private Limited',
  tradeName: 'Supreme',
  stateCode: '27',
  stateName: 'Maharashtra',
  email: null,
  phone: null,
  address: null,
  city: null,
  pincode: null,
  msmeNumber: 'UDYAM-MH-26-0012345',
  msmeClass: 'Small',
  msmeActivity: 'Manufacturing',
  tdsSection: '194C',
  gstinStatus: 'Active',
  taxpayerType: 'Regular',
  gstinCheckedAt: '2026-11-20T10:00:00.000Z',
  status: 'Active',
  contacts: [{ id: 1, name: 'Asha Rao', email: 'asha@supreme.example', phone: null, designation: 'Accounts', receivesNotifications: true }],
  updatedByName: 'Admin',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const answer = (items: BusinessPartner[], more?: (url: string, call: Call) => Response | undefined) => (url: string, call: Call) =>
  more?.(url, call) ?? json({ items, totalRecords: items.length });

describe('BusinessPartnersScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists partners by id DESC with the GSTIN status and its date, and sends the filters chosen', async () => {
    const calls = stubApi(
      answer([row(2), row(1, { gstin: '', pan: null, code: 'LOCAL-1', gstinStatus: null, msmeNumber: null, msmeClass: null })]),
    );
    renderAt(<BusinessPartnersScreen />, '/business-partners', ['MasterBusinessPartners']);
    const line = await screen.findByTestId(`bp-row-${SUPREME}`, {}, { timeout: 5000 });
    expect(line.textContent).toContain('Supreme Supplies Private Limited');
    expect(line.textContent).toContain('Small');
    expect(within(line).getByTestId('bp-gstin-status-2').textContent).toBe('Active20-11-2026');
    expect(screen.getByTestId('bp-row-LOCAL-1').textContent).toContain('LOCAL-1');
    expect(calls.find((c) => c.url.includes('/businessPartner/search'))?.body).toMatchObject({ start: 0, sortExpression: 'id DESC' });
    await pick(screen.getByTestId('bp-filter-msme'), 'MSME');
    await waitFor(() =>
      expect(calls.filter((c) => c.url.includes('/businessPartner/search')).at(-1)?.body).toMatchObject({ filters: { isMsme: true } }),
    );
    expect((screen.getByTestId('bp-import') as HTMLAnchorElement).getAttribute('href')).toBe('/import?type=Vendors');
  });

  it('checks the GSTIN, PAN and Udyam number before sending, then sends the partner with its contacts', async () => {
    const calls = stubApi(answer([], (url) => (url.includes('/businessPartner/save') ? json(row(5)) : undefined)));
    renderAt(<BusinessPartnersScreen />, '/business-partners', ['MasterBusinessPartners']);
    fireEvent.click(await screen.findByTestId('bp-add', {}, { timeout: 5000 }));
    const gstin = await screen.findByTestId('bp-gstin', {}, { timeout: 5000 });
    fireEvent.change(gstin, { target: { value: `${SUPREME.slice(0, 14)}0` } });
    expect(await screen.findByText('The GSTIN check character (15th) is wrong.')).toBeTruthy();
    fireEvent.change(gstin, { target: { value: SUPREME.toLowerCase() } });
    expect((screen.getByTestId('bp-pan') as HTMLInputElement).value).toBe('AAACS4321K');
    fireEvent.change(screen.getByTestId('bp-legalName'), { target: { value: 'Supreme Supplies Private Limited' } });
    fireEvent.change(screen.getByTestId('bp-msmeNumber'), { target: { value: 'UDYAM-MH-26-001234' } });
    fireEvent.click(screen.getByTestId('bp-add-contact'));
    fireEvent.click(screen.getByTestId('bp-add-contact'));
    fireEvent.change(screen.getByTestId('bp-contact-0-name'), { target: { value: 'Asha Rao' } });
    fireEvent.change(screen.getByTestId('bp-contact-0-email'), { target: { value: 'asha@' } });
    fireEvent.click(screen.getByTestId('bp-save'));
    expect(await screen.findByText(/this one is 18/)).toBeTruthy();
    expect(screen.getAllByText('Not a valid e-mail address.').length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.url.includes('/businessPartner/save'))).toBe(false);

    fireEvent.change(screen.getByTestId('bp-msmeNumber'), { target: { value: 'udyam-mh-26-0012345' } });
    fireEvent.change(screen.getByTestId('bp-contact-0-email'), { target: { value: 'asha@supreme.example' } });
    fireEvent.click(screen.getByTestId('bp-contact-1-remove'));
    expect(screen.queryByTestId('bp-contact-1')).toBeNull();
    fireEvent.click(screen.getByTestId('bp-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/businessPartner/save'))?.body).toMatchObject({
        gstin: SUPREME,
        pan: 'AAACS4321K',
        stateCode: '27',
        legalName: 'Supreme Supplies Private Limited',
        msmeNumber: 'UDYAM-MH-26-0012345',
        contacts: [{ name: 'Asha Rao', email: 'asha@supreme.example', phone: null, designation: null, receivesNotifications: true }],
      }),
    );
  });

  it("opens a partner with its contacts and GSTIN status, and shows the server's refusal of a duplicate GSTIN", async () => {
    stubApi(
      answer([row(2)], (url) =>
        url.includes('/businessPartner/save')
          ? json(
              {
                errors: [
                  { code: 'ORG0006', propertyName: 'gstin', message: `GSTIN ${SUPREME} is already the partner Supreme.`, type: 'Error' },
                ],
              },
              422,
            )
          : undefined,
      ),
    );
    renderAt(<BusinessPartnersScreen />, '/business-partners', ['MasterBusinessPartners']);
    fireEvent.click(await screen.findByTestId(`bp-row-${SUPREME}`, {}, { timeout: 5000 }));
    const name = await screen.findByTestId('bp-contact-0-name', {}, { timeout: 5000 });
    expect((name as HTMLInputElement).value).toBe('Asha Rao');
    expect(screen.getByTestId('bp-gstin-status').textContent).toContain('Active (Regular), checked 20-11-2026');
    fireEvent.click(screen.getByTestId('bp-save'));
    expect(await screen.findByText(`GSTIN ${SUPREME} is already the partner Supreme.`)).toBeTruthy();
  });

  it('checks the selected rows’ GSTIN status and says when the portal cannot be reached; shows why a partner is not deleted', async () => {
    const unreachable = 'The GST portal could not be reached, so the GSTIN status was not checked: connection refused.';
    const calls = stubApi(
      answer([row(2)], (url) => {
        if (url.includes('/businessPartner/checkGstin'))
          return json({
            results: [
              { id: 2, gstin: SUPREME, outcome: 'Unreachable', gstinStatus: 'Active', taxpayerType: 'Regular', message: unreachable },
            ],
          });
        if (url.includes('/businessPartner/delete')) return refusal('GEN0009', 'Supreme is named on 12 documents; deactivate it instead.');
        return undefined;
      }),
    );
    renderAt(<BusinessPartnersScreen />, '/business-partners', ['MasterBusinessPartners']);
    const line = await screen.findByTestId(`bp-row-${SUPREME}`, {}, { timeout: 5000 });
    fireEvent.click(within(line).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('bp-check-selected'));
    const results = await screen.findByTestId('bp-check-results', {}, { timeout: 5000 });
    expect(results.textContent).toContain('Checked 0 of 1.');
    expect(results.textContent).toContain(unreachable);
    expect(calls.find((c) => c.url.includes('/businessPartner/checkGstin'))?.body).toEqual({ ids: [2] });

    fireEvent.click(within(await screen.findByTestId(`bp-row-${SUPREME}`)).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('bp-delete'));
    fireEvent.click(await screen.findByTestId('bp-delete-confirm', {}, { timeout: 5000 }));
    expect((await screen.findByTestId('action-refusal', {}, { timeout: 5000 })).textContent).toContain(
      'Supreme is named on 12 documents; deactivate it instead.',
    );
  });
});
