import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPlus, IconUpload, IconX } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import {
  headerKey,
  IMPORT_COLUMNS,
  IMPORT_TYPES,
  ImportTypeSchema,
  type ImportAlias,
  type ImportColumn,
  type ImportType,
} from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { ExportButton } from '../../../shared/ExportButton';
import { splitApiErrors } from '../../../shared/forms';
import { dataMapperKeys, exportAliases, fetchAliases, saveAliases } from './dataMapperApi';

// /data-mapper (spec core §5 "column aliasing"; issue 20): per import type, every template column with its format,
// whether it is required, the headers the reader already knows for it, and the subscriber's own column names for it.
// Names are added and removed here and saved together; the import pipeline reads them on the next import of that type.
// The screen refuses what the server refuses (more than 40 characters, a name already read as a column or used twice,
// compared as the reader compares headers) before sending, and shows the server's refusal if it still comes.

/** Spec core §5: a user's own column name has at most 40 characters. */
export const ALIAS_MAX = 40;

type Props = { initialType?: ImportType };

/** The column a header is already read as: a template column's name or key, a known header, or a name in the draft. */
const takenBy = (columns: readonly ImportColumn[], draft: readonly ImportAlias[], alias: string): string | null => {
  const key = headerKey(alias);
  for (const c of columns) if ([c.name, c.key, ...c.aliases].some((h) => headerKey(h) === key)) return c.name;
  const used = draft.find((a) => headerKey(a.alias) === key);
  return used ? (columns.find((c) => c.key === used.column)?.name ?? used.column) : null;
};

const AliasAdder = ({
  column,
  onAdd,
  check,
}: {
  column: ImportColumn;
  onAdd: (alias: string) => void;
  check: (alias: string) => string | null;
}) => {
  const t = useText();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const alias = text.trim();
    if (alias === '') return;
    const problem = alias.length > ALIAS_MAX ? t('dataMapper.tooLong', { max: ALIAS_MAX }) : check(alias);
    setError(problem);
    if (problem) return;
    onAdd(alias);
    setText('');
  };
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <TextInput
        size="xs"
        w={200}
        aria-label={t('dataMapper.addAlias', { column: column.name })}
        placeholder={t('dataMapper.aliasPlaceholder')}
        value={text}
        error={error}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          }
        }}
        data-testid={`mapper-input-${column.key}`}
      />
      <ActionIcon size="md" variant="default" aria-label={t('dataMapper.add')} onClick={add} data-testid={`mapper-add-${column.key}`}>
        <IconPlus size={14} />
      </ActionIcon>
    </Group>
  );
};

const Mapping = ({ importType, saved }: { importType: ImportType; saved: ImportAlias[] }) => {
  const t = useText();
  const client = useQueryClient();
  const columns = IMPORT_COLUMNS[importType];
  const [draft, setDraft] = useState<ImportAlias[]>(saved);
  const [messages, setMessages] = useState<string[]>([]);
  const [success, setSuccess] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved);

  const save = async () => {
    setBusy(true);
    setMessages([]);
    try {
      const aliases = await saveAliases(importType, draft);
      client.setQueryData(dataMapperKeys.aliases(importType), aliases);
      setDraft(aliases);
      setSuccess(aliases.length === 1 ? t('dataMapper.savedOne') : t('dataMapper.saved', { n: aliases.length }));
    } catch (error) {
      setMessages(splitApiErrors(error, []).general);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Table striped withTableBorder verticalSpacing={4} fz="sm" data-testid="mapper-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('dataMapper.column')}</Table.Th>
            <Table.Th w={90}>{t('dataMapper.required')}</Table.Th>
            <Table.Th w={100}>{t('dataMapper.format')}</Table.Th>
            <Table.Th>{t('dataMapper.knownHeaders')}</Table.Th>
            <Table.Th>{t('dataMapper.aliases')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {columns.map((column) => (
            <Table.Tr key={column.key} data-testid={`mapper-row-${column.key}`}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {column.name}
                </Text>
              </Table.Td>
              <Table.Td>
                {column.required ? (
                  <Badge size="xs" variant="light" color="gray">
                    {t('dataMapper.required')}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{column.format}</Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {column.aliases.join(', ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {draft
                    .filter((a) => a.column === column.key)
                    .map((a) => (
                      <Badge
                        key={a.alias}
                        variant="outline"
                        tt="none"
                        rightSection={
                          <ActionIcon
                            size="xs"
                            variant="transparent"
                            aria-label={t('dataMapper.remove', { alias: a.alias })}
                            onClick={() => {
                              setSuccess(null);
                              setDraft((current) => current.filter((other) => other !== a));
                            }}
                            data-testid={`mapper-remove-${column.key}-${a.alias}`}
                          >
                            <IconX size={10} />
                          </ActionIcon>
                        }
                        data-testid={`mapper-alias-${column.key}`}
                      >
                        {a.alias}
                      </Badge>
                    ))}
                  <AliasAdder
                    column={column}
                    check={(alias) => {
                      const owner = takenBy(columns, draft, alias);
                      return owner ? t('dataMapper.duplicate', { alias, column: owner }) : null;
                    }}
                    onAdd={(alias) => {
                      setSuccess(null);
                      setDraft((current) => [...current, { column: column.key, alias }]);
                    }}
                  />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {messages.length > 0 ? (
        <Alert color="red" variant="light" role="alert" data-testid="mapper-refusal">
          {messages.join(' ')}
        </Alert>
      ) : null}
      {success && !isDirty ? (
        <Alert color="green" variant="light" data-testid="mapper-saved">
          {success}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs">
        {isDirty ? (
          <Text size="xs" c="dimmed" data-testid="mapper-unsaved">
            {t('dataMapper.unsaved')}
          </Text>
        ) : null}
        <Button size="sm" loading={isBusy} disabled={!isDirty} onClick={() => void save()} data-testid="mapper-save">
          {t('dataMapper.save')}
        </Button>
      </Group>
    </Stack>
  );
};

export const DataMapperScreen = ({ initialType }: Props) => {
  const t = useText();
  const [searchParams] = useSearchParams();
  // /data-mapper?type=Vendors opens that type (as /import?type= does); else the first.
  const named = ImportTypeSchema.safeParse(searchParams.get('type'));
  const [importType, setImportType] = useState<ImportType>(initialType ?? (named.success ? named.data : 'SalesDocuments'));
  const aliases = useQuery({ queryKey: dataMapperKeys.aliases(importType), queryFn: () => fetchAliases(importType) });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('dataMapper.intro')}
      </Text>
      <Group justify="space-between">
        <Select
          size="xs"
          w={260}
          label={t('dataMapper.importType')}
          data={IMPORT_TYPES.map((type) => ({ value: type.importType, label: type.name }))}
          value={importType}
          allowDeselect={false}
          onChange={(value) => {
            const parsed = ImportTypeSchema.safeParse(value);
            if (parsed.success) setImportType(parsed.data);
          }}
          data-testid="mapper-type"
        />
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`/import?type=${importType}`}
            leftSection={<IconUpload size={14} />}
            data-testid="mapper-import"
          >
            {t('dataMapper.import')}
          </Button>
          <ExportButton
            download={() => exportAliases(importType)}
            fileName={`${importType}-column-names.xlsx`}
            label={t('dataMapper.export')}
            testId="mapper-export"
          />
        </Group>
      </Group>
      {/* A new mapping per type (keyed), so no draft of another type lingers. */}
      {aliases.data ? <Mapping key={importType} importType={importType} saved={aliases.data} /> : null}
    </Stack>
  );
};
