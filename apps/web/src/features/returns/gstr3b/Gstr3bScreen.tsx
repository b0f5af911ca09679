import { useEffect, useState, type KeyboardEvent } from 'react';
import { Alert, Badge, Group, List, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Gstr3bColumn, Gstr3bDetail, Gstr3bRow } from '@opengst/contracts';
import { ApiError } from '../../../api/http';
import { useText } from '../../../i18n/useText';
import { FilterPlaceholder } from '../../../shared/filter-bar/FilterPlaceholder';
import { formatCount, formatDateTime } from '../../../shared/format';
import { loadFailureText } from '../../../shared/loadFailure';
import { notifySuccess } from '../../../shared/notifySuccess';
import { RefusalAlert } from '../../../shared/RefusalAlert';
import { useRights } from '../../../shared/useRights';
import { PortalSessionCard } from '../PortalSessionCard';
import { HeaderFigure, ReturnHeader } from '../ReturnHeader';
import { portalSessionQuery } from '../returnsApi';
import { ReturnKeyScreen } from '../ReturnKeyScreen';
import { ReturnTabs } from '../ReturnTabs';
import { FigureDocumentsDrawer } from './FigureDocumentsDrawer';
import { ComputeButton, FIGURES_FORM_ID, Gstr3bActions } from './Gstr3bActions';
import { ComputeProgress } from './ComputeProgress';
import { Gstr3bFiguresTable, type FigureEditing } from './Gstr3bFiguresTable';
import { Gstr3bPortalActions } from './Gstr3bPortalActions';
import { Gstr3bTimelinePanel } from './Gstr3bTimelinePanel';
import { gstr3bDetailQuery, gstr3bKeys, saveGstr3bFigures } from './gstr3bApi';
import { canEditFigures, draftStateOf, isComputed, isComputing, refusalsByRow, rowKeyOf, rowsByTable, type Draft } from './gstr3bRules';
import { SetOffPanel } from './SetOffPanel';

// /gstr-3b (spec core §2, issue 19): the return of a GSTIN and period computed from the books, GSTR-1 and GSTR-2B,
// table by table as the portal lays it out, the user's figures beside the system's with the difference, the documents
// behind any figure, the set-off of 6.1 explained, and the timeline. Figures are edited in place and saved together.
// The return goes to the GST portal from here (Gstr3bPortalActions: Save, Submit, Offset, File), the ARN in the header
// once filed and the portal's last refusal above the figures.

type Tab = 'figures' | 'setOff' | 'timeline';

/**
 * How often a running computation's progress is read: its stages move in seconds, and the read is one row (not the
 * settings' poolingTime, which paces the portal's queued answers).
 */
const COMPUTE_POLL_MS = 1000;

const Header = ({ detail }: { detail: Gstr3bDetail }) => {
  const t = useText();
  return (
    <ReturnHeader
      title={t('gstr3b.title')}
      detail={detail}
      deadline="Due"
      periodNotes={[t(`gstr3b.frequency.${detail.frequency}`)]}
      figures={
        detail.portal.arn ? (
          <HeaderFigure label={t('gstr3b.portal.arn')}>
            <Text size="sm" ff="monospace" data-testid="return-arn">
              {detail.portal.arn}
            </Text>
          </HeaderFigure>
        ) : detail.portal.saveStatus ? (
          <HeaderFigure label={t('gstr3b.portal.saveStatusHeading')}>
            <Text size="sm" data-testid="portal-save-status">
              {t(`gstr3b.portal.saveStatus.${detail.portal.saveStatus}`)}
            </Text>
          </HeaderFigure>
        ) : null
      }
      note={
        detail.computedAt ? (
          <Text size="xs" c="dimmed" data-testid="computed-at">
            {t('gstr3b.computedAt', { at: formatDateTime(detail.computedAt), user: detail.computedBy ?? '—' })}
          </Text>
        ) : null
      }
    />
  );
};

