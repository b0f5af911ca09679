// The e-way bill module (/e-way-bill and /consolidated-eway-bill, spec core §2, §4 "E-way bill status", §5; issue
// 22): the documents that move goods, their e-way bills (Rule 138 CGST Rules) and the actions of the NIC e-way bill API.
import { z } from 'zod';

const id = z.number().int().positive();
const isoDate = z.iso.date();
const returnPeriod = z.string().regex(/^(0[1-9]|1[0-2])\d{4}$/, 'A return period is MMYYYY.');
const financialYear = z.string().regex(/^\d{4}-\d{2}$/, 'A financial year is YYYY-YY.');
const stateCode = z.string().regex(/^\d{2}$/, 'A state code is two digits.');
const place = z.string().trim().min(1, 'Enter the place.').max(50);
const remark = z.string().trim().min(1, 'Give a remark.').max(50);

/** Spec core §4 "E-way bill status", by name; the multi-vehicle states as the API's actions name them. */
export const EWAYBILL_STATUSES = [
  'YetNotGenerated',
  'Generated',
  'InProgress',
  'Cancelled',
  'TransporterUpdated',
  'TransportDetailsUpdated',
  'Expired',
  'Rejected',
  'ValidityExtended',
  'Delivered',
  'Error',
  'MultiVehicleInitiated',
  'MultiVehicleAdded',
  'MultiVehicleUpdated',
  'Discarded',
  'VehicleDetailUpdated',
] as const;
export const EwaybillStatusSchema = z.enum(EWAYBILL_STATUSES);
export type EwaybillStatus = z.infer<typeof EwaybillStatusSchema>;

export const CONSOLIDATED_EWAYBILL_STATUSES = ['YetNotGenerated', 'Generated', 'Regenerated', 'Error'] as const;
export const ConsolidatedEwaybillStatusSchema = z.enum(CONSOLIDATED_EWAYBILL_STATUSES);
export type ConsolidatedEwaybillStatus = z.infer<typeof ConsolidatedEwaybillStatusSchema>;

/** The document types an e-way bill is made of (NIC docType): tax invoice, bill of supply, bill of entry, challan, other. */
export const EWAYBILL_DOCUMENT_TYPE_VALUES = ['INV', 'BIL', 'BOE', 'CHL', 'OTH'] as const;
/** Spec core §2 sourceType: how the document came in. */
export const EWAYBILL_SOURCE_TYPES = ['Import', 'Manual', 'Api'] as const;

/** Spec core §5: e-way bill number 12 digits, vehicle number 20, transport document number 15. */
export const EWB_NUMBER_LENGTH = 12;
export const EWB_VEHICLE_MAX = 20;
export const EWB_TRANSPORT_DOCUMENT_MAX = 15;
/** Documents one consolidation may name. */
export const EWAYBILL_SELECTION_MAX = 500;

/** Spec core §2: both lists sort by 'id DESC' first. */
export const EWAYBILL_DEFAULT_SORT = 'id DESC';
export const EWAYBILL_SORT_COLUMNS = ['id', 'documentDate', 'documentNumber', 'documentValue', 'generatedAt', 'validUntil'] as const;
export const CONSOLIDATED_EWAYBILL_SORT_COLUMNS = ['id', 'generatedAt'] as const;

/** NIC transMode: 1 road, 2 rail, 3 air, 4 ship. */
export const EWB_TRANSPORT_MODES = ['1', '2', '3', '4'] as const;
export const EwbTransportModeSchema = z.enum(EWB_TRANSPORT_MODES);
/** Part B change reasons (VEHEWB, REGENTRIPSHEET): 1 breakdown, 2 transhipment, 3 others, 4 first time. */
export const EWB_VEHICLE_REASONS = ['1', '2', '3', '4'] as const;
/** Cancel reasons (CANEWB): 1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others. */
export const EWB_CANCEL_REASONS = ['1', '2', '3', '4'] as const;
/** Extension reasons (EXTENDVALIDITY): 1 natural calamity, 2 law and order, 4 transhipment, 5 accident, 99 others. */
export const EWB_EXTEND_REASONS = ['1', '2', '4', '5', '99'] as const;

