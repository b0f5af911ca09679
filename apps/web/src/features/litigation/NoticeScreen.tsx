import { useState } from 'react';
import { Alert, Anchor, Button, Grid, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { litigationText as lt, type NoticeDetail } from '@opengst/contracts';
import { istDateOf } from '@opengst/domain';
import { financialYearsQuery, userEntitiesQuery } from '../../api/sessionData';
import { splitApiErrors, type SplitErrors } from '../../shared/forms';
import { isGstinLocation } from '../../shared/GstinMultiSelect';
import { loadFailureText } from '../../shared/loadFailure';
import { notifySuccess } from '../../shared/notifySuccess';
import { RefusalAlert } from '../../shared/RefusalAlert';
import { useWorkingYear } from '../../shared/workingYear';
import { NoticeAssignmentSection, NO_TAGS, type Assigned } from './NoticeAssignmentSection';
import { AWAITING_REPLY, DueCell, NoticeStatusBadge } from './NoticeBadges';
import { checkDraft, draftOf, emptyDraft, NOTICE_FIELDS, saveOf, type DemandHead, type NoticeDraft } from './noticeForm';
import { NoticeContingentSection, NoticeDemandSection, NoticeFactsSection, NoticeOfficerSection } from './noticeFormSections';
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
import { NoticePayments, Waiver128APanel } from './NoticePayments';

export { DueDateLine } from './noticeFormSections';

// /create-litigation and /edit-litigation (spec modules §2.4: one screen; right LitigationEdit; issue 23): a notice's
// facts in sections (the notice, the officer, the demand by head, its contingent liability under Ind AS 37, who works
// on it), the reply date the law fixes shown as it is typed (the domain's replyDueDate, the server's own rule), and on
// edit its timeline with the moves the status model allows. Amounts are typed in rupees and sent as exact paise.
// The form's sections are in noticeFormSections and NoticeAssignmentSection; the timeline and documents in their own;
// the DRC-03 payments against the demand and the s.128A waiver where it applies in NoticePayments.

const NO_ERRORS: SplitErrors = { fields: {}, general: [] };

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
        <NoticeFactsSection draft={draft} set={set} error={error} locations={locations} years={years} />
        <NoticeOfficerSection draft={draft} set={set} error={error} />
        <NoticeDemandSection draft={draft} error={error} setHead={setHead} />
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <NoticeContingentSection draft={draft} set={set} error={error} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <NoticeAssignmentSection
              draft={draft}
              set={set}
              error={error}
              users={users}
              lookup={lookup?.items ?? []}
              assigned={assigned}
              tags={tags}
              isConsultant={isConsultant}
            />
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
  const onChanged = (next: NoticeDetail) => {
    queryClient.setQueryData(noticeKeys.detail(next.id), next);
    void queryClient.invalidateQueries({ queryKey: [...noticeKeys.all, 'list'] });
  };
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
          {/* Once replied (or ordered, appealed, closed) the reply's date is history: the timeline keeps it. */}
          {AWAITING_REPLY.has(notice.status) ? (
            <DueCell dueOn={notice.dueOn} daysLeft={notice.daysLeft} status={notice.status} inline />
          ) : null}
        </Group>
        {back}
      </Group>
      <Grid gutter="sm">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <NoticeForm key={notice.id} initial={draftOf(notice)} assigned={notice.consultants} onSaved={onSaved} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="sm">
            <NoticePayments notice={notice} onChanged={onChanged} />
            <Waiver128APanel notice={notice} today={istDateOf(new Date())} />
            <NoticeTimeline notice={notice} onChanged={onChanged} />
            <NoticeDocuments notice={notice} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
};
