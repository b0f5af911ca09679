import { useState, type ComponentType } from 'react';
import { Alert, Button, Group, List, MultiSelect, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowsExchange, IconCloudDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { DataActivity } from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { splitApiErrors } from '../../../shared/forms';
import { downloadIms, imsKeys } from './imsApi';
import { downloadOutcome } from './imsRules';

// The top of /invoice-management-system: the GSTINs (the user's locations), Download IMS (each GSTIN's outcome in
// words, then what to do next), Reconcile with books, and the GST portal session of a GSTIN, which IMS needs: the
// returns feature's own card (app/ hands it in), which says when the portal is the project's sandbox.

/** A GST portal session card of one GSTIN (features/returns PortalSessionCard, handed in by app/screens.ts). */
export type PortalSessionSlot = ComponentType<{ entityId: number }>;

export type ImsLocation = { entityId: number; gstin: string; name: string };

/** A download answers at most this many GSTINs at once (contracts ImsDownloadRequestSchema). */
const MAX_GSTINS = 500;

// The palettes' own text colours: the theme darkens them to 4.6:1 (app/theme.ts); a fixed shade such as green.8 falls short.
const TONE_COLOR = { done: 'green', working: 'yellow', failed: 'red' } as const;

type Props = {
  locations: readonly ImsLocation[];
  chosen: readonly string[];
  onChoose: (entityIds: string[]) => void;
  /** The IMS right: download (and push, recompute) need it. */
  canUseIms: boolean;
  /** The portal session can be read (ReturnsView or a right that talks to the portal) and app/ handed in its card. */
  portalSession: PortalSessionSlot | null;
  hasRun: boolean;
  onReconcile: () => void;
  onDownloaded: () => void;
};

type Result = { activities: DataActivity[] } | { refusal: string };

export const ImsToolbar = ({
  locations,
  chosen,
  onChoose,
  canUseIms,
  portalSession: PortalSession,
  hasRun,
  onReconcile,
  onDownloaded,
}: Props) => {
  const t = useText();
  const client = useQueryClient();
  const [isBusy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [sessionOf, setSessionOf] = useState<string | null>(null);
  const targets = chosen.length > 0 ? chosen.map(Number) : locations.slice(0, MAX_GSTINS).map((location) => location.entityId);
  const sessionIds = chosen.length > 0 ? chosen : locations.map((location) => String(location.entityId));
  const sessionEntity = sessionOf !== null && sessionIds.includes(sessionOf) ? sessionOf : (sessionIds[0] ?? null);
  const options = locations.map((location) => ({ value: String(location.entityId), label: `${location.gstin} · ${location.name}` }));

  const download = async () => {
    setBusy(true);
    setResult(null);
    try {
      const activities = await downloadIms(targets);
      setResult({ activities });
      onDownloaded();
    } catch (error) {
      setResult({ refusal: splitApiErrors(error, []).general.join(' ') });
    } finally {
      setBusy(false);
      void client.invalidateQueries({ queryKey: imsKeys.activities() });
    }
  };

  const isDownloadable = canUseIms && targets.length > 0;
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="ims-toolbar">
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" justify="space-between">
          <MultiSelect
            size="xs"
            miw={320}
            maw={640}
            style={{ flex: 1 }}
            label={t('reconciliation.ims.gstins')}
            placeholder={chosen.length === 0 ? t('reconciliation.ims.gstinsHint') : undefined}
            data={options}
            value={[...chosen]}
            onChange={onChoose}
            searchable
            clearable
            data-testid="ims-gstins"
          />
          <Group gap="xs">
            <Tooltip label={canUseIms ? t('reconciliation.ims.downloadHint') : t('reconciliation.ims.noRight')} multiline w={300}>
              <span tabIndex={isDownloadable ? undefined : 0}>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconCloudDownload size={14} />}
                  loading={isBusy}
                  disabled={!isDownloadable}
                  onClick={() => void download()}
                  data-testid="ims-download"
                >
                  {t('reconciliation.ims.download')}
                </Button>
              </span>
            </Tooltip>
            <Tooltip label={t('reconciliation.ims.reconcileHint')} multiline w={300}>
              <Button size="xs" leftSection={<IconArrowsExchange size={14} />} onClick={onReconcile} data-testid="ims-run-new">
                {t('reconciliation.ims.reconcile')}
              </Button>
            </Tooltip>
          </Group>
        </Group>
        {!canUseIms ? (
          <Text size="sm" c="dimmed" data-testid="ims-no-right">
            {t('reconciliation.ims.noRight')}
          </Text>
        ) : null}
        {result && 'refusal' in result ? (
          <Alert color="red" variant="light" py={6} role="alert" data-testid="ims-download-refusal">
            <Text size="sm">{t('reconciliation.ims.downloadRefused', { message: result.refusal })}</Text>
          </Alert>
        ) : null}
        {result && 'activities' in result ? (
          <Stack gap={4} data-testid="ims-download-result">
            <List size="sm" spacing={2}>
              {result.activities.map((activity) => {
                const outcome = downloadOutcome(t, activity);
                return (
                  <List.Item key={activity.id} data-testid={`ims-download-${activity.gstin}`} data-tone={outcome.tone}>
                    <Text span size="sm" c={TONE_COLOR[outcome.tone]}>
                      {outcome.text}
                    </Text>
                  </List.Item>
                );
              })}
            </List>
            {result.activities.some((activity) => activity.status === 'Completed') ? (
              <Text size="sm" fw={500} data-testid="ims-download-next">
                {t(hasRun ? 'reconciliation.ims.downloadNextRerun' : 'reconciliation.ims.downloadNext')}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {PortalSession && sessionEntity !== null ? (
          <Stack gap={6} data-testid="ims-portal-session">
            {sessionIds.length > 1 ? (
              <Select
                size="xs"
                w={340}
                label={t('reconciliation.ims.portalSession')}
                data={options.filter((option) => sessionIds.includes(option.value))}
                value={sessionEntity}
                onChange={setSessionOf}
                allowDeselect={false}
                data-testid="ims-session-gstin"
              />
            ) : null}
            <PortalSession key={sessionEntity} entityId={Number(sessionEntity)} />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
};
