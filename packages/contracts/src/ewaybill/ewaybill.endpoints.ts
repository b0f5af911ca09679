import type { z } from 'zod';
import { API_ROOT } from '../api';
import { defineEndpoint, pathsOf } from '../endpoint';
import { listRequestSchema, listResponseSchema } from '../list';
import {
  ConsolidatedEwaybillFiltersSchema,
  ConsolidatedEwaybillGenerateRequestSchema,
  ConsolidatedEwaybillItemSchema,
  ConsolidatedEwaybillRegenerateRequestSchema,
  EwaybillCancelRequestSchema,
  EwaybillDetailQuerySchema,
  EwaybillDetailSchema,
  EwaybillDocumentRequestSchema,
  EwaybillExtendRequestSchema,
  EwaybillFiltersSchema,
  EwaybillGenerateRequestSchema,
  EwaybillItemSchema,
  EwaybillMultiVehicleAddRequestSchema,
  EwaybillMultiVehicleChangeRequestSchema,
  EwaybillMultiVehicleStartRequestSchema,
  EwaybillRejectRequestSchema,
  EwaybillRejectResponseSchema,
  EwaybillStatusCountRequestSchema,
  EwaybillStatusCountsSchema,
  EwaybillUpdateTransporterRequestSchema,
  EwaybillUpdateVehicleRequestSchema,
  EwaybillUserSaveSchema,
  EwaybillUserSchema,
} from './ewaybill.schemas';

const post = <B extends z.ZodType, R extends z.ZodType>(path: string, body: B, response: R) =>
  defineEndpoint({ method: 'POST', path: `${API_ROOT}/ewaybill/${path}`, body, response });

// /e-way-bill and /consolidated-eway-bill (spec core §2; the calls are not shown, so they follow the registers' shape:
// search with filters and sortExpression, status counts) and the e-way bill system's actions on one document. Every
// action answers the document's e-way bill as it stands after it.
export const EWAYBILL_ENDPOINTS = {
  ewaybillSearch: post('search', listRequestSchema(EwaybillFiltersSchema), listResponseSchema(EwaybillItemSchema)),
  ewaybillStatusCount: post('statusCount', EwaybillStatusCountRequestSchema, EwaybillStatusCountsSchema),
  ewaybillDetail: defineEndpoint({
    method: 'GET',
    path: `${API_ROOT}/ewaybill/detail`,
    query: EwaybillDetailQuerySchema,
    response: EwaybillDetailSchema,
  }),
  ewaybillGenerate: post('generate', EwaybillGenerateRequestSchema, EwaybillDetailSchema),
  ewaybillUpdateVehicle: post('updateVehicle', EwaybillUpdateVehicleRequestSchema, EwaybillDetailSchema),
  ewaybillUpdateTransporter: post('updateTransporter', EwaybillUpdateTransporterRequestSchema, EwaybillDetailSchema),
  ewaybillExtend: post('extend', EwaybillExtendRequestSchema, EwaybillDetailSchema),
  ewaybillCancel: post('cancel', EwaybillCancelRequestSchema, EwaybillDetailSchema),
  /** Multi-vehicle movement: initiate a group with its quantity and mode, add a vehicle, change one (NIC MULTIVEH*). */
  ewaybillMultiVehicleStart: post('multiVehicle/start', EwaybillMultiVehicleStartRequestSchema, EwaybillDetailSchema),
  ewaybillMultiVehicleAdd: post('multiVehicle/add', EwaybillMultiVehicleAddRequestSchema, EwaybillDetailSchema),
  ewaybillMultiVehicleChange: post('multiVehicle/change', EwaybillMultiVehicleChangeRequestSchema, EwaybillDetailSchema),
  /** Rejects, as the other party named in it, an e-way bill another taxpayer generated (Rule 138(12)). */
  ewaybillReject: post('reject', EwaybillRejectRequestSchema, EwaybillRejectResponseSchema),
  /** Reads the e-way bill back from the system: its status (Expired past validity), validity and Part B. */
  ewaybillRefresh: post('refresh', EwaybillDocumentRequestSchema, EwaybillDetailSchema),
  /** Records a location's e-way bill API user; the next call signs in with it. */
  ewaybillUserSave: post('ewbUser/save', EwaybillUserSaveSchema, EwaybillUserSchema),
  consolidatedSearch: post(
    'consolidated/search',
    listRequestSchema(ConsolidatedEwaybillFiltersSchema),
    listResponseSchema(ConsolidatedEwaybillItemSchema),
  ),
  consolidatedGenerate: post('consolidated/generate', ConsolidatedEwaybillGenerateRequestSchema, ConsolidatedEwaybillItemSchema),
  consolidatedRegenerate: post('consolidated/regenerate', ConsolidatedEwaybillRegenerateRequestSchema, ConsolidatedEwaybillItemSchema),
};
export const EWAYBILL_API = pathsOf(EWAYBILL_ENDPOINTS);
