import { Button, Group, Modal, Table } from '@mantine/core';
import type { ErrorItem } from '@opengst/contracts';
import { useText } from '../i18n/useText';
import { linkify } from '../shared/linkify';
import { errorModalTitleKey, type ResultStatus } from './errorGroups';

type Props = { opened: boolean; onClose: () => void; status: ResultStatus; items: readonly ErrorItem[] };

/** Lists code and message of each item of a result (spec core §2 "Shell"). */
export const ErrorModal = ({ opened, onClose, status, items }: Props) => {
  const t = useText();
  return (
    <Modal opened={opened} onClose={onClose} title={t(errorModalTitleKey(status, items))} size="lg">
      <Table withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={120}>{t('errors.code')}</Table.Th>
            <Table.Th>{t('errors.message')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, index) => (
            <Table.Tr key={`${item.code}-${index}`}>
              <Table.Td>{item.code}</Table.Td>
              <Table.Td>{linkify(item.message)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('errors.close')}
        </Button>
      </Group>
    </Modal>
  );
};
