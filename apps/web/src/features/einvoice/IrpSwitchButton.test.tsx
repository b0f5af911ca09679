import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { json, renderAt, stubApi } from '../../test/screenTestSupport';
import { IrpSwitchButton } from './IrpSwitchButton';

describe('IrpSwitchButton', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("switches to the portal for the chosen location's GSTIN: the request token's URL is followed; no location, no switch", async () => {
    const calls = stubApi(() => json({ url: '/portal-redirect?request=r1' }));
    const go = vi.fn();
    renderAt(<IrpSwitchButton entityId={7} go={go} />, '/e-invoice', ['EInvoiceView']);
    fireEvent.click(screen.getByTestId('irp-switch'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/portal-redirect?request=r1'));
    expect(calls[0]).toMatchObject({ method: 'POST', body: { entityId: 7 } });
    expect(calls[0]?.url).toBe('/api/v0.1/einvoice/irpSwitch');
    cleanup();
    renderAt(<IrpSwitchButton entityId={null} go={go} />, '/e-invoice', ['EInvoiceView']);
    expect((screen.getByTestId('irp-switch') as HTMLButtonElement).disabled).toBe(true);
  });
});