const Notices = ({ detail, canPrepare }: { detail: Gstr3bDetail; canPrepare: boolean }) => {
  const t = useText();
  return (
    <>
      {detail.portal.lastError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={16} />}
          py={6}
          title={t('gstr3b.portal.lastError')}
          data-testid="portal-last-error"
        >
          <Text size="sm">{detail.portal.lastError}</Text>
        </Alert>
      ) : null}
      {!detail.gstr1Filed && detail.status !== 'Filed' ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} py={6} data-testid="gstr1-not-filed">
          <Text size="sm">{t('gstr3b.gstr1NotFiled')}</Text>
        </Alert>
      ) : null}
      {!canPrepare ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={16} />} py={6} data-testid="no-prepare-right">
          <Text size="sm">{t('gstr3b.noRight')}</Text>
        </Alert>
      ) : null}
      {detail.issues.length > 0 ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={16} />}
          py={6}
          title={t('gstr3b.issues')}
          data-testid="gstr3b-issues"
        >
          <List size="sm" spacing={0}>
            {detail.issues.map((issue, index) => (
              <List.Item key={`${issue.code}-${index}`}>{issue.message}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {detail.excluded.length > 0 ? (
        <Group gap="xs" data-testid="gstr3b-excluded">
          <Text size="xs" c="dimmed">
            {t('gstr3b.excluded')}:
          </Text>
          {detail.excluded.map((item) => (
            <Badge key={item.code} size="sm" variant="light" color="gray" radius="sm" tt="none" title={item.reason}>
              {item.reason} · {formatCount(item.count)}
            </Badge>
          ))}
        </Group>
      ) : null}
    </>
  );
};

/** The user's edits, the save and its refusals: by row key, cleared when the save goes through. */
const useFigureDraft = (detail: Gstr3bDetail, canEdit: boolean, onSaved: (next: Gstr3bDetail) => void) => {
  const t = useText();
  const [draft, setDraft] = useState<Draft>({});
  const [refusals, setRefusals] = useState<Record<string, string[]>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [isSaving, setSaving] = useState(false);
  const state = draftStateOf(detail.rows, draft);
  const hasInvalid = Object.keys(state.invalid).length > 0;
  const edit = (row: Gstr3bRow, patch: Partial<Record<Gstr3bColumn, string>>) =>
    setDraft((current) => ({ ...current, [rowKeyOf(row)]: { ...current[rowKeyOf(row)], ...patch } }));
  const save = async () => {
    if (isSaving || hasInvalid || state.changes.length === 0) return;
    setSaving(true);
    setGeneral([]);
    try {
      const next = await saveGstr3bFigures(
        { entityId: detail.entityId, returnPeriod: detail.returnPeriod },
        state.changes.map((change) => change.figure),
      );
      setDraft({});
      setRefusals({});
      onSaved(next);
      notifySuccess(t('gstr3b.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.items.length > 0) {
        const split = refusalsByRow(error.items, state.changes);
        setRefusals(split.byRow);
        setGeneral(split.general);
      } else if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        setGeneral([error.message]);
      }
    } finally {
      setSaving(false);
    }
  };
  const editing: FigureEditing = {
    isEditable: canEdit,
    draft,
    invalid: state.invalid,
    refusals,
    onCell: (row, column, text) => edit(row, { [column]: text }),
    onUseSystem: (row) => edit(row, Object.fromEntries(row.columns.map((column) => [column, '']))),
  };
  const discard = () => {
    setDraft({});
    setRefusals({});
    setGeneral([]);
  };
  return { editing, changeCount: state.changes.length, hasInvalid, isSaving, save, discard, general };
};

const FiguresForm = ({
  detail,
  editing,
  onSave,
  onOpen,
}: {
  detail: Gstr3bDetail;
  editing: FigureEditing;
  onSave: () => void;
  onOpen: (row: Gstr3bRow) => void;
}) => {
  const t = useText();
  // Enter in a figure saves every change (UI.md "Enter submits forms"), as the Save button does; the up and down
  // arrows move to the same column of the figure above or below (UI.md "Keyboard": tables where editing happens).
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement)) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      onSave();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const column = input.dataset.column;
    if (!column) return;
    const inColumn = [...event.currentTarget.querySelectorAll<HTMLInputElement>(`input[data-column="${column}"]`)];
    const next = inColumn[inColumn.indexOf(input) + (event.key === 'ArrowDown' ? 1 : -1)];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };
  return (
    <form
      id={FIGURES_FORM_ID}
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
      onKeyDown={onKeyDown}
      noValidate
    >
      <Stack gap="sm" data-testid="gstr3b-tables">
        {editing.isEditable ? (
          <Text size="xs" c="dimmed">
            {t('gstr3b.enterHint')}
          </Text>
        ) : null}
        {rowsByTable(detail.rows).map((group) => (
          <Gstr3bFiguresTable key={group.table} table={group.table} rows={group.rows} editing={editing} onOpen={onOpen} />
        ))}
      </Stack>
    </form>
  );
};

