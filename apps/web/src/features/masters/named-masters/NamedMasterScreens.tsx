import { Badge, ColorSwatch, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  LEVEL_DEFAULT_SORT,
  LEVEL_RANK_MAX,
  NOTICE_TAG_COLORS,
  NOTICE_TAG_DEFAULT_SORT,
  VERTICAL_CODE_MAX,
  VERTICAL_DEFAULT_SORT,
  type Level,
  type NoticeTag,
  type NoticeTagColor,
  type Vertical,
} from '@opengst/contracts';
import { useText } from '../../../i18n/useText';
import { levelApi, noticeTagApi, verticalApi } from './namedMastersApi';
import { NamedMasterScreen } from './NamedMasterScreen';

// /level-master, /verticals and /notice-tag: the one named-master screen with each master's own column and field.

/** /level-master: approval levels by rank; the Users column counts who holds each (a held level cannot be deleted). */
export const LevelMasterScreen = () => (
  <NamedMasterScreen<Level, { rank: number | '' }>
    kind="level"
    testId="level"
    api={{ ...levelApi, save: (body) => levelApi.save({ ...body, rank: body.rank === '' ? 0 : body.rank }) }}
    defaultSort={LEVEL_DEFAULT_SORT}
    fileName="levels.xlsx"
    importType="Levels"
    text={{ add: 'level.add', edit: 'level.edit', empty: 'level.empty', confirmDelete: 'level.confirmDelete', inUse: 'level.inUse' }}
    ownColumns={(t) => [{ key: 'rank', header: t('level.rank'), sortKey: 'rank', width: 80, isNumeric: true, render: (row) => row.rank }]}
    newOwn={() => ({ rank: '' })}
    ownOf={(row) => ({ rank: row.rank })}
    ownFieldNames={['rank']}
    ownFields={(own, set, errors) => <RankField value={own.rank} error={errors.rank} onChange={(rank) => set('rank', rank)} />}
  />
);

const RankField = ({
  value,
  error,
  onChange,
}: {
  value: number | '';
  error: string | undefined;
  onChange: (rank: number | '') => void;
}) => {
  const t = useText();
  return (
    <NumberInput
      size="sm"
      label={t('level.rank')}
      description={t('level.rankHint')}
      required
      min={1}
      max={LEVEL_RANK_MAX}
      allowDecimal={false}
      allowNegative={false}
      value={value}
      error={error}
      onChange={(next) => onChange(typeof next === 'number' ? next : next === '' ? '' : Number(next))}
      data-testid="level-rank"
    />
  );
};

/** /verticals: lines of business with an optional code; the Entities column counts who belongs to each. */
export const VerticalsScreen = () => (
  <NamedMasterScreen<Vertical, { code: string }>
    kind="vertical"
    testId="vertical"
    api={{ ...verticalApi, save: (body) => verticalApi.save({ ...body, code: body.code.trim() }) }}
    defaultSort={VERTICAL_DEFAULT_SORT}
    fileName="verticals.xlsx"
    importType="Verticals"
    text={{
      add: 'vertical.add',
      edit: 'vertical.edit',
      empty: 'vertical.empty',
      confirmDelete: 'vertical.confirmDelete',
      search: 'vertical.search',
      inUse: 'vertical.inUse',
    }}
    ownColumns={(t) => [{ key: 'code', header: t('vertical.code'), sortKey: 'code', width: 120, render: (row) => <code>{row.code}</code> }]}
    newOwn={() => ({ code: '' })}
    ownOf={(row) => ({ code: row.code })}
    ownFieldNames={['code']}
    ownFields={(own, set, errors) => <CodeField value={own.code} error={errors.code} onChange={(code) => set('code', code)} />}
  />
);

const CodeField = ({ value, error, onChange }: { value: string; error: string | undefined; onChange: (code: string) => void }) => {
  const t = useText();
  return (
    <TextInput
      size="sm"
      label={t('vertical.code')}
      description={t('vertical.codeHint')}
      maxLength={VERTICAL_CODE_MAX}
      value={value}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value.toUpperCase())}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      data-testid="vertical-code"
    />
  );
};

const colorLabel = (color: string) => color.charAt(0).toUpperCase() + color.slice(1);

/** A tag as the notices will show it: a Badge of its colour. */
export const NoticeTagBadge = ({ name, color }: { name: string; color: NoticeTagColor }) => (
  <Badge size="sm" variant="light" radius="sm" color={color} data-color={color}>
    {name}
  </Badge>
);

/** /notice-tag: coloured tags for notices, each shown as its Badge. */
export const NoticeTagScreen = () => (
  <NamedMasterScreen<NoticeTag, { color: NoticeTagColor }>
    kind="noticeTag"
    testId="tag"
    api={noticeTagApi}
    defaultSort={NOTICE_TAG_DEFAULT_SORT}
    fileName="notice-tags.xlsx"
    importType="NoticeTags"
    text={{ add: 'noticeTag.add', edit: 'noticeTag.edit', empty: 'noticeTag.empty', confirmDelete: 'noticeTag.confirmDelete' }}
    ownColumns={(t) => [
      {
        key: 'color',
        header: t('noticeTag.color'),
        sortKey: 'color',
        width: 160,
        render: (row) => (
          <span data-testid={`tag-badge-${row.id}`}>
            <NoticeTagBadge name={row.name} color={row.color} />
          </span>
        ),
      },
    ]}
    newOwn={() => ({ color: 'blue' })}
    ownOf={(row) => ({ color: row.color })}
    ownFieldNames={['color']}
    ownFields={(own, set, errors) => <ColorField value={own.color} error={errors.color} onChange={(color) => set('color', color)} />}
  />
);

const isTagColor = (value: string | null): value is NoticeTagColor => NOTICE_TAG_COLORS.some((color) => color === value);

const ColorField = ({
  value,
  error,
  onChange,
}: {
  value: NoticeTagColor;
  error: string | undefined;
  onChange: (color: NoticeTagColor) => void;
}) => {
  const t = useText();
  return (
    <Stack gap={4}>
      <Select
        size="sm"
        label={t('noticeTag.color')}
        data={NOTICE_TAG_COLORS.map((color) => ({ value: color, label: colorLabel(color) }))}
        value={value}
        allowDeselect={false}
        error={error}
        leftSection={<ColorSwatch size={14} color={`var(--mantine-color-${value}-6)`} />}
        renderOption={({ option }) => (
          <Group gap="xs" wrap="nowrap">
            <ColorSwatch size={14} color={`var(--mantine-color-${option.value}-6)`} />
            {option.label}
          </Group>
        )}
        onChange={(next) => {
          if (isTagColor(next)) onChange(next);
        }}
        data-testid="tag-color"
      />
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          {t('noticeTag.preview')}
        </Text>
        <span data-testid="tag-preview">
          <NoticeTagBadge name={t('noticeTag.preview')} color={value} />
        </span>
      </Group>
    </Stack>
  );
};
