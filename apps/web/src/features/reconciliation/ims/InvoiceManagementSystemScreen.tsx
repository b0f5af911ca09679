import { useMemo, useState } from 'react';
import { Loader, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Run, RunDetail } from '@opengst/contracts';
import { financialYearsQuery, userEntitiesQuery } from '../../../api/sessionData';
import { useText } from '../../../i18n/useText';
import { FilterPlaceholder } from '../../../shared/filter-bar/FilterPlaceholder';
import { isGstinLocation } from '../../../shared/GstinMultiSelect';
import { loadFailureText } from '../../../shared/loadFailure';
import { useRights } from '../../../shared/useRights';
import { useWorkingYear } from '../../../shared/workingYear';
import { newestRunQueryOf, reconciliationKeys } from '../reconciliationApi';
import { NewRunForm } from '../run/NewRunForm';
import { RunView } from '../RunView';
import { useRunInView } from '../useRunInView';
import { IMS_SOURCES } from './imsApi';
import { ImsResults } from './ImsResults';
import { ImsToolbar, type ImsLocation, type PortalSessionSlot } from './ImsToolbar';
import type { RunLocation } from './Regenerate2b';

// /invoice-management-system (spec core §2; GST-RULES-DETAIL §2): the records suppliers put in IMS, downloaded per
// GSTIN, reconciled with the purchase register (a run of source IMS: the 2A/2B screen's run view, form and tabs), an
// action on each (Accept, Reject, Pending; the reconciliation recommends one), the actions pushed to the portal, and
// the GSTR-2B recomputed from them. The run comes from ?runId=, else the newest IMS run; ?new=1 opens the form. The
// route needs the IMS right (the guard); the screen itself checks the rights of what it shows beside: the portal
// session (ReturnsView or a right that talks to the portal: an IMS user signs in to it here), the download records (the
// data-activities rights), and the IMS right for the calls to the portal, should the screen be shown without it.

export const imsRunLink = (runId: number): string => `/invoice-management-system?runId=${runId}`;

/** The run's GSTINs with their location ids, from the user's locations (the run's lists are sorted apart). */
const locationsOfRun = (run: Run, locations: readonly ImsLocation[]): RunLocation[] =>
  run.entityIds.flatMap((entityId) => {
    const location = locations.find((item) => item.entityId === entityId);
    if (location) return [{ entityId, gstin: location.gstin }];
    return run.entityIds.length === 1 && run.gstins[0] ? [{ entityId, gstin: run.gstins[0] }] : [];
  });

const IMS_NEWEST_RUN = newestRunQueryOf(IMS_SOURCES);

type Props = { portalSession?: PortalSessionSlot | undefined };

export const InvoiceManagementSystemScreen = ({ portalSession }: Props) => {
  const t = useText();
  const client = useQueryClient();
  const { runId, newest, previousRunId, isNewOpen, setNewOpen, started } = useRunInView(IMS_NEWEST_RUN);
  const [chosen, setChosen] = useState<string[]>([]);
  const [hasDownloaded, setDownloaded] = useState(false);
  const rights = useRights([
    'InvoiceManagementSystem',
    'DataActivitiesSync',
    'DataActivitiesPush',
    'ReturnsView',
    'Gstr1File',
    'Gstr2aReconciliation',
  ]);
  const { data: years = [] } = useQuery({ ...financialYearsQuery, enabled: false });
  const workingYear = useWorkingYear(years);
  const { data: entities = [] } = useQuery(userEntitiesQuery(workingYear));
  const locations = useMemo<ImsLocation[]>(
    () =>
      entities.flatMap((entity) =>
        isGstinLocation(entity) ? [{ entityId: entity.entityId, gstin: entity.gstin, name: entity.entityName }] : [],
      ),
    [entities],
  );
  const imsRights = useMemo(
    () => ({ ims: rights.InvoiceManagementSystem, sync: rights.DataActivitiesSync, push: rights.DataActivitiesPush }),
    [rights.InvoiceManagementSystem, rights.DataActivitiesSync, rights.DataActivitiesPush],
  );
  const canReadSession = rights.ReturnsView || rights.Gstr1File || rights.Gstr2aReconciliation || rights.InvoiceManagementSystem;

  const renderResults = (detail: RunDetail) => (
    <ImsResults key={detail.run.id} detail={detail} locations={locationsOfRun(detail.run, locations)} rights={imsRights} />
  );
  /** The form starts with the GSTINs chosen above, else those of the run in view. */
  const runInView = runId !== null ? client.getQueryData<RunDetail>(reconciliationKeys.run(runId))?.run : undefined;
  const formEntityIds = chosen.length > 0 ? chosen.map(Number) : (runInView?.entityIds ?? []);

  return (
    <Stack gap="sm" data-testid="ims-screen">
      <ImsToolbar
        locations={locations}
        chosen={chosen}
        onChoose={setChosen}
        canUseIms={rights.InvoiceManagementSystem}
        portalSession={portalSession && canReadSession ? portalSession : null}
        hasRun={runId !== null}
        onReconcile={() => setNewOpen(true)}
        onDownloaded={() => setDownloaded(true)}
      />
      {runId !== null ? (
        <RunView
          key={runId}
          runId={runId}
          previousRunId={previousRunId}
          onStarted={started}
          onNew={() => setNewOpen(true)}
          renderResults={renderResults}
          linkOf={imsRunLink}
        />
      ) : newest.isError ? (
        <FilterPlaceholder kind="empty" text={loadFailureText(newest.error, t('reconciliation.run.loadFailed'))} testId="ims-load-failed" />
      ) : newest.isPending ? (
        <Loader size="sm" />
      ) : (
        <FilterPlaceholder
          kind="empty"
          text={t(hasDownloaded ? 'reconciliation.ims.emptyDownloaded' : 'reconciliation.ims.empty')}
          testId="ims-empty"
        />
      )}
      {isNewOpen ? (
        <NewRunForm opened onClose={() => setNewOpen(false)} onStarted={started} portalSource="IMS" initialEntityIds={formEntityIds} />
      ) : null}
    </Stack>
  );
};
