import { useEffect, useState } from 'react';
import { Alert, Badge, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RETURN_TYPE_LABELS, type Gstr1Section, type ReturnDetail, type FiledReturnForm } from '@opengst/contracts';
import { loadSettingsQuery } from '../../../api/sessionData';
import { useText } from '../../../i18n/useText';
import { FilterPlaceholder } from '../../../shared/filter-bar/FilterPlaceholder';
import { formatCount, formatDateTime, formatElapsed } from '../../../shared/format';
import { pollIntervalMs } from '../../../shared/polling';
import { CorrectionsNotice } from '../Corrections';
import { PortalSessionCard, SandboxNotice } from '../PortalSessionCard';
import { GenerationBadge } from '../ReturnBadges';
import { HeaderFigure, ReturnHeader } from '../ReturnHeader';
import { ReturnKeyScreen } from '../ReturnKeyScreen';
import { ReturnTabs } from '../ReturnTabs';
import { isGenerating, isSaving, needsPolling } from '../returnRules';
import { fetchReturnDetail, portalSessionQuery, returnKeys } from '../returnsApi';
import { Gstr1Actions } from './Gstr1Actions';
import { HistoryPanel } from './HistoryPanel';
import { PortalErrorsPanel } from './PortalErrorsPanel';
import { ReturnTimeline } from './ReturnTimeline';
import { SectionDocumentsPanel } from './SectionDocumentsPanel';
import { SectionSummaryTable } from './SectionSummaryTable';
import { loadFailureText } from '../../../shared/loadFailure';

// /gstr-1 and /gstr-1a (one screen; the return type comes from the route): the return of a GSTIN and period as the
// books make it, with its status, actions, section summary and drill-down, the portal's errors and the history.
// While a generation or a save runs, the detail is polled at the pollingTime setting.

type Tab = 'summary' | 'documents' | 'errors' | 'history';

const Header = ({ detail }: { detail: ReturnDetail }) => {
  const t = useText();
  return (
    <ReturnHeader
      title={RETURN_TYPE_LABELS[detail.returnType]}
      detail={detail}
      deadline={detail.deadline}
      note={
        detail.returnType === 'GSTR1A' ? (
          <Text size="xs" c="dimmed" data-testid="gstr1a-purpose">
            {t('returns.gstr1aPurpose')}
          </Text>
        ) : null
      }
      figures={
        <>
          <HeaderFigure label={t('returns.generation')}>
            <GenerationBadge status={detail.generationStatus} />
          </HeaderFigure>
          <HeaderFigure label={detail.returnType === 'GSTR1A' ? t('returns.toReport') : t('returns.documentsInBooks')}>
            <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="return-document-count">
              {formatCount(detail.documentCount)}
            </Text>
          </HeaderFigure>
        </>
      }
    />
  );
};

/** The running generation with the time it has taken so far (UI.md "Long work is visible"), counted from when this screen saw it start. */
const GenerationProgress = ({ documentCount }: { documentCount: number }) => {
  const t = useText();
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Stack gap={4} data-testid="generation-progress">
      <Group justify="space-between">
        <Text size="sm">{t('returns.generatingFrom', { n: formatCount(documentCount) })}</Text>
        <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatElapsed(now - startedAt)}
        </Text>
      </Group>
      <Progress value={100} striped animated size="sm" aria-label={t('returns.generation.InProgress')} />
    </Stack>
  );
};

const Notices = ({ detail }: { detail: ReturnDetail }) => {
  const t = useText();
  return (
    <>
      {isGenerating(detail) ? <GenerationProgress documentCount={detail.documentCount} /> : null}
      <CorrectionsNotice returnType={detail.returnType} corrections={detail.corrections} />
      {isSaving(detail) ? (
        <Stack gap={4} data-testid="save-progress">
          <Text size="sm">{t('returns.savingAtPortal', { reference: detail.portalReferenceId ?? '' })}</Text>
          <Progress value={100} striped animated size="sm" color="yellow" aria-label={t('returns.saveStatus.IP')} />
        </Stack>
      ) : null}
      {detail.generationStatus === 'Failed' ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} data-testid="generation-failed">
          <Text size="sm">{t('returns.generationFailed', { message: detail.generationMessage ?? '' })}</Text>
        </Alert>
      ) : null}
      {detail.stale && detail.status !== 'Filed' ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} data-testid="return-stale">
          <Text size="sm">{t('returns.why.stale')}</Text>
        </Alert>
      ) : null}
      {detail.lastError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} data-testid="return-last-error">
          <Text size="sm">{detail.lastError}</Text>
        </Alert>
      ) : null}
      {detail.status === 'Filed' && detail.arn ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={16} />} data-testid="return-filed">
          <Text size="sm">
            {t('returns.filedWith', { date: detail.filedAt ? formatDateTime(detail.filedAt) : '' })}{' '}
            <Text span ff="monospace" fw={700} data-testid="return-arn">
              {detail.arn}
            </Text>
          </Text>
        </Alert>
      ) : null}
    </>
  );
};

