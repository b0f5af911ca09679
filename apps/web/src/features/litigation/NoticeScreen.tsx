import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  ColorSwatch,
  Grid,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CONSULTANTS_TEXT, litigationText as lt, type LitigationTextKey, type NoticeDetail, type NoticeOptions } from '@opengst/contracts';
import { CONTINGENT_CLASSES, formatInr, NOTICE_FORMS, replyDueDate, type ContingentClass } from '@opengst/domain';
import { financialYearsQuery, userEntitiesQuery } from '../../api/sessionData';
import { DateField } from '../../shared/DateField';
import { formatDate } from '../../shared/format';
import { splitApiErrors, type SplitErrors } from '../../shared/forms';
import { isGstinLocation } from '../../shared/GstinMultiSelect';
import { loadFailureText } from '../../shared/loadFailure';
import { notifySuccess } from '../../shared/notifySuccess';
import { RefusalAlert } from '../../shared/RefusalAlert';
import { useWorkingYear } from '../../shared/workingYear';
import { DueCell, NoticeStatusBadge, TagBadges } from './NoticeBadges';
import {
  checkDraft,
  DEMAND_HEADS,
  demandTotal,
  draftOf,
  emptyDraft,
  NOTICE_FIELDS,
  saveOf,
  treatmentText,
  type DemandHead,
  type NoticeDraft,
} from './noticeForm';
import {
  consultantLookupQuery,
  noticeDetailQuery,
  noticeKeys,
  noticeLink,
  noticeOptionsQuery,
  noticeUsersQuery,
  saveNotice,
} from './noticesApi';
import { NoticeTimeline } from './NoticeTimeline';
import { NoticeDocuments } from './NoticeDocuments';

// /create-litigation and /edit-litigation (spec modules §2.4: one screen; right LitigationEdit; issue 23): a notice's
// facts in sections (the notice, the officer, the demand by head, its contingent liability under Ind AS 37, who works
// on it), the reply date the law fixes shown as it is typed (the domain's replyDueDate, the server's own rule), and on
// edit its timeline with the moves the status model allows. Amounts are typed in rupees and sent as exact paise.

