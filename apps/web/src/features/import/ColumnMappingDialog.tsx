import { useEffect, useState } from 'react';
import { Alert, Autocomplete, Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportTypeInfo } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { splitApiErrors } from '../../shared/forms';
import { notifySuccess } from '../../shared/notifySuccess';
import { importAliasesQuery, importFileHeadersQuery, importKeys, saveImportAliases } from './importApi';
import { aliasesFromMapping, mappingFromAliases, mappingProblems, MAX_ALIAS_LENGTH, unusedHeaders, type Mapping } from './columnMapping';

// "Map columns" (issue 6, column aliasing): the subscriber's own header for any of our columns of one import type,
// saved once (import/aliases/save) and read by every later import of that type. Opened for an uploaded file, it offers
// that file's headers to pick from and says which header each column was found under.

type Props = {
  type: ImportTypeInfo | null;
  /** Column keys the last file lacked (IMP0008), highlighted. */
  missing: readonly string[];
  /** The uploaded file whose headers are offered; null before any upload of this type. */
  importId: number | null;
  canEdit: boolean;
  onClose: () => void;
};

const MappingForm = ({ type, missing, importId, canEdit, onClose }: Props & { type: ImportTypeInfo }) => {
  const t = useText();
  const queryClient = useQueryClient();
  const { data: aliases, isError } = useQuery(importAliasesQuery(type.importType));
  const { data: file } = useQuery({ ...importFileHeadersQuery(importId ?? 0), enabled: importId !== null });
  const headers = file?.headers ?? [];
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    if (aliases && mapping === null) setMapping(mappingFromAliases(type.columns, aliases));
  }, [aliases, mapping, type.columns]);

  if (isError)
    return (
      <Alert color="red" variant="light">
        {t('importMapping.loadFailed')}
      </Alert>
    );
  if (!mapping) return <Loader size="sm" />;
  const problems = mappingProblems(type.columns, mapping);
  const hasProblems = Object.keys(problems).length > 0;
  const unused = file ? unusedHeaders(file, type.columns, mapping) : [];
  const describe = (key: string): string | undefined => {
    const extras = mapping.extras[key] ?? [];
    const found = file?.matched[key];
    const parts = [
      ...(found && (mapping.values[key] ?? '').trim() === '' ? [t('importMapping.found', { header: found })] : []),
      ...(extras.length > 0 ? [t('importMapping.also', { aliases: extras.join(', ') })] : []),
    ];
    return parts.length > 0 ? parts.join(' · ') : undefined;
  };

  const save = async () => {
    setFailure(null);
    setSaving(true);
    try {
      const saved = await saveImportAliases(type.importType, aliasesFromMapping(type.columns, mapping));
      queryClient.setQueryData(importAliasesQuery(type.importType).queryKey, saved.aliases);
      if (importId !== null) void queryClient.invalidateQueries({ queryKey: importKeys.fileHeaders(importId) });
      notifySuccess(t('importMapping.saved'));
      onClose();
    } catch (error) {
      const { general } = splitApiErrors(error, []);
      setFailure(general.join(' ') || t('importMapping.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!hasProblems && canEdit) void save();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('importMapping.intro')} {t('importMapping.known')}
        </Text>
        {!canEdit ? (
          <Text size="xs" c="dimmed">
            {t('importMapping.noRight')}
          </Text>
        ) : null}
        <Table fz="sm" verticalSpacing={4} data-testid="mapping-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="40%">{t('importMapping.column')}</Table.Th>
              <Table.Th>{t('importMapping.alias')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {type.columns.map((column) => {
              const problem = problems[column.key];
              const isMissing = missing.includes(column.key) && !file?.matched[column.key];
              return (
                <Table.Tr key={column.key} bg={isMissing ? 'red.0' : undefined} data-testid={`mapping-row-${column.key}`}>
                  <Table.Td>
                    <Group gap={4} wrap="wrap">
                      <Text size="sm">{column.name}</Text>
                      {column.required ? (
                        <Badge size="xs" variant="light" color="gray">
                          {t('importMapping.required')}
                        </Badge>
                      ) : null}
                      {isMissing ? (
                        <Badge size="xs" variant="light" color="red">
                          {t('importMapping.missing')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Autocomplete
                      size="xs"
                      aria-label={t('importMapping.aliasLabel', { column: column.name })}
                      placeholder={headers.length > 0 ? t('importMapping.pick') : undefined}
                      data={headers}
                      value={mapping.values[column.key] ?? ''}
                      maxLength={MAX_ALIAS_LENGTH + 10}
                      disabled={!canEdit}
                      onChange={(value) =>
                        setMapping((current) => (current ? { ...current, values: { ...current.values, [column.key]: value } } : current))
                      }
                      error={
                        problem
                          ? problem.kind === 'tooLong'
                            ? t('importMapping.tooLong')
                            : t('importMapping.duplicate', { column: problem.column })
                          : undefined
                      }
                      description={describe(column.key)}
                      comboboxProps={{ withinPortal: true }}
                      data-testid={`mapping-alias-${column.key}`}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {file ? (
          <Text size="xs" c="dimmed" data-testid="mapping-unused">
            {unused.length > 0 ? t('importMapping.unused', { headers: unused.join(', ') }) : t('importMapping.allUsed')}
          </Text>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" p="xs" data-testid="mapping-error">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button size="xs" variant="default" onClick={onClose}>
            {t('importMapping.cancel')}
          </Button>
          <Button size="xs" type="submit" loading={isSaving} disabled={hasProblems || !canEdit} data-testid="mapping-save">
            {t('importMapping.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

export const ColumnMappingDialog = (props: Props) => {
  const t = useText();
  return (
    <Modal
      opened={props.type !== null}
      onClose={props.onClose}
      size="lg"
      title={<Text fw={600}>{t('importMapping.title', { type: props.type?.name ?? '' })}</Text>}
    >
      {props.type ? <MappingForm key={props.type.importType} {...props} type={props.type} /> : null}
    </Modal>
  );
};
