import { useState } from 'react';
import { Button, Tooltip } from '@mantine/core';
import { IRP_PORTAL_ENDPOINTS } from '@opengst/contracts';
import { call } from '../../api/call';
import { useText } from '../../i18n/useText';

/**
 * The product's switch to the e-invoicing portal (spec core §7 "a user token is fetched by request ... on an IRP
 * switch"): asks for a one-time request token for the location's GSTIN and goes to the portal's /portal-redirect with
 * it. On the /e-invoice toolbar, for the one location chosen in its filter.
 */
export const IrpSwitchButton = ({
  entityId,
  go = (url) => window.location.assign(url),
}: {
  entityId: number | null;
  go?: (url: string) => void;
}) => {
  const t = useText();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    if (entityId === null) return;
    setBusy(true);
    try {
      go((await call(IRP_PORTAL_ENDPOINTS.irpSwitch, { body: { entityId } })).url);
    } catch {
      // The API client has said why (no GSTIN on the location, no right).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip label={t('irpPortal.switch.chooseLocation')} disabled={entityId !== null}>
      <span>
        <Button
          size="xs"
          variant="default"
          disabled={entityId === null}
          loading={busy}
          onClick={() => void open()}
          data-testid="irp-switch"
        >
          {t('irpPortal.switch.open')}
        </Button>
      </span>
    </Tooltip>
  );
};
