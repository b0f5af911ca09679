import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconCloudUpload, IconFileCheck, IconRefresh, IconSend, IconWallet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Gstr3bDetail, Gstr3bKey } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { ConfirmAction } from '../../../shared/ConfirmAction';
import { notifySuccess } from '../../../shared/notifySuccess';
import { useRights } from '../../../shared/useRights';
import { fileGstr3b, gstr3bSetOffQuery, readGstr3bSaveStatus, requestGstr3bFileOtp, saveGstr3bToPortal, submitGstr3b } from './gstr3bApi';
import { gstr3bPortalActionState, type Gstr3bPortalAction } from './gstr3bPortalRules';
import { OffsetModal } from './OffsetModal';
import { FileWithEvcModal, Why } from '../FileWithEvc';
import { portalSessionQuery } from '../returnsApi';

// GSTR-3B's GST portal actions in the order the portal takes them (spec core §4): Save to portal, Submit (freezes the
// figures), Offset (pays the liability from the ledgers, s.49), File with EVC (the OTP modal every return shares). Each needs the
// right File GSTR-3B and, when it cannot run, is disabled with the reason in a tooltip. Submit, Offset and File cannot
// be undone at the portal, so each asks first and shows the portal's refusal in place.

type Props = { detail: Gstr3bDetail; onChanged: (next: Gstr3bDetail) => void };

export const Gstr3bPortalActions = ({ detail, onChanged }: Props) => {
  const t = useText();
  const rights = useRights(['Gstr3bFile']);
  const key: Gstr3bKey = { entityId: detail.entityId, returnPeriod: detail.returnPeriod };
  const isSubmitted = detail.status === 'Submitted';
  // The set-off says whether the cash ledger holds what the offset needs; read once the return is submitted.
  const { data: session } = useQuery(portalSessionQuery(detail.entityId));
  const { data: setOff } = useQuery({ ...gstr3bSetOffQuery(key, session?.active), enabled: isSubmitted && rights.Gstr3bFile });
  const why = gstr3bPortalActionState(detail, rights.Gstr3bFile, setOff);
  const [busy, setBusy] = useState<Gstr3bPortalAction | null>(null);
  const [isOffsetOpen, setOffsetOpen] = useState(false);
  const [isFileOpen, setFileOpen] = useState(false);
  const run = async (action: Gstr3bPortalAction, work: () => Promise<Gstr3bDetail>) => {
    setBusy(action);
    try {
      const next = await work();
      onChanged(next);
      if (next.portal.saveStatus === 'P' && action !== 'submit') notifySuccess(t('gstr3b.portal.saved'));
    } catch {
      // The client's toast shows the API's message; the portal's is also kept as the return's last error.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" data-testid="gstr3b-portal-actions">
      {detail.portal.saveStatus === 'IP' ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          loading={busy === 'saveStatus'}
          onClick={() => void run('saveStatus', () => readGstr3bSaveStatus(key))}
          data-testid="action-save-status"
        >
          {t('gstr3b.portal.saveStatus')}
        </Button>
      ) : (
        <Why reason={why.save}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCloudUpload size={14} />}
            disabled={why.save !== null}
            loading={busy === 'save'}
            onClick={() => void run('save', () => saveGstr3bToPortal(key))}
            data-testid="action-save-portal"
          >
            {t('gstr3b.portal.save')}
          </Button>
        </Why>
      )}
      <Why reason={why.submit}>
        <ConfirmAction
          label={
            <Group gap={6} wrap="nowrap">
              <IconSend size={14} />
              {t('gstr3b.portal.submit')}
            </Group>
          }
          title={t('gstr3b.portal.submitTitle')}
          message={t('gstr3b.portal.submitMessage', { gstin: detail.gstin })}
          confirmLabel={t('gstr3b.portal.submit')}
          onConfirm={async () => onChanged(await submitGstr3b(key))}
          onDone={() => notifySuccess(t('gstr3b.portal.submitted'))}
          disabled={why.submit !== null}
          testId="action-submit"
        />
      </Why>
      <Why reason={why.offset}>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconWallet size={14} />}
          disabled={why.offset !== null}
          onClick={() => setOffsetOpen(true)}
          data-testid="action-offset"
        >
          {t('gstr3b.portal.offset')}
        </Button>
      </Why>
      <Why reason={why.file}>
        <Button
          size="xs"
          color="green"
          leftSection={<IconFileCheck size={14} />}
          disabled={why.file !== null}
          onClick={() => setFileOpen(true)}
          data-testid="action-file"
        >
          {t('gstr3b.portal.file')}
        </Button>
      </Why>
      {setOff && isOffsetOpen ? (
        <OffsetModal
          returnKey={key}
          setOff={setOff}
          onClose={() => setOffsetOpen(false)}
          onOffset={(next) => {
            onChanged(next);
            notifySuccess(t('gstr3b.portal.offsetDone'));
          }}
        />
      ) : null}
      <FileWithEvcModal
        form="GSTR-3B"
        gstin={detail.gstin}
        sandbox={session?.sandbox ?? false}
        opened={isFileOpen}
        onClose={() => setFileOpen(false)}
        requestOtp={() => requestGstr3bFileOtp(key)}
        file={(otp) => fileGstr3b(key, otp)}
        onFiled={(filed) => {
          onChanged(filed);
          notifySuccess(t('returns.file.done', { type: 'GSTR-3B', arn: filed.portal.arn ?? '' }));
        }}
      />
    </Group>
  );
};
