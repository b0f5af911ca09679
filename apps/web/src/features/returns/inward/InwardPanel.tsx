import { useState } from 'react';
import { Button, Group, Paper, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { IconCloudDownload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InwardDocument, InwardSource, ReturnOverview } from '@opengst/contracts';
import { useText, type TextKey, type Translate } from '../../../i18n/useText';
import { DataTable, type Column } from '../../../shared/list/DataTable';
import { listTableProps } from '../../../shared/list/listTableProps';
import { notifySuccess } from '../../../shared/notifySuccess';
import { useListQuery } from '../../../shared/list/useListQuery';
import { useRights } from '../../../shared/useRights';
import { Amount, DateText } from '../ReturnBadges';
import { BulkInwardDownload } from './BulkInwardDownload';
import { downloadedToast, downloadLines, emptyText, gstr2bLines, placementText, SOURCE_LABEL } from './inwardTexts';
import { downloadInward, portalSessionQuery, returnKeys, searchInward } from '../returnsApi';

// Inward data from the portal for the GSTIN and period: GSTR-2A (suppliers' filed documents, at once) and GSTR-2B
// (the statement, from the 14th of the next month), each downloaded on demand, with the documents of the last
// download. This is where a buyer sees what its suppliers filed, when each source was last downloaded (from the
// download record, so a download of none shows as one), what the GSTR-2B holds, and in which GSTR-2B each GSTR-2A
// document falls. Beside it, the download of many GSTINs and periods in one background job.

const SOURCES: readonly InwardSource[] = ['GSTR2A', 'GSTR2B'];

const STATE_COLOR = { never: 'dimmed', completed: 'dimmed', running: 'yellow', notGenerated: 'yellow', failed: 'red' } as const;

const placementColumn = (t: Translate, period: string): Column<InwardDocument> => ({
  key: 'gstr2b',
  header: t('returns.inward.in2b'),
  width: 220,
  render: (row) => (
    <Text size="xs" data-testid={`inward-2b-${row.documentNumber}`}>
      {placementText(t, period, row)}
    </Text>
  ),
});

const columns = (t: Translate, source: InwardSource, period: string): Column<InwardDocument>[] => [
  {
    key: 'supplier',
    header: t('register.supplier'),
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" ff="monospace">
          {row.supplierGstin}
        </Text>
        {row.supplierName ? (
          <Text size="xs" c="dimmed" truncate maw={200} title={row.supplierName}>
            {row.supplierName}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'section',
    header: t('returns.section'),
    width: 70,
    render: (row) => (
      <Text span size="sm" ff="monospace">
        {row.section}
      </Text>
    ),
  },
  {
    key: 'documentNumber',
    header: t('register.number'),
    width: 140,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" ff="monospace" fw={500}>
          {row.documentNumber}
        </Text>
        <Text size="xs" c="dimmed">
          {row.documentType}
          {row.isReverseCharge ? ` · ${t('returns.reverseCharge')}` : ''}
        </Text>
      </Stack>
    ),
  },
  { key: 'documentDate', header: t('register.documentDate'), width: 100, render: (row) => <DateText iso={row.documentDate} /> },
  { key: 'placeOfSupply', header: t('returns.pos'), width: 56, render: (row) => row.placeOfSupply ?? '—' },
  { key: 'taxable', header: t('register.taxable'), isNumeric: true, width: 116, render: (row) => <Amount paise={row.taxable} /> },
  { key: 'igst', header: t('register.igst'), isNumeric: true, width: 100, render: (row) => <Amount paise={row.igst} /> },
  { key: 'cgstSgst', header: t('register.cgstSgst'), isNumeric: true, width: 110, render: (row) => <Amount paise={row.cgst + row.sgst} /> },
  {
    key: 'documentValue',
    header: t('register.documentValue'),
    isNumeric: true,
    width: 116,
    render: (row) => <Amount paise={row.documentValue} />,
  },
  {
    key: 'filing',
    header: t('returns.supplierFiled'),
    width: 120,
    render: (row) =>
      row.supplierFiled === null ? (
        '—'
      ) : row.supplierFiled ? (
        row.supplierFilingDate ? (
          <DateText iso={row.supplierFilingDate} />
        ) : (
          t('filter.yes')
        )
      ) : (
        t('filter.no')
      ),
  },
  { key: 'itc', header: t('returns.itcAvailability'), width: 90, render: (row) => row.itcAvailability ?? '—' },
  ...(source === 'GSTR2A' ? [placementColumn(t, period)] : []),
];

export const InwardPanel = ({ overview }: { overview: ReturnOverview }) => {
  const t = useText();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<InwardSource>('GSTR2A');
  const [isBusy, setBusy] = useState<InwardSource | null>(null);
  // A download is a call to the portal on the recipient's side: it needs a portal session and one of its rights.
  const rights = useRights(['Gstr1File', 'Gstr2aReconciliation']);
  const { data: session } = useQuery(portalSessionQuery(overview.entityId));
  const why: TextKey | null =
    !rights.Gstr1File && !rights.Gstr2aReconciliation ? 'right.noAccess' : session?.active ? null : 'returns.why.noSession';
  const key = { entityId: overview.entityId, returnPeriod: overview.returnPeriod, source };
  const list = useListQuery(returnKeys.inward(key), (page) => searchInward(key, page));
  const download = async (which: InwardSource) => {
    setBusy(which);
    try {
      const activity = await downloadInward({ entityId: overview.entityId, returnPeriod: overview.returnPeriod, source: which });
      setSource(which);
      notifySuccess(downloadedToast(t, which, activity));
    } catch {
      // The client's toast shows the API's message; the panel shows the failed download from its record.
    } finally {
      await queryClient.invalidateQueries({ queryKey: returnKeys.inwards() });
      await queryClient.invalidateQueries({ queryKey: returnKeys.overviews() });
      setBusy(null);
    }
  };
  const twoB = gstr2bLines(t, overview.returnPeriod, new Date());
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="inward-panel">
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {t('returns.inward.title')}
        </Text>
        <BulkInwardDownload
          entityIds={[overview.entityId]}
          fromPeriod={overview.returnPeriod}
          toPeriod={overview.returnPeriod}
          onFinished={() => {
            void queryClient.invalidateQueries({ queryKey: returnKeys.inwards() });
            void queryClient.invalidateQueries({ queryKey: returnKeys.overviews() });
          }}
        />
        <Group gap="xl" align="flex-start">
          {SOURCES.map((which) => {
            const lines = downloadLines(
              t,
              overview.inward.find((row) => row.source === which),
            );
            return (
              <Stack key={which} gap={4} data-testid={`inward-${which}`}>
                <Tooltip label={why ? t(why) : ''} disabled={!why} multiline w={260} withArrow>
                  <span data-why={why ?? undefined} style={{ alignSelf: 'flex-start' }}>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconCloudDownload size={14} />}
                      loading={isBusy === which}
                      disabled={why !== null}
                      onClick={() => void download(which)}
                      data-testid={`inward-download-${which}`}
                    >
                      {t('returns.inward.download', { source: SOURCE_LABEL[which] })}
                    </Button>
                  </span>
                </Tooltip>
                <Text size="xs" c={STATE_COLOR[lines.state]} data-state={lines.state} data-testid={`inward-synced-${which}`}>
                  {lines.text}
                </Text>
                {lines.listed ? (
                  <Text size="xs" c="dimmed" data-testid={`inward-listed-${which}`}>
                    {lines.listed}
                  </Text>
                ) : null}
                {which === 'GSTR2B' && twoB ? (
                  <Stack gap={2} maw={520}>
                    {twoB.notYet ? (
                      <Text size="xs" c="yellow" data-testid="inward-2b-not-generated">
                        {twoB.notYet}
                      </Text>
                    ) : null}
                    <Text size="xs" c="dimmed" data-testid="inward-2b-window">
                      {twoB.window}
                    </Text>
                  </Stack>
                ) : null}
              </Stack>
            );
          })}
        </Group>
        <SegmentedControl
          size="xs"
          w={220}
          data={SOURCES.map((which) => ({ value: which, label: SOURCE_LABEL[which] }))}
          value={source}
          onChange={(value) => setSource(value as InwardSource)}
          data-testid="inward-source"
        />
        <DataTable
          columns={columns(t, source, overview.returnPeriod)}
          rowId={(row) => row.id}
          rowTestId={(row) => `inward-row-${row.documentNumber}`}
          rowLabel={(row) => `${row.supplierGstin} ${row.documentNumber}`}
          emptyText={emptyText(
            t,
            source,
            overview.returnPeriod,
            overview.inward.find((row) => row.source === source),
          )}
          {...listTableProps(list)}
          maxHeight={480}
        />
      </Stack>
    </Paper>
  );
};
