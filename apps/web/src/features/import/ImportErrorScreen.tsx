import { useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { IconArrowLeft, IconFileSpreadsheet } from '@tabler/icons-react';
import type { ImportCodeCount } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { downloadBlob } from '../../shared/ExportButton';
import { formatCount, formatDateTime } from '../../shared/format';
import { ImportStatusBadge } from './ImportStatusBadge';
import { downloadErrorExport, importErrorSummaryQuery, importSummaryQuery, importTypesQuery } from './importApi';
import { ImportErrorsTable } from './ImportErrorsTable';
import { useImportSession } from './useImportSession';
import { loadFailureText } from '../../shared/loadFailure';

// /import-document-error?importId= and the error screens of the other import types (spec core §2 "Import"): the
// errors of one import, summarised by code, every error paged, and the original rows with an Errors column to fix and
// import again.

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

const CodeSummary = ({
  items,
  code,
  onCode,
}: {
  items: readonly (ImportCodeCount & { columns: string[] })[];
  code: string | null;
  onCode: (code: string | null) => void;
}) => {
  const t = useText();
  return (
    <Paper withBorder radius="sm">
      <Table fz="sm" verticalSpacing={4} highlightOnHover data-testid="error-summary">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90}>{t('importErrors.code')}</Table.Th>
            <Table.Th>{t('importErrors.message')}</Table.Th>
            <Table.Th w={240}>{t('importErrors.columns')}</Table.Th>
            <Table.Th w={80} className="numeric">
              {t('importErrors.count')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.code} bg={code === item.code ? 'indigo.0' : undefined} data-testid={`error-code-${item.code}`}>
              <Table.Td>
                <UnstyledButton
                  onClick={() => onCode(code === item.code ? null : item.code)}
                  aria-pressed={code === item.code}
                  fz="xs"
                  ff="monospace"
                  c="indigo.8"
                  td="underline"
                >
                  {item.code}
                </UnstyledButton>
              </Table.Td>
              <Table.Td>{item.message}</Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {item.columns.join(', ')}
                </Text>
              </Table.Td>
              <Table.Td className="numeric" style={numeric}>
                {formatCount(item.count)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
};

const ExportErrorsButton = ({ importId, fileName }: { importId: number; fileName: string }) => {
  const t = useText();
  const [isBusy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      downloadBlob(await downloadErrorExport(importId), `${fileName.replace(/\.[^.]+$/, '')}-errors.xlsx`);
    } catch {
      // The client's toast reports the failure.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconFileSpreadsheet size={14} />}
      loading={isBusy}
      onClick={() => void run()}
      title={t('importErrors.exportHint')}
      data-testid="error-export"
    >
      {t('importErrors.export')}
    </Button>
  );
};

const ImportErrors = ({ importId }: { importId: number }) => {
  const t = useText();
  const { importErrorPageSize } = useImportSession();
  const [code, setCode] = useState<string | null>(null);
  const { data: types = [] } = useQuery(importTypesQuery);
  const summary = useQuery(importSummaryQuery(importId));
  const byCode = useQuery(importErrorSummaryQuery(importId));
  if (summary.isError || byCode.isError)
    return (
      <Alert color="red" variant="light">
        {loadFailureText(summary.error ?? byCode.error, t('importErrors.loadFailed'))}
      </Alert>
    );
  if (!summary.data || !byCode.data) return <Loader size="sm" />;
  const info = summary.data;
  const typeName = types.find((type) => type.importType === info.importType)?.name ?? info.importType;
  const hasErrors = byCode.data.items.length > 0;
  return (
    <Stack gap="sm">
      <Paper withBorder radius="sm" p="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="xs">
              <Text size="sm" fw={600} data-testid="error-file">
                {info.fileName}
              </Text>
              <ImportStatusBadge status={info.status} />
              <Text size="xs" c="dimmed">
                {typeName}
                {info.finishedAt ? ` · ${formatDateTime(info.finishedAt)}` : ''}
              </Text>
            </Group>
            <Group gap="lg" style={numeric}>
              <Text size="xs" c="dimmed">
                {t('import.rows')}{' '}
                <Text span size="sm" fw={600} c="dark">
                  {formatCount(info.totalRows)}
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                {t('import.valid')}{' '}
                <Text span size="sm" fw={600} c="green">
                  {formatCount(info.validRows)}
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                {t('import.errors')}{' '}
                <Text span size="sm" fw={600} c={info.errorRows > 0 ? 'red' : 'dark'} data-testid="error-rows">
                  {formatCount(info.errorRows)}
                </Text>
              </Text>
            </Group>
            {info.message ? <Text size="xs">{info.message}</Text> : null}
          </Stack>
          {hasErrors ? <ExportErrorsButton importId={importId} fileName={info.fileName} /> : null}
        </Group>
      </Paper>
      {hasErrors ? (
        <>
          <Title order={2} size="h5" fw={600}>
            {t('importErrors.summary')}
          </Title>
          <CodeSummary items={byCode.data.items} code={code} onCode={setCode} />
          {code ? (
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                {t('importErrors.filteredBy', { code })}
              </Text>
              <Anchor component="button" size="xs" onClick={() => setCode(null)}>
                {t('importErrors.showAll')}
              </Anchor>
            </Group>
          ) : null}
          <ImportErrorsTable importId={importId} code={code} pageSize={importErrorPageSize} />
        </>
      ) : (
        <Alert color="green" variant="light" data-testid="error-none">
          {t('importErrors.none')}
        </Alert>
      )}
    </Stack>
  );
};

export const ImportErrorScreen = () => {
  const t = useText();
  const [searchParams] = useSearchParams();
  const importId = Number(searchParams.get('importId'));
  const isValidId = Number.isInteger(importId) && importId > 0;
  return (
    <Stack gap="sm">
      <Group>
        <Button
          component={Link}
          to="/import"
          size="compact-sm"
          variant="subtle"
          leftSection={<IconArrowLeft size={14} />}
          data-testid="error-back"
        >
          {t('importErrors.back')}
        </Button>
      </Group>
      {isValidId ? (
        <ImportErrors importId={importId} />
      ) : (
        <Alert color="yellow" variant="light">
          {t('importErrors.missingId')}
        </Alert>
      )}
    </Stack>
  );
};
