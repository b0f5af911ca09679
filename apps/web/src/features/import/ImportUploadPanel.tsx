import { useState, type DragEvent } from 'react';
import { Alert, Button, Group, Paper, Progress, Select, Stack, Text } from '@mantine/core';
import { IconColumns, IconDownload, IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ImportTypeSchema, type ImportType, type ImportTypeInfo, type RightId } from '@opengst/contracts';
import { ApiError } from '../../api/http';
import { useText } from '../../i18n/useText';
import { downloadBlob } from '../../shared/ExportButton';
import { useRights } from '../../shared/useRights';
import { downloadSample, uploadImportFile } from './importApi';
import { ACCEPTED_EXTENSIONS, formatFileSize, hasAcceptedExtension } from './importProgress';
import { useImportSession } from './useImportSession';
import classes from '../../shared/FileDropZone.module.css';

// Type, location, sample, file and Upload (spec core §2 "Import", §5 "Accepted uploads").

/** "Sales documents" → "sales documents", keeping acronyms ("HSN/SAC codes"). */
const inSentence = (name: string): string => name.replace(/\b([A-Z])(?=[a-z])/g, (letter: string) => letter.toLowerCase());

export type StartedImport = { importId: number; fileName: string; startedAt: number; importType: ImportType };

type Props = {
  types: readonly ImportTypeInfo[];
  /** The file name of the user's running import: the next upload waits for it (spec modules §4). */
  runningFile: string | null;
  onStarted: (started: StartedImport) => void;
  /** Opens the "Map columns" dialog of the chosen type. */
  onMapColumns: (type: ImportTypeInfo) => void;
};

export const ImportUploadPanel = ({ types, runningFile, onStarted, onMapColumns }: Props) => {
  const t = useText();
  const { locations, maxFileSizeMb } = useImportSession();
  const rights = useRights(types.map((type) => type.rightId as RightId));
  // A master's Import button opens /import?type=<ImportType> with its type chosen.
  const [params] = useSearchParams();
  const [importType, setImportType] = useState<ImportType | null>(() => ImportTypeSchema.safeParse(params.get('type')).data ?? null);
  const [entityId, setEntityId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [isDragging, setDragging] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSampleBusy, setSampleBusy] = useState(false);

  const chosenType = types.find((type) => type.importType === importType) ?? types[0] ?? null;
  // Documents and summaries belong to a location (their Location GSTIN column); masters belong to the organisation.
  const isPerLocation = chosenType?.columns.some((column) => column.key === 'locationGstin') ?? false;
  const limitBytes = maxFileSizeMb * 1024 * 1024;
  const limit = formatFileSize(limitBytes);
  const canImport = chosenType ? rights[chosenType.rightId as RightId] : false;
  const fileProblem = !file
    ? null
    : !hasAcceptedExtension(file.name)
      ? t('import.wrongType', { name: file.name })
      : file.size > limitBytes
        ? t('import.tooLarge', { name: file.name, size: formatFileSize(file.size), limit })
        : null;

  const choose = (chosen: File | undefined) => {
    setFailure(null);
    setFile(chosen ?? null);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (runningFile === null) choose(event.dataTransfer.files[0]);
  };

  const sample = async () => {
    if (!chosenType) return;
    setSampleBusy(true);
    try {
      downloadBlob(await downloadSample(chosenType.importType), `${chosenType.importType}-sample.xlsx`);
    } catch {
      // The client's toast reports the failure.
    } finally {
      setSampleBusy(false);
    }
  };

  const upload = async () => {
    if (!chosenType || !file || fileProblem) return;
    setFailure(null);
    setSent(0);
    const startedAt = Date.now();
    try {
      const answer = await uploadImportFile(
        { importType: chosenType.importType, entityId: isPerLocation && entityId ? Number(entityId) : null, file },
        setSent,
      );
      onStarted({ importId: answer.importId, fileName: file.name, startedAt, importType: chosenType.importType });
      setFile(null);
    } catch (error) {
      const messages = error instanceof ApiError ? error.items.map((item) => item.message) : [];
      setFailure(messages.length > 0 ? messages.join(' ') : t('import.uploadFailed'));
    } finally {
      setSent(null);
    }
  };

  const isSending = sent !== null;
  const isLocked = runningFile !== null || isSending;
  return (
    <Paper withBorder radius="sm" p="sm">
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            size="xs"
            w={220}
            label={t('import.type')}
            data={types.map((type) => ({ value: type.importType, label: type.name }))}
            value={chosenType?.importType ?? null}
            onChange={(value) => setImportType(value as ImportType | null)}
            allowDeselect={false}
            data-testid="import-type"
          />
          {isPerLocation ? (
            <Select
              size="xs"
              w={320}
              label={t('import.entity')}
              placeholder={t('import.entityAll')}
              clearable
              searchable
              data={locations.map((entity) => ({ value: String(entity.entityId), label: `${entity.entityName} (${entity.gstin ?? ''})` }))}
              value={entityId}
              onChange={setEntityId}
              data-testid="import-entity"
            />
          ) : null}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            loading={isSampleBusy}
            onClick={() => void sample()}
            disabled={!chosenType}
            data-testid="import-sample"
          >
            {t('import.sample')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconColumns size={14} />}
            onClick={() => chosenType && onMapColumns(chosenType)}
            disabled={!chosenType}
            data-testid="import-map-columns"
          >
            {t('importMapping.open')}
          </Button>
        </Group>
        <label
          className={classes.dropZone}
          data-dragging={isDragging}
          data-disabled={isLocked}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <input
            type="file"
            className={classes.fileInput}
            accept={ACCEPTED_EXTENSIONS.join(',')}
            aria-label={t('import.file')}
            disabled={isLocked}
            onChange={(event) => {
              choose(event.currentTarget.files?.[0]);
              event.currentTarget.value = '';
            }}
            data-testid="import-file"
          />
          <Group gap="xs" wrap="nowrap">
            <IconFileUpload size={20} stroke={1.5} aria-hidden />
            <Text size="sm" c={file ? undefined : 'dimmed'} data-testid="import-file-name">
              {file ? t('import.fileChosen', { name: file.name, size: formatFileSize(file.size) }) : t('import.dropHint', { limit })}
            </Text>
          </Group>
        </label>
        {fileProblem ? (
          <Text size="xs" c="red" role="alert">
            {fileProblem}
          </Text>
        ) : null}
        {chosenType && !canImport ? (
          <Text size="xs" c="dimmed">
            {t('import.noRight', { type: inSentence(chosenType.name) })}
          </Text>
        ) : null}
        {runningFile !== null ? (
          <Text size="xs" c="dimmed" data-testid="import-busy">
            {t('import.busy', { file: runningFile })}
          </Text>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" p="xs" title={t('import.uploadFailed')} data-testid="import-upload-error">
            <Text size="sm">{failure}</Text>
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button
            size="xs"
            leftSection={<IconUpload size={14} />}
            disabled={!file || fileProblem !== null || !canImport || isLocked}
            loading={isSending}
            onClick={() => void upload()}
            data-testid="import-upload"
          >
            {t('import.upload')}
          </Button>
          {isSending ? (
            <Group gap="xs" style={{ flex: 1, maxWidth: 320 }}>
              <Progress value={Math.round((sent ?? 0) * 100)} size="sm" style={{ flex: 1 }} aria-hidden />
              <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {t('import.sending', { percent: Math.round((sent ?? 0) * 100) })}
              </Text>
            </Group>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
};
