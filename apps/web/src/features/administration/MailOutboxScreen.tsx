import { useMemo, useState } from 'react';
import { Badge, Button, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { OutboxMail } from '@opengst/contracts';
import { useText } from '../../i18n/useText';
import { formatCount, formatDateTime } from '../../shared/format';
import { linkify } from '../../shared/linkify';
import { outboxQuery, sortNewestFirst } from './outboxApi';

const STATUS_COLOR: Record<OutboxMail['status'], string> = { Sent: 'green', Queued: 'gray', Outbox: 'indigo', Failed: 'red' };

/**
 * Administration: mail written by the application, readable here when no SMTP server is configured; a mail that carries
 * a one-time code or link shows its recipient, subject and status only.
 */
export const MailOutboxScreen = () => {
  const t = useText();
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(outboxQuery);
  const [selected, setSelected] = useState<OutboxMail | null>(null);
  const mails = useMemo(() => sortNewestFirst(data?.pages.flatMap((page) => page.items) ?? []), [data]);
  const total = data?.pages[0]?.totalRecords ?? 0;

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('outbox.intro')}
      </Text>
      {isPending ? <Loader size="sm" /> : null}
      {!isPending && !isError && mails.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('outbox.empty')}
        </Text>
      ) : null}
      {mails.length > 0 ? (
        <>
          <Table highlightOnHover withTableBorder stickyHeader bg="white">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={150}>{t('outbox.date')}</Table.Th>
                <Table.Th w={240}>{t('outbox.to')}</Table.Th>
                <Table.Th>{t('outbox.subject')}</Table.Th>
                <Table.Th w={100}>{t('outbox.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mails.map((mail) => (
                <Table.Tr
                  key={mail.id}
                  onClick={() => setSelected(mail)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') setSelected(mail);
                  }}
                  tabIndex={0}
                  style={{ cursor: 'pointer' }}
                  aria-label={`${mail.subject}, ${mail.to}`}
                >
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(mail.createdAt)}</Table.Td>
                  <Table.Td className="truncate-narrow">{mail.to}</Table.Td>
                  <Table.Td className="truncate-narrow">{mail.subject}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLOR[mail.status]} radius="sm">
                      {mail.status}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('outbox.count', { shown: formatCount(mails.length), total: formatCount(total) })}
            </Text>
            {hasNextPage ? (
              <Button variant="default" size="xs" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                {t('outbox.loadMore')}
              </Button>
            ) : null}
          </Group>
        </>
      ) : null}
      <Drawer opened={selected !== null} onClose={() => setSelected(null)} position="right" size="lg" title={selected?.subject}>
        {selected ? (
          <Stack gap="xs">
            <Group gap="xs">
              <Text size="sm" c="dimmed" w={60}>
                {t('outbox.to')}
              </Text>
              <Text size="sm">{selected.to}</Text>
            </Group>
            <Group gap="xs">
              <Text size="sm" c="dimmed" w={60}>
                {t('outbox.date')}
              </Text>
              <Text size="sm">{formatDateTime(selected.createdAt)}</Text>
            </Group>
            <Group gap="xs">
              <Text size="sm" c="dimmed" w={60}>
                {t('outbox.status')}
              </Text>
              <Badge variant="light" color={STATUS_COLOR[selected.status]} radius="sm">
                {selected.status}
              </Badge>
            </Group>
            {selected.contentWithheld || selected.text === null ? (
              <Text size="sm" c="dimmed" fs="italic" mt="sm" data-testid="outbox-mail-withheld">
                {t('outbox.withheld')}
              </Text>
            ) : (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} mt="sm" data-testid="outbox-mail-text">
                {linkify(selected.text)}
              </Text>
            )}
          </Stack>
        ) : null}
      </Drawer>
    </Stack>
  );
};
