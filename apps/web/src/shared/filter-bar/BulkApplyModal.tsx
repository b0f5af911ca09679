import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useText } from '../../i18n/useText';
import { formatCount } from '../format';
import { canApplyBulk, parseBulkLines } from './bulkApply';

// Bulk apply (spec modules §5): paste values one per line into the chosen field. Too many lines disable Apply at
// once; a line longer than the field allows is reported when Apply is pressed, and nothing is applied.

export type BulkField = { key: string; label: string; maxLength: number };

type Props = {
  opened: boolean;
  onClose: () => void;
  fields: readonly BulkField[];
  /** The maxBulkSearchKeywords setting. */
  maxLines: number;
  /** A field that can also match part of a value ("like" search), with its option's label. */
  likeField?: { key: string; label: string };
  onApply: (key: string, values: string[], isLike: boolean) => void;
};

export const BulkApplyModal = ({ opened, onClose, fields, maxLines, likeField, onApply }: Props) => {
  const t = useText();
  const [fieldKey, setFieldKey] = useState(fields[0]?.key ?? '');
  const [text, setText] = useState('');
  const [isLike, setLike] = useState(false);
  const [showLengthProblem, setShowLengthProblem] = useState(false);
  const field = fields.find((one) => one.key === fieldKey) ?? fields[0];
  const maxLength = field?.maxLength ?? 0;
  const result = parseBulkLines(text, { maxLength, maxLines });
  const problem = result.problem;

  const close = () => {
    setShowLengthProblem(false);
    onClose();
  };
  const apply = () => {
    if (problem?.kind === 'keywordLengthInvalid') {
      setShowLengthProblem(true);
      return;
    }
    onApply(fieldKey, result.values, likeField?.key === fieldKey && isLike);
    setText('');
    close();
  };

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={600}>{t('filter.bulkApply')}</Text>} size="md" data-testid="bulk-apply">
      <Stack gap="sm">
        <Select
          size="xs"
          label={t('filter.bulkField')}
          data={fields.map((one) => ({ value: one.key, label: one.label }))}
          value={fieldKey}
          allowDeselect={false}
          onChange={(value) => {
            setFieldKey(value ?? fieldKey);
            setShowLengthProblem(false);
          }}
          data-testid="bulk-field"
        />
        <Textarea
          label={t('filter.bulkValues')}
          autosize
          minRows={6}
          maxRows={14}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setShowLengthProblem(false);
          }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          data-testid="bulk-text"
        />
        <Text size="xs" c="dimmed" data-testid="bulk-count">
          {t('filter.bulkCount', { count: formatCount(result.values.length), limit: formatCount(maxLines), length: maxLength })}
        </Text>
        {likeField && likeField.key === fieldKey ? (
          <Checkbox
            size="xs"
            label={likeField.label}
            checked={isLike}
            onChange={(event) => setLike(event.currentTarget.checked)}
            data-testid="bulk-like"
          />
        ) : null}
        {problem?.kind === 'keywordExceededLimit' ? (
          <Alert color="red" variant="light" p="xs" data-testid="bulk-problem" data-problem="keywordExceededLimit">
            <Text size="sm">{t('filter.keywordExceededLimit', { limit: formatCount(problem.max) })}</Text>
          </Alert>
        ) : null}
        {showLengthProblem && problem?.kind === 'keywordLengthInvalid' ? (
          <Alert color="red" variant="light" p="xs" data-testid="bulk-problem" data-problem="keywordLengthInvalid">
            <Text size="sm">
              {t('filter.keywordLengthInvalid', { length: problem.max })}{' '}
              {t('filter.bulkLine', { line: problem.line, count: problem.length })}
            </Text>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button size="xs" onClick={apply} disabled={!canApplyBulk(result)} data-testid="bulk-apply-submit">
            {t('filter.applyFilter')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
