import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { IconCloudDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { NOTICE_PORTAL_SYNC_ENDPOINTS, noticePortalSyncText as st, type Notice, type NoticePortalSyncResult } from '@opengst/contracts';
import { call } from '../../api/call';
import { loadSettingsQuery, userEntitiesQuery } from '../../api/sessionData';
import { GstinMultiSelect, isGstinLocation } from '../../shared/GstinMultiSelect';
import { useRights } from '../../shared/useRights';

// /litigation-management's "Sync from GST portal" (issue 23): shown only when the subscriber's litigationSync setting is
// on and the user holds LitigationEdit. The chosen GSTINs are synced one after another (each a call of its own, so the
// dialog shows how far it got and a GSTIN that fails, say without a portal session, does not stop the others); each
// answers what it read and what it added, updated or left unchanged. The register reloads when it ends.

type Outcome = { entityId: number; label: string } & ({ ok: true; result: NoticePortalSyncResult } | { ok: false; message: string });

const syncOne = (entityId: number) => call(NOTICE_PORTAL_SYNC_ENDPOINTS.noticePortalSync, { body: { entityId } }, { silent: true });

/** The register's mark of a notice that came from the portal (or an import); none for one entered by hand. */
export const NoticeSourceBadge = ({ source }: { source: Notice['source'] }) =>
  source === 'Portal' || source === 'Import' ? (
    <Badge size="xs" variant="light" color={source === 'Portal' ? 'teal' : 'gray'} data-testid="notice-source">
      {st(source === 'Portal' ? 'noticeSync.sourcePortal' : 'noticeSync.sourceImport')}
    </Badge>
  ) : null;

export const NoticePortalSyncAction = ({ financialYear, onSynced }: { financialYear: string; onSynced: () => void }) => {
  const rights = useRights(['LitigationEdit']);
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  const { data: entities = [] } = useQuery(userEntitiesQuery(financialYear));
  const [isOpen, setIsOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [running, setRunning] = useState<{ done: number; total: number } | null>(null);

  if (!rights.LitigationEdit || !loaded?.settings.subscriberSettings?.litigationSync) return null;

  const labelOf = (entityId: number) => {
    const entity = entities.filter(isGstinLocation).find((e) => e.entityId === entityId);
    return entity ? `${entity.gstin} · ${entity.entityName}` : String(entityId);
  };

  const start = async () => {
    const ids = chosen.map(Number);
    const done: Outcome[] = [];
    setOutcomes([]);
    setRunning({ done: 0, total: ids.length });
    for (const entityId of ids) {
      try {
        done.push({ entityId, label: labelOf(entityId), ok: true, result: await syncOne(entityId) });
      } catch (error) {
        done.push({ entityId, label: labelOf(entityId), ok: false, message: error instanceof Error ? error.message : String(error) });
      }
      setOutcomes([...done]);
      setRunning({ done: done.length, total: ids.length });
    }
    setRunning(null);
    onSynced();
  };

  const close = () => {
    if (running) return;
    setIsOpen(false);
    setOutcomes([]);
  };

  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconCloudDownload size={14} />}
        onClick={() => setIsOpen(true)}
        data-testid="notice-portal-sync"
      >
        {st('noticeSync.action')}
      </Button>
      <Modal opened={isOpen} onClose={close} title={st('noticeSync.title')} size="lg" closeOnClickOutside={!running}>
        <Stack gap="sm">
          <Text size="sm">{st('noticeSync.intro')}</Text>
          <GstinMultiSelect
            financialYear={financialYear}
            value={chosen}
            onChange={setChosen}
            label={st('noticeSync.gstins')}
            placeholder={st('noticeSync.gstinsHint')}
            testId="notice-sync-gstins"
          />
          {running ? (
            <Stack gap={4} data-testid="notice-sync-progress">
              <Text size="sm">{st('noticeSync.progress', { done: running.done, total: running.total })}</Text>
              <Progress value={running.total === 0 ? 0 : (running.done / running.total) * 100} animated />
            </Stack>
          ) : null}
          {outcomes.length > 0 ? (
            <Table withTableBorder data-testid="notice-sync-results">
              <Table.Tbody>
                {outcomes.map((o) => (
                  <Table.Tr key={o.entityId} data-testid={`notice-sync-result-${o.entityId}`}>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {o.label}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {o.ok ? (
                        <Text size="sm">{st('noticeSync.result', { ...o.result })}</Text>
                      ) : (
                        <Text size="sm" c="red">
                          {st('noticeSync.failed')}: {o.message}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
          {!running && outcomes.length > 0 && outcomes.length === chosen.length ? (
            <Alert color={outcomes.every((o) => o.ok) ? 'teal' : 'yellow'} p="xs" data-testid="notice-sync-done">
              {st('noticeSync.done')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" size="xs" onClick={close} disabled={!!running}>
              {st('noticeSync.close')}
            </Button>
            <Button
              size="xs"
              onClick={() => void start()}
              loading={!!running}
              disabled={chosen.length === 0}
              data-testid="notice-sync-start"
            >
              {st('noticeSync.start')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
};