const NUMERIC_INPUT = { input: { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' } };
const DEMAND_LABEL: Readonly<Record<DemandHead, LitigationTextKey>> = {
  taxIgst: 'notice.taxIgst',
  taxCgst: 'notice.taxCgst',
  taxSgst: 'notice.taxSgst',
  taxCess: 'notice.taxCess',
  interest: 'notice.interest',
  penalty: 'notice.penalty',
};
const NO_ERRORS: SplitErrors = { fields: {}, general: [] };

const Section = ({ title, children, testId }: { title: string; children: ReactNode; testId: string }) => (
  <Paper withBorder p="sm" radius="sm" data-testid={testId}>
    <Title order={5} mb="xs">
      {title}
    </Title>
    {children}
  </Paper>
);

/** The reply date the notice's form and dates give, in words: the stated one, the statutory window's, or none. */
export const DueDateLine = ({ draft }: { draft: NoticeDraft }) => {
  if (!draft.form || !draft.issuedOn) return null;
  const due = replyDueDate({ form: draft.form, issuedOn: draft.issuedOn, statedDueOn: draft.statedDueOn || null });
  const text =
    due.source === 'notice'
      ? lt('notice.dueByNotice', { date: formatDate(due.dueOn) })
      : due.source === 'rule'
        ? lt(due.isEstimate ? 'notice.dueByRuleEstimate' : 'notice.dueByRule', {
            date: formatDate(due.dueOn),
            rule: due.rule,
            replyForm: due.replyForm,
          })
        : lt('notice.dueNone');
  return (
    <Text
      size="sm"
      c={due.source === 'none' ? 'dimmed' : undefined}
      fw={due.source === 'rule' ? 600 : undefined}
      data-testid="notice-computed-due"
    >
      {text}
    </Text>
  );
};

type Assigned = NoticeDetail['consultants'];
const NO_TAGS: NoticeOptions['tags'] = [];

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

const NoticeForm = ({
  initial,
  assigned = [],
  onSaved,
}: {
  initial: NoticeDraft;
  assigned?: Assigned;
  onSaved: (saved: NoticeDetail) => void;
}) => {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<SplitErrors>(NO_ERRORS);
  const [isBusy, setBusy] = useState(false);
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const workingYear = useWorkingYear(years);
  const { data: entities = [] } = useQuery(userEntitiesQuery(workingYear));
  const { data: users = [] } = useQuery(noticeUsersQuery);
  const options = useQuery(noticeOptionsQuery).data;
  const tags = options?.tags ?? NO_TAGS;
  // A consultant signed in works on its notices but does not choose who else does: the server keeps them as they are.
  const isConsultant = (options?.viewerConsultantId ?? null) !== null;
  const { data: lookup } = useQuery(consultantLookupQuery);
  const colourOf = (id: string) => tags.find((tag) => String(tag.id) === id)?.color ?? 'gray';
  const set = <K extends keyof NoticeDraft>(key: K, value: NoticeDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const setHead = (head: DemandHead, value: string) =>
    setDraft((current) => ({ ...current, demand: { ...current.demand, [head]: value } }));
  const error = (field: (typeof NOTICE_FIELDS)[number]) => errors.fields[field];
  const locations = entities
    .filter(isGstinLocation)
    .map((entity) => ({ value: String(entity.entityId), label: `${entity.gstin} · ${entity.entityName}` }));

  const save = async () => {
    const own = checkDraft(draft);
    if (Object.keys(own).length > 0) {
      setErrors({ fields: own, general: [] });
      return;
    }
    setBusy(true);
    try {
      const saved = await saveNotice(saveOf(draft));
      setErrors(NO_ERRORS);
      onSaved(saved);
    } catch (caught) {
      setErrors(splitApiErrors(caught, NOTICE_FIELDS));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Section title={lt('notice.sectionNotice')} testId="notice-section-notice">
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="xs" verticalSpacing="xs">
            <Select
              size="xs"
              label={lt('notice.location')}
              placeholder={lt('notice.chooseLocation')}
              data={locations}
              value={draft.entityId || null}
              onChange={(value) => set('entityId', value ?? '')}
              searchable
              required
              error={error('entityId')}
              data-testid="notice-entity"
            />
            <Select
              size="xs"
              label={lt('notice.form')}
              data={NOTICE_FORMS.map((f) => ({ value: f.form, label: `${f.form} · ${f.title}` }))}
              value={draft.form || null}
              onChange={(value) => set('form', value ?? '')}
              searchable
              required
              error={error('form')}
              data-testid="notice-form"
            />
            <TextInput
              size="xs"
              label={lt('notice.reference')}
              value={draft.referenceNumber}
              onChange={(event) => set('referenceNumber', event.currentTarget.value)}
              maxLength={50}
              required
              error={error('referenceNumber')}
              data-testid="notice-reference"
            />
            <DateField
              size="xs"
              label={lt('notice.issuedOn')}
              value={draft.issuedOn}
              onChange={(iso) => set('issuedOn', iso)}
              required
              error={error('issuedOn')}
              data-testid="notice-issued-on"
            />
            <DateField
              size="xs"
              label={lt('notice.receivedOn')}
              value={draft.receivedOn}
              onChange={(iso) => set('receivedOn', iso)}
              error={error('receivedOn')}
              data-testid="notice-received-on"
            />
            <DateField
              size="xs"
              label={lt('notice.statedDueOn')}
              value={draft.statedDueOn}
              onChange={(iso) => set('statedDueOn', iso)}
              error={error('statedDueOn')}
              data-testid="notice-stated-due"
            />
          </SimpleGrid>
          <Stack gap="xs" mt="xs">
            <DueDateLine draft={draft} />
            <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="xs">
              <MultiSelect
                size="xs"
                label={lt('notice.financialYears')}
                data={years.map((year) => year.label).filter((label) => /^\d{4}-\d{2}$/.test(label))}
                value={draft.financialYears}
                onChange={(next) => set('financialYears', next)}
                clearable
                error={error('financialYears')}
                data-testid="notice-years"
              />
              <TextInput
                size="xs"
                label={lt('notice.section')}
                placeholder="73, 74, 74A, 61, 65…"
                value={draft.section}
                onChange={(event) => set('section', event.currentTarget.value)}
                maxLength={40}
                error={error('section')}
                data-testid="notice-section"
              />
            </SimpleGrid>
            <TextInput
              size="xs"
              label={lt('notice.subject')}
              value={draft.subject}
              onChange={(event) => set('subject', event.currentTarget.value)}
              maxLength={500}
              error={error('subject')}
              data-testid="notice-subject"
            />
          </Stack>
        </Section>
        <Section title={lt('notice.sectionOfficer')} testId="notice-section-officer">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <TextInput
              size="xs"
              label={lt('notice.officerName')}
              value={draft.officerName}
              onChange={(e) => set('officerName', e.currentTarget.value)}
              maxLength={100}
              error={error('officerName')}
              data-testid="notice-officer-name"
            />
            <TextInput
              size="xs"
              label={lt('notice.officerDesignation')}
              value={draft.officerDesignation}
              onChange={(e) => set('officerDesignation', e.currentTarget.value)}
              maxLength={100}
              error={error('officerDesignation')}
              data-testid="notice-officer-designation"
            />
            <TextInput
              size="xs"
              label={lt('notice.jurisdiction')}
              value={draft.jurisdiction}
              onChange={(e) => set('jurisdiction', e.currentTarget.value)}
              maxLength={200}
              error={error('jurisdiction')}
              data-testid="notice-jurisdiction"
            />
          </SimpleGrid>
        </Section>
        <Section title={lt('notice.sectionDemand')} testId="notice-section-demand">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs">
            {DEMAND_HEADS.map((head) => (
              <TextInput
                key={head}
                size="xs"
                label={`${lt(DEMAND_LABEL[head])} (₹)`}
                value={draft.demand[head]}
                onChange={(event) => setHead(head, event.currentTarget.value)}
                inputMode="decimal"
                styles={NUMERIC_INPUT}
                error={error(head)}
                data-testid={`notice-${head}`}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end" mt="xs">
            <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="notice-total">
              {`${lt('notice.total')}: ${formatInr(demandTotal(draft.demand))}`}
            </Text>
          </Group>
        </Section>
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Section title={lt('notice.sectionContingent')} testId="notice-section-contingent">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
                <Select
                  size="xs"
                  label={lt('notice.contingentClass')}
                  data={[{ value: '', label: lt('notice.contingentNone') }, ...CONTINGENT_CLASSES.map((c) => ({ value: c, label: c }))]}
                  value={draft.contingentClass}
                  onChange={(value) => set('contingentClass', (value ?? '') as ContingentClass | '')}
                  allowDeselect={false}
                  error={error('classification')}
                  data-testid="notice-contingent-class"
                />
                <TextInput
                  size="xs"
                  label={lt('notice.contingentAmount')}
                  value={draft.contingentAmount}
                  onChange={(event) => set('contingentAmount', event.currentTarget.value)}
                  inputMode="decimal"
                  styles={NUMERIC_INPUT}
                  disabled={!draft.contingentClass}
                  error={error('amount')}
                  data-testid="notice-contingent-amount"
                />
                <DateField
                  size="xs"
                  label={lt('notice.contingentAsOf')}
                  value={draft.contingentAsOf}
                  onChange={(iso) => set('contingentAsOf', iso)}
                  disabled={!draft.contingentClass}
                  error={error('asOf')}
                  data-testid="notice-contingent-as-of"
                />
              </SimpleGrid>
              {draft.contingentClass ? (
                <Text size="sm" mt="xs" data-testid="notice-treatment">
                  {treatmentText(draft.contingentClass)}
                </Text>
              ) : null}
            </Section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
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
              <MultiSelect
                size="xs"
                mt="xs"
                label={CONSULTANTS_TEXT['notice.consultants']}
                description={isConsultant ? lt('notice.consultantsKept') : CONSULTANTS_TEXT['notice.consultantsHint']}
                disabled={isConsultant}
                data={consultantChoices(lookup?.items ?? [], assigned)}
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
          </Grid.Col>
        </Grid>
        <RefusalAlert messages={errors.general} testId="notice-refusal" />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={isBusy} data-testid="notice-save">
            {lt('notice.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

export const NoticeScreen = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(params.get('id'));
  const isEdit = params.has('id');
  const hasId = Number.isInteger(id) && id > 0;
  const detail = useQuery({ ...noticeDetailQuery(id), enabled: hasId });
  const back = (
    <Anchor component={Link} to="/litigation-management" size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="notice-back">
      {lt('notice.back')}
    </Anchor>
  );
  const onSaved = (saved: NoticeDetail) => {
    queryClient.setQueryData(noticeKeys.detail(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: [...noticeKeys.all, 'list'] });
    void queryClient.invalidateQueries({ queryKey: noticeOptionsQuery.queryKey });
    notifySuccess(lt('notice.saved'));
    if (!hasId) void navigate(noticeLink(saved.id), { replace: true });
  };

  if (isEdit && !hasId)
    return (
      <Alert color="red" variant="light" data-testid="notice-none">
        {lt('notice.notFound')} {back}
      </Alert>
    );
  if (!hasId)
    return (
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{lt('notice.titleNew')}</Text>
          {back}
        </Group>
        <NoticeForm initial={emptyDraft()} onSaved={onSaved} />
      </Stack>
    );
  if (detail.isPending) return <Loader size="sm" />;
  if (detail.isError)
    return (
      <Alert color="red" variant="light" data-testid="notice-failed">
        {loadFailureText(detail.error, 'The notice could not be loaded. Please try again.')} {back}
      </Alert>
    );
  const notice = detail.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="xs">
          <Text fw={600} data-testid="notice-title">
            {lt('notice.titleEdit', { form: notice.form, reference: notice.referenceNumber })}
          </Text>
          <Text size="sm" c="dimmed">
            {notice.formTitle}
          </Text>
          <NoticeStatusBadge status={notice.status} />
          <DueCell dueOn={notice.dueOn} daysLeft={notice.daysLeft} status={notice.status} inline />
        </Group>
        {back}
      </Group>
      <Grid gutter="sm">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <NoticeForm key={notice.id} initial={draftOf(notice)} assigned={notice.consultants} onSaved={onSaved} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="sm">
            <NoticeTimeline notice={notice} onChanged={(next) => queryClient.setQueryData(noticeKeys.detail(next.id), next)} />
            <NoticeDocuments notice={notice} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
};
