// The reason codes of the NIC e-way bill API v1.03 and their names as the e-way bill portal shows them. Source: NIC's
// code masters ("Vehicle update reason", "Cancel reason", "Extend validity reason"), transcribed in
// ../shared/data/ewaybill/ewaybill_code_lists.json and matching the GSPs' lists (e.g. MasterIndia's e-way bill client,
// config/ewaybill.php: "Due to Break Down", "Due to Transhipment", "First Time", "Data Entry mistake", "Law and Order
// Situation"). The history names a reason, never "Reason 1".

/** VEHEWB, the multi-vehicle change and the trip sheet's regeneration (reasonCode). 4 "First Time": Part B entered late. */
export const EWB_VEHICLE_REASON_NAMES = { '1': 'Due to Break Down', '2': 'Due to Transhipment', '3': 'Others', '4': 'First Time' } as const;
/** CANEWB (cancelRsnCode). */
export const EWB_CANCEL_REASON_NAMES = { '1': 'Duplicate', '2': 'Order Cancelled', '3': 'Data Entry mistake', '4': 'Others' } as const;
/** EXTENDVALIDITY (extnRsnCode); 3 is not in NIC's list. */
export const EWB_EXTEND_REASON_NAMES = {
  '1': 'Natural Calamity',
  '2': 'Law and Order Situation',
  '4': 'Transhipment',
  '5': 'Accident',
  '99': 'Others',
} as const;

export type EwbVehicleReasonCode = keyof typeof EWB_VEHICLE_REASON_NAMES;
export type EwbCancelReasonCode = keyof typeof EWB_CANCEL_REASON_NAMES;
export type EwbExtendReasonCode = keyof typeof EWB_EXTEND_REASON_NAMES;

/** The API actions whose reason code comes from each list. */
const LIST_OF_ACTION: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  VEHEWB: EWB_VEHICLE_REASON_NAMES,
  MULTIVEHMOVINT: EWB_VEHICLE_REASON_NAMES,
  MULTIVEHUPD: EWB_VEHICLE_REASON_NAMES,
  REGENTRIPSHEET: EWB_VEHICLE_REASON_NAMES,
  CANEWB: EWB_CANCEL_REASON_NAMES,
  EXTENDVALIDITY: EWB_EXTEND_REASON_NAMES,
};

/** The name of a reason code given with `action` (an API action name); null when the action has no such code. */
export const ewaybillReasonName = (action: string, code: string | number | null | undefined): string | null => {
  if (code === null || code === undefined || code === '') return null;
  const list = LIST_OF_ACTION[action];
  if (!list) return null;
  return list[String(code)] ?? `${String(code)} (not a code of NIC's list)`;
};