const ReturnView = ({ entityId, returnPeriod, returnType }: { entityId: number; returnPeriod: string; returnType: FiledReturnForm }) => {
  const t = useText();
  const queryClient = useQueryClient();
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  const key = { entityId, returnType, returnPeriod };
  const {
    data: detail,
    isError,
    error,
  } = useQuery({
    queryKey: returnKeys.detail(key),
    queryFn: () => fetchReturnDetail(key),
    refetchInterval: (query) => (needsPolling(query.state.data) ? pollIntervalMs(loaded?.settings.poolingTime) : false),
  });
  const { data: session } = useQuery(portalSessionQuery(entityId));
  const [tab, setTab] = useState<Tab>('summary');
  const [section, setSection] = useState<Gstr1Section>('b2b');

  if (isError) return <FilterPlaceholder kind="empty" text={loadFailureText(error, t('returns.loadFailed'))} testId="return-load-failed" />;
  if (!detail) return <Loader size="sm" />;

  const changed = (next: ReturnDetail) => {
    queryClient.setQueryData(returnKeys.detail(key), next);
    void queryClient.invalidateQueries({ queryKey: returnKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: returnKeys.overviews() });
  };
  const showSessionCard = session !== undefined && !session.active && detail.status !== 'Filed';
  const version = [detail.generatedAt, detail.savedAt, detail.portalSaveStatus, detail.status].join('|');
  const openSection = (next: Gstr1Section) => {
    setSection(next);
    setTab('documents');
  };

  return (
    <Stack gap="sm" data-testid="return-screen" data-return-status={detail.status}>
      <Paper withBorder radius="sm" p="sm">
        <Stack gap="sm">
          <Header detail={detail} />
          {/* The session card below carries the notice while it is shown. */}
          {session?.sandbox && !showSessionCard ? <SandboxNotice /> : null}
          <ReturnTimeline detail={detail} />
          <Notices detail={detail} />
          <Gstr1Actions detail={detail} session={session} onChanged={changed} />
        </Stack>
      </Paper>
      {showSessionCard ? <PortalSessionCard entityId={entityId} /> : null}
      {detail.id === null ? (
        <FilterPlaceholder
          kind="empty"
          testId="return-not-generated"
          text={
            returnType === 'GSTR1A'
              ? t('returns.gstr1aNotGenerated', { n: formatCount(detail.documentCount) })
              : t('returns.notGenerated', { type: RETURN_TYPE_LABELS[returnType], n: formatCount(detail.documentCount) })
          }
        />
      ) : (
        <ReturnTabs
          value={tab}
          onChange={setTab}
          tabs={[
            {
              value: 'summary',
              label: t('returns.tab.summary'),
              testId: 'tab-summary',
              panel: (
                <>
                  <SectionSummaryTable summary={detail.summary} onOpen={openSection} />
                  <Text size="xs" c="dimmed" mt={4}>
                    {t('returns.totalsNote')}
                  </Text>
                </>
              ),
            },
            {
              value: 'documents',
              label: t('returns.tab.documents'),
              testId: 'tab-documents',
              panel: (
                <SectionDocumentsPanel
                  returnId={detail.id}
                  version={version}
                  summary={detail.summary}
                  section={section}
                  onSection={setSection}
                />
              ),
            },
            {
              value: 'errors',
              label: t('returns.tab.errors'),
              testId: 'tab-errors',
              rightSection:
                detail.errorCount > 0 ? (
                  <Badge size="sm" color="red" variant="light" radius="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatCount(detail.errorCount)}
                  </Badge>
                ) : null,
              panel: <PortalErrorsPanel returnId={detail.id} version={version} />,
            },
            {
              value: 'history',
              label: t('returns.tab.history'),
              testId: 'tab-history',
              panel: <HistoryPanel returnId={detail.id} version={version} />,
            },
          ]}
        />
      )}
    </Stack>
  );
};

export const ReturnScreen = ({ returnType }: { returnType: FiledReturnForm }) => {
  const t = useText();
  return (
    <ReturnKeyScreen chooseTestId="return-choose" chooseText={t('returns.chooseReturn', { type: RETURN_TYPE_LABELS[returnType] })}>
      {({ entityId, returnPeriod }) => (
        <ReturnView
          key={`${entityId}:${returnPeriod}:${returnType}`}
          entityId={entityId}
          returnPeriod={returnPeriod}
          returnType={returnType}
        />
      )}
    </ReturnKeyScreen>
  );
};

export const Gstr1Screen = () => <ReturnScreen returnType="GSTR1" />;
export const Gstr1aScreen = () => <ReturnScreen returnType="GSTR1A" />;
