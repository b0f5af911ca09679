import { ColorSwatch, Group, MultiSelect, Select, Stack } from '@mantine/core';
import { CONSULTANTS_TEXT, litigationText as lt, type NoticeDetail, type NoticeOptions } from '@opengst/contracts';
import { useQuery } from '@tanstack/react-query';
import { levelLookupQuery } from '../../shared/namedMasterLookups';
import { TagBadges } from './NoticeBadges';
import { Section, type DraftFieldProps } from './noticeFormSections';

// Who works on a notice: its assignee (a user of the organisation), a level whose users are reminded with them, the
// consultants (/manage-consultants; a consultant signed in sees them but cannot change them) and its tags in their
// colours (an inactive tag stays until removed).

export type Assigned = NoticeDetail['consultants'];
export const NO_TAGS: NoticeOptions['tags'] = [];

/**
 * The tags to pick from: the active ones, and those the notice already carries (an inactive one stays until removed).
 * Each option shows its colour; the picked ones show as the list shows them.
 */
const tagChoices = (tags: NoticeOptions['tags'], carried: readonly string[]) =>
  tags.filter((tag) => tag.isActive || carried.includes(String(tag.id))).map((tag) => ({ value: String(tag.id), label: tag.name }));

/** The consultants to pick from: the lookup's active ones, and those already assigned (by the name the notice gives). */
const consultantChoices = (lookup: readonly { id: number; displayName: string; firmName: string }[], assigned: Assigned) => {
  const offered = lookup.map((c) => ({ value: String(c.id), label: c.firmName ? `${c.displayName} (${c.firmName})` : c.displayName }));
  const missing = assigned.filter((c) => !lookup.some((l) => l.id === c.id)).map((c) => ({ value: String(c.id), label: c.displayName }));
  return [...offered, ...missing];
};

/** The active levels by rank, and the notice's own when it has since been deactivated. */
const levelChoices = (levels: readonly { id: number; name: string }[], current: string) => {
  const offered = levels.map((level) => ({ value: String(level.id), label: level.name }));
  return current && !offered.some((o) => o.value === current)
    ? [...offered, { value: current, label: lt('notice.levelInactive') }]
    : offered;
};

type Props = DraftFieldProps & {
  users: readonly { id: number; userName: string; displayName: string }[];
  lookup: readonly { id: number; displayName: string; firmName: string }[];
  assigned: Assigned;
  tags: NoticeOptions['tags'];
  isConsultant: boolean;
};

export const NoticeAssignmentSection = ({ draft, set, error, users, lookup, assigned, tags, isConsultant }: Props) => {
  const { data: levels = [] } = useQuery(levelLookupQuery);
  const colourOf = (id: string) => tags.find((tag) => String(tag.id) === id)?.color ?? 'gray';
  return (
    <Section title={lt('notice.sectionAssignment')} testId="notice-section-assignment">
      <Select
        size="xs"
        label={lt('notice.assignee')}
        placeholder={lt('notice.assigneeNone')}
        data={users.map((user) => ({ value: String(user.id), label: `${user.displayName} (${user.userName})` }))}
        value={draft.assigneeUserId || null}
        onChange={(value) => set('assigneeUserId', value ?? '')}
        searchable
        clearable
        error={error('assigneeUserId')}
        data-testid="notice-assignee"
      />
      <Select
        size="xs"
        mt="xs"
        label={lt('notice.assigneeLevel')}
        description={lt('notice.assigneeLevelHint')}
        placeholder={lt('notice.assigneeNone')}
        data={levelChoices(levels, draft.assigneeLevelId)}
        value={draft.assigneeLevelId || null}
        onChange={(value) => set('assigneeLevelId', value ?? '')}
        clearable
        error={error('assigneeLevelId')}
        data-testid="notice-assignee-level"
      />
      <MultiSelect
        size="xs"
        mt="xs"
        label={CONSULTANTS_TEXT['notice.consultants']}
        description={isConsultant ? lt('notice.consultantsKept') : CONSULTANTS_TEXT['notice.consultantsHint']}
        disabled={isConsultant}
        data={consultantChoices(lookup, assigned)}
        value={draft.consultantIds}
        onChange={(next) => set('consultantIds', next)}
        searchable
        clearable
        maxValues={20}
        error={error('consultantIds')}
        data-testid="notice-consultants"
      />
      <MultiSelect
        size="xs"
        mt="xs"
        label={lt('notice.tags')}
        description={lt('notice.tagsHint')}
        data={tagChoices(tags, draft.tagIds)}
        value={draft.tagIds}
        onChange={(next) => set('tagIds', next)}
        renderOption={({ option }) => (
          <Group gap={6} wrap="nowrap">
            <ColorSwatch color={`var(--mantine-color-${colourOf(option.value)}-6)`} size={12} />
            <span>{option.label}</span>
          </Group>
        )}
        searchable
        clearable
        maxValues={20}
        error={error('tagIds')}
        data-testid="notice-tags-picker"
      />
      <Stack mt={6} gap={0}>
        <TagBadges tagIds={draft.tagIds.map(Number)} tags={tags} />
      </Stack>
    </Section>
  );
};
