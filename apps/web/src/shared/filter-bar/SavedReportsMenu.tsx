import { useState } from 'react';
import { ActionIcon, Alert, Anchor, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import { REGISTER_ENDPOINTS, type RegisterFilters, type SavedReportModule } from '@opengst/contracts';
import { call } from '../../api/call';
import { useText } from '../../i18n/useText';
import { FORM_SILENT, splitApiErrors } from '../forms';
import { notifySuccess } from '../notifySuccess';

// Save Report (spec modules §2.9): the applied filters saved under a name (the same name replaces), listed to be
// applied again or deleted. Each user sees their own.

const savedReportsKey = (module: SavedReportModule) => ['savedReports', module] as const;

type Props = { module: SavedReportModule; filters: RegisterFilters; onApply: (filters: RegisterFilters) => void };

export const SavedReportsMenu = ({ module, filters, onApply }: Props) => {
  const t = useText();
  const queryClient = useQueryClient();
  const [isNaming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [refusal, setRefusal] = useState<string[]>([]);
  const { data: reports = [] } = useQuery({
    queryKey: savedReportsKey(module),
    queryFn: async () => (await call(REGISTER_ENDPOINTS.savedReports, { query: { module } })).items,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: savedReportsKey(module) });
  const save = useMutation({
    mutationFn: () => call(REGISTER_ENDPOINTS.savedReportSave, { body: { module, name: name.trim(), filters } }, { silent: FORM_SILENT }),
    onSuccess: (report) => {
      notifySuccess(t('filter.reportSaved', { name: report.name }));
      setNaming(false);
      setName('');
      setRefusal([]);
      reload();
    },
    onError: (error) => {
      const { general, fields } = splitApiErrors(error, []);
      setRefusal([...general, ...Object.values(fields)]);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(REGISTER_ENDPOINTS.savedReportDelete, { body: { id } }),
    onSuccess: reload,
  });

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={300}>
        <Menu.Target>
          <Anchor component="button" type="button" style={{ fontSize: 'var(--mantine-font-size-sm)' }} data-testid="saved-reports">
            {t('filter.savedReports')}
          </Anchor>
        </Menu.Target>
        <Menu.Dropdown>
          {reports.length === 0 ? (
            <Text size="xs" c="dimmed" p="xs">
              {t('filter.noSavedReports')}
            </Text>
          ) : (
            reports.map((report) => (
              <Group key={report.id} gap={0} wrap="nowrap">
                <Menu.Item onClick={() => onApply(report.filters)} data-testid={`saved-report-${report.name}`}>
                  <Text size="sm" truncate maw={220}>
                    {report.name}
                  </Text>
                </Menu.Item>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={t('filter.deleteReport', { name: report.name })}
                  onClick={() => remove.mutate(report.id)}
                  data-testid={`saved-report-delete-${report.name}`}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            ))
          )}
          <Menu.Divider />
          <Menu.Item onClick={() => setNaming(true)} data-testid="save-report">
            <Text size="sm" fw={600} c="indigo.7">
              {t('filter.saveReport')}
            </Text>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={isNaming} onClose={() => setNaming(false)} title={<Text fw={600}>{t('filter.saveReport')}</Text>} size="sm">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <Stack gap="sm">
            <TextInput
              size="xs"
              label={t('filter.reportName')}
              value={name}
              maxLength={60}
              required
              data-autofocus
              onChange={(event) => setName(event.currentTarget.value)}
              data-testid="report-name"
            />
            {refusal.length > 0 ? (
              <Alert color="red" variant="light" p="xs">
                {refusal.map((message) => (
                  <Text key={message} size="sm">
                    {message}
                  </Text>
                ))}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => setNaming(false)}>
                {t('common.cancel')}
              </Button>
              <Button size="xs" type="submit" loading={save.isPending} disabled={name.trim() === ''} data-testid="report-save">
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
};