const Gstr3bReturn = ({ detail, onChanged }: { detail: Gstr3bDetail; onChanged: (next: Gstr3bDetail) => void }) => {
  const t = useText();
  const returnKey = { entityId: detail.entityId, returnPeriod: detail.returnPeriod };
  const rights = useRights(['Gstr3bPrepare', 'Gstr3bFile']);
  const [tab, setTab] = useState<Tab>('figures');
  const [opened, setOpened] = useState<Gstr3bRow | null>(null);
  const canEdit = canEditFigures(detail, rights.Gstr3bPrepare);
  const figures = useFigureDraft(detail, canEdit, onChanged);
  const version = [detail.computedAt, detail.userSavedAt].join('|');
  const { data: session } = useQuery(portalSessionQuery(detail.entityId));
  // Save, Submit, Offset and File and the ledgers' balances need the GSTIN's portal session.
  const showSessionCard = rights.Gstr3bFile && isComputed(detail) && session !== undefined && !session.active && detail.status !== 'Filed';
  return (
    <Stack gap="sm" data-testid="gstr3b-screen" data-return-status={detail.status}>
      <Paper withBorder radius="sm" p="sm">
        <Stack gap="sm">
          <Header detail={detail} />
          <Notices detail={detail} canPrepare={rights.Gstr3bPrepare} />
          {isComputed(detail) && !canEdit && rights.Gstr3bPrepare ? (
            <Text size="xs" c="dimmed" data-testid="filed-no-edit">
              {t('gstr3b.filedNoEdit')}
            </Text>
          ) : null}
          <Gstr3bActions
            detail={detail}
            canPrepare={rights.Gstr3bPrepare}
            canEdit={canEdit}
            changeCount={figures.changeCount}
            hasInvalid={figures.hasInvalid}
            isSaving={figures.isSaving}
            onComputed={onChanged}
            onDiscard={figures.discard}
          />
          {isComputed(detail) ? <Gstr3bPortalActions detail={detail} onChanged={onChanged} /> : null}
          <RefusalAlert messages={figures.general} testId="save-refusal" />
          <ComputeProgress detail={detail} />
        </Stack>
      </Paper>
      {showSessionCard ? <PortalSessionCard entityId={detail.entityId} /> : null}
      {!isComputed(detail) ? (
        <>
          <Paper withBorder radius="sm" p="lg" data-testid="gstr3b-not-computed">
            <Stack gap="sm" align="center">
              <Text size="sm" c="dimmed" ta="center">
                {t('gstr3b.neverComputed')}
              </Text>
              {rights.Gstr3bPrepare ? <ComputeButton detail={detail} onComputed={onChanged} /> : null}
            </Stack>
          </Paper>
          <Gstr3bTimelinePanel returnKey={returnKey} />
        </>
      ) : (
        <ReturnTabs
          value={tab}
          onChange={setTab}
          tabs={[
            {
              value: 'figures',
              label: t('gstr3b.tab.figures'),
              testId: 'tab-figures',
              panel: <FiguresForm detail={detail} editing={figures.editing} onSave={() => void figures.save()} onOpen={setOpened} />,
            },
            { value: 'setOff', label: t('gstr3b.tab.setOff'), testId: 'tab-set-off', panel: <SetOffPanel returnKey={returnKey} /> },
            {
              value: 'timeline',
              label: t('gstr3b.tab.timeline'),
              testId: 'tab-timeline',
              panel: <Gstr3bTimelinePanel returnKey={returnKey} />,
            },
          ]}
        />
      )}
      <FigureDocumentsDrawer returnKey={returnKey} row={opened} version={version} onClose={() => setOpened(null)} />
    </Stack>
  );
};

const Gstr3bView = ({ entityId, returnPeriod }: { entityId: number; returnPeriod: string }) => {
  const t = useText();
  const queryClient = useQueryClient();
  const returnKey = { entityId, returnPeriod };
  const {
    data: detail,
    isError,
    error,
  } = useQuery({
    ...gstr3bDetailQuery(returnKey),
    refetchInterval: (query) => (query.state.data && isComputing(query.state.data) ? COMPUTE_POLL_MS : false),
  });
  // A computation that ends changes the set-off and the timeline.
  const computeStatus = detail?.compute.status;
  useEffect(() => {
    if (computeStatus !== 'Completed' && computeStatus !== 'Failed') return;
    void queryClient.invalidateQueries({ queryKey: gstr3bKeys.derived({ entityId, returnPeriod }) });
  }, [computeStatus, entityId, returnPeriod, queryClient]);
  if (isError) return <FilterPlaceholder kind="empty" text={loadFailureText(error, t('gstr3b.loadFailed'))} testId="return-load-failed" />;
  if (!detail) return <Loader size="sm" />;
  const changed = (next: Gstr3bDetail) => {
    queryClient.setQueryData(gstr3bKeys.detail(returnKey), next);
    void queryClient.invalidateQueries({ queryKey: gstr3bKeys.derived(returnKey) });
  };
  return <Gstr3bReturn detail={detail} onChanged={changed} />;
};

export const Gstr3bScreen = () => {
  const t = useText();
  return (
    <ReturnKeyScreen chooseTestId="return-choose" chooseText={t('gstr3b.choose')}>
      {({ entityId, returnPeriod }) => <Gstr3bView key={`${entityId}:${returnPeriod}`} entityId={entityId} returnPeriod={returnPeriod} />}
    </ReturnKeyScreen>
  );
};
