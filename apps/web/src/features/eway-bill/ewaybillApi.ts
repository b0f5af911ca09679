import {
  EWAYBILL_ENDPOINTS as E,
  type ConsolidatedEwaybillFilters,
  type ConsolidatedEwaybillGenerateRequest,
  type ConsolidatedEwaybillItem,
  type ConsolidatedEwaybillRegenerateRequest,
  type EwaybillCancelRequest,
  type EwaybillDetail,
  type EwaybillExtendRequest,
  type EwaybillFilters,
  type EwaybillGenerateRequest,
  type EwaybillItem,
  type EwaybillMultiVehicleAddRequest,
  type EwaybillMultiVehicleChangeRequest,
  type EwaybillMultiVehicleStartRequest,
  type EwaybillRejectRequest,
  type EwaybillUpdateTransporterRequest,
  type EwaybillUpdateVehicleRequest,
} from '@opengst/contracts';
import { call } from '../../api/call';
import type { ListPage, PageRequest } from '../../shared/list/useListQuery';

// The /e-way-bill and /consolidated-eway-bill screens' calls and query keys. Every action changes the list, the
// counts and the detail, so each reloads everything under ewaybillKeys.all. The actions' refusals (422, the domain's
// reason or the system's codes) are shown in place, so they are silent here.

export const ewaybillKeys = {
  all: ['ewaybill'] as const,
  list: (filters: EwaybillFilters, sortExpression: string) => [...ewaybillKeys.all, 'list', filters, sortExpression] as const,
  counts: (filters: EwaybillFilters) => [...ewaybillKeys.all, 'counts', filters] as const,
  detail: (documentId: number) => [...ewaybillKeys.all, 'detail', documentId] as const,
  consolidated: (filters: ConsolidatedEwaybillFilters) => [...ewaybillKeys.all, 'consolidated', filters] as const,
};

const SILENT = { silent: [422] };

export const searchEwaybills = (filters: EwaybillFilters, sortExpression: string, page: PageRequest): Promise<ListPage<EwaybillItem>> =>
  call(E.ewaybillSearch, { body: { ...page, sortExpression, filters } });
export const countEwaybills = (filters: EwaybillFilters) => call(E.ewaybillStatusCount, { body: { filters } });
export const ewaybillDetail = (documentId: number): Promise<EwaybillDetail> => call(E.ewaybillDetail, { query: { documentId } });

export const generateEwaybill = (body: EwaybillGenerateRequest) => call(E.ewaybillGenerate, { body }, SILENT);
export const updateVehicle = (body: EwaybillUpdateVehicleRequest) => call(E.ewaybillUpdateVehicle, { body }, SILENT);
export const updateTransporter = (body: EwaybillUpdateTransporterRequest) => call(E.ewaybillUpdateTransporter, { body }, SILENT);
export const extendEwaybill = (body: EwaybillExtendRequest) => call(E.ewaybillExtend, { body }, SILENT);
export const cancelEwaybill = (body: EwaybillCancelRequest) => call(E.ewaybillCancel, { body }, SILENT);
export const rejectEwaybill = (body: EwaybillRejectRequest) => call(E.ewaybillReject, { body }, SILENT);
export const saveEwbUser = (body: { entityId: number; userName: string; password: string }) => call(E.ewaybillUserSave, { body }, SILENT);
export const refreshEwaybill = (documentId: number) => call(E.ewaybillRefresh, { body: { documentId } }, SILENT);

export const searchConsolidated = (
  filters: ConsolidatedEwaybillFilters,
  sortExpression: string,
  page: PageRequest,
): Promise<ListPage<ConsolidatedEwaybillItem>> => call(E.consolidatedSearch, { body: { ...page, sortExpression, filters } });
export const consolidateEwaybills = (body: ConsolidatedEwaybillGenerateRequest) => call(E.consolidatedGenerate, { body }, SILENT);
export const regenerateTripSheet = (body: ConsolidatedEwaybillRegenerateRequest) => call(E.consolidatedRegenerate, { body }, SILENT);
export const startMultiVehicle = (body: EwaybillMultiVehicleStartRequest) => call(E.ewaybillMultiVehicleStart, { body }, SILENT);
export const addMultiVehicle = (body: EwaybillMultiVehicleAddRequest) => call(E.ewaybillMultiVehicleAdd, { body }, SILENT);
export const changeMultiVehicle = (body: EwaybillMultiVehicleChangeRequest) => call(E.ewaybillMultiVehicleChange, { body }, SILENT);
