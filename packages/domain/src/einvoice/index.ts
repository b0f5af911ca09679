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
