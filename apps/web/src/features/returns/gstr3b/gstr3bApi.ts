import { queryOptions } from '@tanstack/react-query';
import {
  GSTR3B_ENDPOINTS,
  type Gstr3bComputeRequest,
  type Gstr3bFigureDocumentsRequest,
  type Gstr3bCreditUse,
  type Gstr3bKey,
  type Gstr3bUserFigure,
} from '@opengst/contracts';
import { call } from '../../../api/call';
import { FORM_SILENT } from '../../../shared/forms';
import type { PageRequest } from '../../../shared/list/useListQuery';

// The calls of /gstr-3b (contracts gstr3b/gstr3b.endpoints.ts). A change of the return (compute, save) replaces the
// detail and reloads what reads from it: the set-off, the timeline and the documents behind a figure.

export const gstr3bKeys = {
  all: ['gstr3b'] as const,
  detail: (key: Gstr3bKey) => [...gstr3bKeys.all, 'detail', key.entityId, key.returnPeriod] as const,
  /** Everything derived from one return; invalidated when its figures change. */
  derived: (key: Gstr3bKey) => [...gstr3bKeys.all, 'derived', key.entityId, key.returnPeriod] as const,
  setOff: (key: Gstr3bKey) => [...gstr3bKeys.derived(key), 'setOff'] as const,
  timeline: (key: Gstr3bKey) => [...gstr3bKeys.derived(key), 'timeline'] as const,
  documents: (key: Gstr3bKey, figure: string, placeOfSupply: string | null) =>
    [...gstr3bKeys.derived(key), 'documents', figure, placeOfSupply] as const,
};

export const gstr3bDetailQuery = (key: Gstr3bKey) =>
  queryOptions({ queryKey: gstr3bKeys.detail(key), queryFn: () => call(GSTR3B_ENDPOINTS.detail, { query: key }) });
/**
 * The set-off reads the portal's ledgers live: read again on every showing (a challan paid on its own screen changes
 * them) and when the portal session starts or ends (`isPortalActive`, part of the key).
 */
export const gstr3bSetOffQuery = (key: Gstr3bKey, isPortalActive: boolean | undefined) =>
  queryOptions({
    queryKey: [...gstr3bKeys.setOff(key), isPortalActive ?? null],
    queryFn: () => call(GSTR3B_ENDPOINTS.setOff, { query: key }),
    staleTime: 0,
  });
export const gstr3bTimelineQuery = (key: Gstr3bKey) =>
  queryOptions({ queryKey: gstr3bKeys.timeline(key), queryFn: () => call(GSTR3B_ENDPOINTS.timeline, { query: key }) });

export const computeGstr3b = (request: Gstr3bComputeRequest) => call(GSTR3B_ENDPOINTS.compute, { body: request });
/** A refusal (a locked figure, 422) is shown beside the figure, so the client's toast stays quiet. */
export const saveGstr3bFigures = (key: Gstr3bKey, figures: Gstr3bUserFigure[]) =>
  call(GSTR3B_ENDPOINTS.saveFigures, { body: { ...key, figures } }, { silent: FORM_SILENT });
export const downloadGstr3bJson = (key: Gstr3bKey) => call(GSTR3B_ENDPOINTS.download, { query: key });
export const searchFigureDocuments = (request: Gstr3bFigureDocumentsRequest & PageRequest) =>
  call(GSTR3B_ENDPOINTS.figureDocuments, { body: request });

// The GST portal actions (spec core §4: Save, Submit, Offset, File). A refusal is shown in place by the action.
export const saveGstr3bToPortal = (key: Gstr3bKey) => call(GSTR3B_ENDPOINTS.saveToPortal, { body: key });
export const readGstr3bSaveStatus = (key: Gstr3bKey) => call(GSTR3B_ENDPOINTS.saveStatus, { body: key });
export const submitGstr3b = (key: Gstr3bKey) => call(GSTR3B_ENDPOINTS.submit, { body: key }, { silent: FORM_SILENT });
/** Without `credit`, the server offsets with the set-off it proposes over the portal's ledgers. */
export const offsetGstr3b = (key: Gstr3bKey, credit?: Gstr3bCreditUse[]) =>
  call(GSTR3B_ENDPOINTS.offset, { body: { ...key, ...(credit ? { credit } : {}) } }, { silent: FORM_SILENT });
export const requestGstr3bFileOtp = (key: Gstr3bKey) => call(GSTR3B_ENDPOINTS.fileOtp, { body: key }, { silent: FORM_SILENT });
export const fileGstr3b = (key: Gstr3bKey, otp: string) => call(GSTR3B_ENDPOINTS.file, { body: { ...key, otp } }, { silent: FORM_SILENT });
