export { sha256, toHex } from './sha256';
export { irnOf, isoOfDocumentDate, type EinvoiceDocumentType, type IrnInput } from './irn';
export {
  base64Bytes,
  decodeSignedQr,
  rsaPublicKeyOf,
  signedDataOf,
  verifySignedJws,
  type EinvoiceQrPayload,
  type RsaPublicKey,
} from './jws';
export { buildEinvoice, isEinvoiceDocumentType, supplyTypeOf } from './build-einvoice';
export {
  EINVOICE_MAX_ITEMS,
  EINVOICE_VALUE_TOLERANCE_PAISE,
  EXPORT_BUYER,
  type EinvoiceBuildResult,
  type EinvoiceDispatchFrom,
  type EinvoiceEwaybillDetails,
  type EinvoiceExportDetails,
  type EinvoiceItemDetails,
  type EinvoiceOptions,
  type EinvoiceParty,
  type EinvoiceProblem,
  type EinvoiceProblemCode,
  type EinvoiceShipTo,
  type IrpErrorCode,
} from './einvoice-input';
export type * from './einvoice-json';
export { repairEinvoiceSchema } from './einvoice-schema';
export { checkIrnCancel, IRN_CANCEL_HOURS, type IrnCancelCheck, type IrnCancelInput } from './cancel';
