import { useEffect, useRef } from 'react';
import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ImportProgress } from '@opengst/contracts';
import { useText, type TextKey } from '../../i18n/useText';
import { formatCount, formatElapsed } from '../../shared/format';
import { pollIntervalMs } from '../../shared/polling';
import { useNow } from '../../shared/useNow';
import { ImportStatusBadge } from './ImportStatusBadge';
import { fetchImportProgress, importErrorSummaryQuery, importKeys } from './importApi';
import { isImportRunning, progressPercent } from './importProgress';

// The running import: rows processed of total, valid and error counts, elapsed time, then the result with a link to
// its errors (UI.md "Long work is visible"). Polls import/statistic/status every poolingTime seconds.

type Props = {
  importId: number;
  fileName: string;
  /** When the upload started (ms), for the elapsed time. */
  startedAt: number;
  poolingTime: number | undefined;
  errorRoute: string;
  onFinished: (progress: ImportProgress) => void;
  /** Offered when the file failed for missing required columns (IMP0008): the user may map their own headers. */
  onMapColumns?: (message: string | null) => void;
};

const RESULT_COLOR = { Success: 'green', SuccessWithError: 'orange', Failed: 'red' } as const;

/**
 * The total is known only once the file is read to its end (it is streamed), so until then: rows read so far; then,
 * while the documents are stored, that they are.
 */
const rowsText = (t: ReturnType<typeof useText>, progress: ImportProgress | undefined): string => {
  if (progress && isImportRunning(progress.status) && progress.totalRows > 0 && progress.processedRows === progress.totalRows) {
    return t('import.storing', { processed: formatCount(progress.processedRows) });
  }
  if (progress && progress.totalRows > 0)
    return t('import.rowsProcessed', { processed: formatCount(progress.processedRows), total: formatCount(progress.totalRows) });
  if (progress && progress.processedRows > 0) return t('import.rowsRead', { processed: formatCount(progress.processedRows) });
  return t('import.reading');
};

const Count = ({ label, value, color, testId }: { label: string; value: number; color?: string; testId: string }) => (
  <Text size="xs" c="dimmed">
    {label}{' '}
    <Text span size="sm" fw={600} c={color} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
      {formatCount(value)}
    </Text>
  </Text>
);

/** Where a finished document import's documents are listed. */
const registerOf = (progress: ImportProgress): string | null => {
  if (progress.status !== 'Success' && progress.status !== 'SuccessWithError') return null;
  return progress.importType === 'SalesDocuments'
    ? '/regular-sales'
    : progress.importType === 'PurchaseDocuments'
      ? '/regular-purchase'
      : null;
};

export const ImportProgressCard = ({ importId, fileName, startedAt, poolingTime, errorRoute, onFinished, onMapColumns }: Props) => {
  const t = useText();
  const { data: progress } = useQuery({
    queryKey: importKeys.progress(importId),
    queryFn: () => fetchImportProgress(importId),
    refetchInterval: (query) => (query.state.data && !isImportRunning(query.state.data.status) ? false : pollIntervalMs(poolingTime)),
    refetchIntervalInBackground: true,
  });
  const isRunning = !progress || isImportRunning(progress.status);
  const now = useNow(isRunning);
  const finishedAt = progress?.finishedAt ? Date.parse(progress.finishedAt) : null;
  const elapsed = (isRunning || finishedAt === null ? now : finishedAt) - startedAt;

  // Told once per final status, not on every render of the parent (which passes a new callback each time).
  const onFinishedRef = useRef(onFinished);
  onFinishedRef.current = onFinished;
  const finalProgress = progress && !isImportRunning(progress.status) ? progress : null;
  useEffect(() => {
    if (finalProgress) onFinishedRef.current(finalProgress);
  }, [finalProgress?.status, finalProgress?.importId]);

  const percent = progress ? progressPercent(progress) : null;
  const { data: byCode } = useQuery({
    ...importErrorSummaryQuery(importId),
    enabled: progress?.status === 'Failed' && onMapColumns !== undefined,
  });
  const lacksColumns = progress?.status === 'Failed' && (byCode?.items.some((item) => item.code === 'IMP0008') ?? false);
  const status = progress?.status ?? 'Initialized';
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="import-progress" data-status={status}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {fileName}
            </Text>
            <ImportStatusBadge status={status} />
          </Group>
          <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="import-elapsed">
            {t('import.elapsed')} {formatElapsed(elapsed)}
          </Text>
        </Group>
        {/* One progressbar, named, with no value while the total is unknown (Mantine's own would say 100%). */}
        <Progress.Root size="md">
          <Progress.Section
            value={percent ?? 100}
            animated={isRunning}
            striped={isRunning && percent === null}
            color={status === 'Failed' ? 'red' : status === 'SuccessWithError' ? 'orange' : isRunning ? 'indigo' : 'green'}
            withAria={false}
            aria-label={t('import.progressLabel', { file: fileName })}
            role="progressbar"
            aria-valuenow={percent ?? undefined}
            aria-valuemin={0}
            aria-valuemax={100}
          />
        </Progress.Root>
        <Group gap="lg">
          <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="import-rows">
            {rowsText(t, progress)}
          </Text>
          <Count label={t('import.valid')} value={progress?.validRows ?? 0} color="green" testId="import-valid" />
          <Count
            label={t('import.errors')}
            value={progress?.errorRows ?? 0}
            color={progress?.errorRows ? 'red' : undefined}
            testId="import-error-count"
          />
        </Group>
        {progress && !isRunning ? (
          <Alert
            color={RESULT_COLOR[progress.status as keyof typeof RESULT_COLOR]}
            variant="light"
            p="xs"
            data-testid="import-result"
            data-status={progress.status}
          >
            <Group justify="space-between" gap="sm">
              <Stack gap={2}>
                <Text size="sm" fw={500}>
                  {t(`import.result.${progress.status}` as TextKey)}
                </Text>
                {progress.message ? <Text size="xs">{progress.message}</Text> : null}
                {lacksColumns ? (
                  <Text size="xs" c="dimmed">
                    {t('importMapping.hint')}
                  </Text>
                ) : null}
              </Stack>
              {lacksColumns && onMapColumns ? (
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => onMapColumns(progress.message)}
                  data-testid="import-result-map-columns"
                >
                  {t('importMapping.open')}
                </Button>
              ) : null}
              {registerOf(progress) ? (
                <Anchor component={Link} to={`${registerOf(progress)}?importId=${importId}`} size="sm" data-testid="import-register-link">
                  {t('import.openRegister')}
                </Anchor>
              ) : null}
              {progress.errorRows > 0 || progress.status === 'Failed' ? (
                <Anchor component={Link} to={`${errorRoute}?importId=${importId}`} size="sm" data-testid="import-errors-link">
                  {progress.errorRows <= 1 ? t('import.viewError') : t('import.viewErrors', { n: formatCount(progress.errorRows) })}
                </Anchor>
              ) : null}
            </Group>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
};
