export * from './validity';
export { buildEwaybill, isServiceItem } from './build-ewaybill';
export { isEwaybillVehicleNumber, normalizeVehicleNumber } from './ewaybill-fields';
export {
  EWB_OTHER_COUNTRY_STATE,
  EWB_PART_B_EXEMPT_KM,
  type EwaybillAddress,
  type EwaybillBuildResult,
  type EwaybillItemDetails,
  type EwaybillItemJson,
  type EwaybillJson,
  type EwaybillProblem,
  type EwaybillProblemCode,
  type EwaybillTransport,
  type EwbDocType,
  type EwbSubSupplyType,
  type EwbTransactionType,
  type EwbTransMode,
} from './ewaybill-input';
export {
  EWAYBILL_STATE_THRESHOLDS,
  isEwaybillRequired,
  type EwaybillRequirement,
  type EwaybillRequirementBasis,
  type EwaybillRequirementOptions,
  type EwaybillStateThreshold,
} from './ewaybill-thresholds';
export {
  checkEwaybillAction,
  ewaybillActions,
  EWB_CANCEL_HOURS,
  EWB_REJECT_HOURS,
  type EwaybillAction,
  type EwaybillActionCheck,
  type EwaybillActionInput,
  type EwaybillActionParty,
  type EwaybillState,
} from './actions';
export {
  EWB_CANCEL_REASON_NAMES,
  EWB_EXTEND_REASON_NAMES,
  EWB_VEHICLE_REASON_NAMES,
  ewaybillReasonName,
  type EwbCancelReasonCode,
  type EwbExtendReasonCode,
  type EwbVehicleReasonCode,
} from './reasons';
