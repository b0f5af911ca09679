import type { ReactNode } from 'react';
import { Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { litigationText as lt, type LitigationTextKey } from '@opengst/contracts';
import { CONTINGENT_CLASSES, formatInr, NOTICE_FORMS, replyDueDate, type ContingentClass } from '@opengst/domain';
import { DateField } from '../../shared/DateField';
import { formatDate } from '../../shared/format';
import { DEMAND_HEADS, demandTotal, NOTICE_FIELDS, treatmentText, type DemandHead, type NoticeDraft } from './noticeForm';

// The sections of a notice's form (/create-litigation, /edit-litigation): the notice itself with the reply date the law
// fixes, the officer, the demand by head with its total, and the contingent liability under Ind AS 37. Each shows the
// draft and writes it back through `set`; `error` names a field's refusal. Who works on it: NoticeAssignmentSection.

/** What a section of the form is given: the draft, its setter and the refusal of each field. */
export type DraftFieldProps = {
  draft: NoticeDraft;
  set: <K extends keyof NoticeDraft>(key: K, value: NoticeDraft[K]) => void;
  error: (field: (typeof NOTICE_FIELDS)[number]) => string | undefined;
};

const NUMERIC_INPUT = { input: { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' } };
const DEMAND_LABEL: Readonly<Record<DemandHead, LitigationTextKey>> = {
  taxIgst: 'notice.taxIgst',
  taxCgst: 'notice.taxCgst',
  taxSgst: 'notice.taxSgst',
  taxCess: 'notice.taxCess',
  interest: 'notice.interest',
  penalty: 'notice.penalty',
};
export const Section = ({ title, children, testId }: { title: string; children: ReactNode; testId: string }) => (
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

/** The notice: location, form, reference, its dates, the reply date they give, years and sections, subject. */
export const NoticeFactsSection = ({
  draft,
  set,
  error,
  locations,
  years,
}: DraftFieldProps & { locations: { value: string; label: string }[]; years: readonly { label: string }[] }) => (
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
);

export const NoticeOfficerSection = ({ draft, set, error }: DraftFieldProps) => (
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
);

/** The demand by head, typed in rupees, and its total. */
export const NoticeDemandSection = ({
  draft,
  error,
  setHead,
}: Omit<DraftFieldProps, 'set'> & { setHead: (head: DemandHead, value: string) => void }) => (
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
);

/** The Ind AS 37 assessment: class, amount at stake, the reporting date, and what the class means for the accounts. */
export const NoticeContingentSection = ({ draft, set, error }: DraftFieldProps) => (
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
);