export const EwaybillFiltersSchema = z.object({
  entityIds: z.array(id).max(10_000).nullish(),
  financialYear: financialYear.nullish(),
  returnPeriods: z.array(returnPeriod).max(120).nullish(),
  fromDate: isoDate.nullish(),
  toDate: isoDate.nullish(),
  documentTypes: z.array(z.enum(EWAYBILL_DOCUMENT_TYPE_VALUES)).max(5).nullish(),
  /** Spec core §2 PushStatuses: the e-way bill statuses shown. */
  pushStatuses: z.array(EwaybillStatusSchema).max(EWAYBILL_STATUSES.length).nullish(),
  sourceType: z.enum(EWAYBILL_SOURCE_TYPES).nullish(),
  /** Document numbers, bulk apply; exact unless isDocNumberLikeSearch. */
  documentNumbers: z.array(z.string().trim().min(1).max(16)).max(10_000).nullish(),
  isDocNumberLikeSearch: z.boolean().nullish(),
  /** Free text over document number, e-way bill number, vehicle and the other party. */
  text: z.string().trim().max(100).nullish(),
});
export type EwaybillFilters = z.infer<typeof EwaybillFiltersSchema>;

/** A row of /e-way-bill: the document and its current e-way bill. Money in paise; dates YYYY-MM-DD, times ISO. */
export const EwaybillItemSchema = z.object({
  /** The document's id (the selection's id). */
  id: z.number().int(),
  entityId: z.number().int(),
  entityName: z.string(),
  gstin: z.string().nullable(),
  documentType: z.string(),
  documentNumber: z.string(),
  documentDate: z.string(),
  source: z.string(),
  counterpartyGstin: z.string(),
  counterpartyName: z.string().nullable(),
  documentValue: z.number().int(),
  status: EwaybillStatusSchema,
  ewbNumber: z.string().nullable(),
  generatedAt: z.string().nullable(),
  validUntil: z.string().nullable(),
  distanceKm: z.number().int().nullable(),
  transportMode: z.string().nullable(),
  vehicleNumber: z.string().nullable(),
  transporterId: z.string().nullable(),
  transporterName: z.string().nullable(),
  extensionCount: z.number().int(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type EwaybillItem = z.infer<typeof EwaybillItemSchema>;

export const EwaybillStatusCountRequestSchema = z.object({ filters: EwaybillFiltersSchema.optional() });
export const EwaybillStatusCountsSchema = z.object({
  items: z.array(z.object({ status: EwaybillStatusSchema, count: z.number().int() })),
  total: z.number().int(),
  /** The e-way bill system answering is this installation's sandbox (no EWB_URL configured). */
  isSandbox: z.boolean(),
});

export const EwaybillProblemSchema = z.object({ code: z.string(), field: z.string(), message: z.string() });

export const EwaybillEventSchema = z.object({
  action: z.string(),
  ewbNumber: z.string().nullable(),
  status: EwaybillStatusSchema,
  reasonCode: z.string().nullable(),
  /** The reason's name in NIC's list for the action (domain ewaybillReasonName). */
  reasonName: z.string().nullable(),
  remark: z.string().nullable(),
  vehicleNumber: z.string().nullable(),
  transporterId: z.string().nullable(),
  validUntil: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  at: z.string(),
  byName: z.string().nullable(),
});

export const EWAYBILL_ACTIONS = [
  'cancel',
  'reject',
  'updateVehicle',
  'updateTransporter',
  'extend',
  'consolidate',
  'multiVehicle',
] as const;
export const EwaybillActionCheckSchema = z.object({ allowed: z.boolean(), reason: z.string().nullable() });

export const EwaybillDetailSchema = EwaybillItemSchema.extend({
  vehicleType: z.string().nullable(),
  transportDocumentNumber: z.string().nullable(),
  transportDocumentDate: z.string().nullable(),
  fromPlace: z.string().nullable(),
  fromState: z.string().nullable(),
  errors: z.array(EwaybillProblemSchema),
  cancelReasonCode: z.string().nullable(),
  cancelRemark: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  events: z.array(EwaybillEventSchema),
  /** Multi-vehicle movements from a transhipment place: each group with its quantity and the vehicles carrying it. */
  multiVehicleGroups: z.array(
    z.object({
      groupNumber: z.number().int(),
      fromPlace: z.string(),
      toPlace: z.string(),
      transportMode: z.string(),
      totalQuantity: z.number(),
      unitCode: z.string(),
      vehicles: z.array(
        z.object({ vehicleNumber: z.string().nullable(), transportDocumentNumber: z.string().nullable(), quantity: z.number() }),
      ),
    }),
  ),
  /** What may be done now, with the reason when not (the domain's ewaybillActions, judged at the server's clock). */
  actions: z.record(z.enum(EWAYBILL_ACTIONS), EwaybillActionCheckSchema),
  isSandbox: z.boolean(),
});
export type EwaybillDetail = z.infer<typeof EwaybillDetailSchema>;

const vehicleNumber = z.string().trim().min(1).max(EWB_VEHICLE_MAX);
const transportDocumentNumber = z.string().trim().min(1).max(EWB_TRANSPORT_DOCUMENT_MAX);

/** Part B: the mode with a vehicle (road) or the transport document (rail, air, ship; an LR by road). */
export const EwaybillPartBSchema = z.object({
  transportMode: EwbTransportModeSchema,
  vehicleNumber: vehicleNumber.nullish(),
  vehicleType: z.enum(['R', 'O']).nullish(),
  transportDocumentNumber: transportDocumentNumber.nullish(),
  transportDocumentDate: isoDate.nullish(),
});

export const EwaybillGenerateRequestSchema = z.object({
  documentId: id,
  /** Whole km; 0 lets the system compute the PIN-to-PIN distance. */
  distanceKm: z.number().int().min(0).max(4000),
  transportMode: EwbTransportModeSchema.nullish(),
  vehicleNumber: vehicleNumber.nullish(),
  vehicleType: z.enum(['R', 'O']).nullish(),
  transportDocumentNumber: transportDocumentNumber.nullish(),
  transportDocumentDate: isoDate.nullish(),
  transporterId: z.string().trim().length(15).nullish(),
  transporterName: z.string().trim().max(100).nullish(),
  /** A delivery challan's reason (NIC subSupplyType 1..12). */
  subSupplyType: z.enum(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']).nullish(),
  subSupplyDesc: z.string().trim().max(20).nullish(),
  /** The consignee's PIN and place when the buyer's master record has none. */
  toPincode: z
    .string()
    .regex(/^\d{6}$/)
    .nullish(),
  toPlace: z.string().trim().max(50).nullish(),
});
export type EwaybillGenerateRequest = z.infer<typeof EwaybillGenerateRequestSchema>;

export const EwaybillUpdateVehicleRequestSchema = EwaybillPartBSchema.extend({
  documentId: id,
  fromPlace: place,
  fromState: stateCode,
  reasonCode: z.enum(EWB_VEHICLE_REASONS),
  remark,
});
export type EwaybillUpdateVehicleRequest = z.infer<typeof EwaybillUpdateVehicleRequestSchema>;

export const EwaybillUpdateTransporterRequestSchema = z.object({
  documentId: id,
  transporterId: z.string().trim().length(15, 'A transporter id (GSTIN or TRANSIN) is 15 characters.'),
  transporterName: z.string().trim().max(100).nullish(),
});

export const EwaybillExtendRequestSchema = z.object({
  documentId: id,
  reasonCode: z.enum(EWB_EXTEND_REASONS),
  remark,
  remainingDistanceKm: z.number().int().min(1).max(4000),
  fromPlace: place,
  fromState: stateCode,
  fromPincode: z.string().regex(/^\d{6}$/, 'A PIN code is six digits.'),
  /** M: the goods are moving (Part B given), T: in transit (in a warehouse or on the road without a vehicle). */
  consignmentStatus: z.enum(['M', 'T']),
  transitType: z.enum(['R', 'W', 'O']).nullish(),
  transportMode: EwbTransportModeSchema.nullish(),
  vehicleNumber: vehicleNumber.nullish(),
  transportDocumentNumber: transportDocumentNumber.nullish(),
  transportDocumentDate: isoDate.nullish(),
});
export type EwaybillExtendRequest = z.infer<typeof EwaybillExtendRequestSchema>;

export const EwaybillCancelRequestSchema = z.object({ documentId: id, reasonCode: z.enum(EWB_CANCEL_REASONS), remark });
export const EwaybillDocumentRequestSchema = z.object({ documentId: id });
export const EwaybillDetailQuerySchema = z.object({ documentId: z.coerce.number().int().positive() });

export const EwaybillUserSaveSchema = z.object({
  entityId: id,
  userName: z.string().trim().min(1, 'Enter the e-way bill API user name.').max(100),
  password: z.string().min(1, 'Enter the e-way bill API password.').max(100),
});
export const EwaybillUserSchema = z.object({ entityId: z.number().int(), gstin: z.string(), userName: z.string() });

// Consolidated e-way bills ------------------------------------------------------------------------------------------

export const ConsolidatedEwaybillFiltersSchema = z.object({
  entityIds: z.array(id).max(10_000).nullish(),
  /** Spec core §2 pushStatus. */
  pushStatus: ConsolidatedEwaybillStatusSchema.nullish(),
  text: z.string().trim().max(100).nullish(),
});
export type ConsolidatedEwaybillFilters = z.infer<typeof ConsolidatedEwaybillFiltersSchema>;

export const ConsolidatedEwaybillItemSchema = z.object({
  id: z.number().int(),
  entityId: z.number().int(),
  entityName: z.string(),
  tripSheetNumber: z.string().nullable(),
  status: ConsolidatedEwaybillStatusSchema,
  transportMode: z.string().nullable(),
  vehicleNumber: z.string().nullable(),
  transportDocumentNumber: z.string().nullable(),
  fromPlace: z.string().nullable(),
  fromState: z.string().nullable(),
  generatedAt: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** The e-way bills it carries. */
  ewaybills: z.array(z.object({ documentId: z.number().int(), documentNumber: z.string(), ewbNumber: z.string().nullable() })),
});
export type ConsolidatedEwaybillItem = z.infer<typeof ConsolidatedEwaybillItemSchema>;

export const ConsolidatedEwaybillGenerateRequestSchema = EwaybillPartBSchema.extend({
  /** The documents whose active e-way bills move together (spec core §3: the e-way bill selection). */
  documentIds: z.array(id).min(1, 'Select at least one e-way bill.').max(EWAYBILL_SELECTION_MAX),
  fromPlace: place,
  fromState: stateCode,
});
export type ConsolidatedEwaybillGenerateRequest = z.infer<typeof ConsolidatedEwaybillGenerateRequestSchema>;

export const ConsolidatedEwaybillRegenerateRequestSchema = EwaybillPartBSchema.extend({
  id,
  fromPlace: place,
  fromState: stateCode,
  reasonCode: z.enum(EWB_VEHICLE_REASONS),
  remark,
});
export type ConsolidatedEwaybillRegenerateRequest = z.infer<typeof ConsolidatedEwaybillRegenerateRequestSchema>;
export type EwaybillCancelRequest = z.infer<typeof EwaybillCancelRequestSchema>;
export type EwaybillUpdateTransporterRequest = z.infer<typeof EwaybillUpdateTransporterRequestSchema>;

/** Rule 138(12): the other party (recipient of an outward, supplier of an inward movement) rejects within 72 hours. */
export const EwaybillRejectRequestSchema = z.object({
  /** The location (GSTIN) named as the other party. */
  entityId: id,
  ewbNumber: z.string().regex(/^\d{12}$/, 'An e-way bill number is 12 digits.'),
});
export type EwaybillRejectRequest = z.infer<typeof EwaybillRejectRequestSchema>;
export const EwaybillRejectResponseSchema = z.object({ ewbNumber: z.string(), status: EwaybillStatusSchema, rejectedAt: z.string() });

// Multi-vehicle movement (NIC MULTIVEHMOVINT, MULTIVEHADD, MULTIVEHUPD): from a transhipment place the goods of one
// e-way bill go on in several vehicles; the quantity declared (of one unit of its items, at most their quantity) is then
// split over the vehicles added, and a vehicle of the group may be changed with a reason.
const quantity = z.number().positive('Enter a quantity above zero.').max(1e12);
export const EwaybillMultiVehicleStartRequestSchema = z.object({
  documentId: id,
  fromPlace: place,
  fromState: stateCode,
  toPlace: place,
  toState: stateCode,
  transportMode: EwbTransportModeSchema,
  totalQuantity: quantity,
  /** The UQC of the items moved; the document's own when there is one. */
  unitCode: z.string().trim().min(1).max(10).nullish(),
  reasonCode: z.enum(EWB_VEHICLE_REASONS),
  remark,
});
export type EwaybillMultiVehicleStartRequest = z.infer<typeof EwaybillMultiVehicleStartRequestSchema>;
export const EwaybillMultiVehicleAddRequestSchema = z.object({
  documentId: id,
  groupNumber: z.number().int().positive(),
  vehicleNumber: vehicleNumber.nullish(),
  transportDocumentNumber: transportDocumentNumber.nullish(),
  transportDocumentDate: isoDate.nullish(),
  quantity,
});
export type EwaybillMultiVehicleAddRequest = z.infer<typeof EwaybillMultiVehicleAddRequestSchema>;
export const EwaybillMultiVehicleChangeRequestSchema = z.object({
  documentId: id,
  groupNumber: z.number().int().positive(),
  oldVehicleNumber: vehicleNumber.nullish(),
  newVehicleNumber: vehicleNumber.nullish(),
  oldTransportDocumentNumber: transportDocumentNumber.nullish(),
  newTransportDocumentNumber: transportDocumentNumber.nullish(),
  fromPlace: place,
  fromState: stateCode,
  reasonCode: z.enum(EWB_VEHICLE_REASONS),
  remark,
});
export type EwaybillMultiVehicleChangeRequest = z.infer<typeof EwaybillMultiVehicleChangeRequestSchema>;
