import { ActionIcon, Badge, Button, FileInput, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconPlus, IconTrash } from '@tabler/icons-react';
import { fillText } from '../../../i18n/useText';
import { say } from './replyText';

/**
 * An attachment row (spec §4 "Attachment row"): added empty; choosing a file names it and uploads it (uploading);
 * success keeps the file's id as the reference (uploaded); a failure (failed) blocks submit until the row is removed or
 * another file is chosen.
 */
export type AttachmentRow = {
  key: number;
  name: string;
  referenceNumber: string;
  state: 'empty' | 'uploading' | 'uploaded' | 'failed';
  /** The chosen file, kept in the input unless the upload failed for another reason than a refused file (422). */
  file: File | null;
};

export const isUploadUnfinished = (rows: readonly AttachmentRow[]) =>
  rows.some((row) => row.state === 'uploading' || row.state === 'failed');

type Props = {
  rows: readonly AttachmentRow[];
  megabytes: number;
  onAdd: () => void;
  onChoose: (key: number, file: File | null) => void;
  onRemove: (key: number) => void;
};

const STATE_BADGE = {
  uploading: { color: 'gray', text: 'reply.attachment.uploading' },
  uploaded: { color: 'green', text: 'reply.attachment.uploaded' },
  failed: { color: 'red', text: 'reply.attachment.failed' },
} as const;

export const ReplyAttachments = ({ rows, megabytes, onAdd, onChoose, onRemove }: Props) => (
  <Stack gap="xs">
    <Text size="xs" c="dimmed">
      {say('reply.attachment.types', { megabytes })}
    </Text>
    {rows.map((row, index) => {
      const badge = row.state === 'empty' ? null : STATE_BADGE[row.state];
      return (
        <Group key={row.key} gap="xs" wrap="nowrap" data-testid={`reply-attachment-${index}`} data-state={row.state}>
          {row.state === 'uploaded' && !row.file ? (
            <Group gap={4} style={{ flex: 1 }}>
              <IconPaperclip size={14} aria-hidden />
              <Text size="sm">{row.name}</Text>
            </Group>
          ) : (
            <FileInput
              size="xs"
              style={{ flex: 1 }}
              aria-label={`${say('reply.attachment.choose')} ${index + 1}`}
              placeholder={say('reply.attachment.choose')}
              accept=".pdf,.jpg,.jpeg,.png,.xlsx,.csv"
              value={row.file}
              onChange={(file) => onChoose(row.key, file)}
              disabled={row.state === 'uploading'}
              error={row.state === 'failed'}
            />
          )}
          {row.state === 'uploading' && <Loader size="xs" aria-label={say('reply.attachment.uploading')} role="status" />}
          {badge && (
            <Badge size="sm" variant="light" color={badge.color}>
              {say(badge.text)}
            </Badge>
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={fillText(say('reply.attachment.remove'), { n: index + 1 })}
            onClick={() => onRemove(row.key)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      );
    })}
    <Group>
      <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={onAdd}>
        {say('reply.attachment.add')}
      </Button>
    </Group>
  </Stack>
);
