// Reconciliation: purchase register versus GSTR-2A/2B, and the official-format readers (GSTR-2A, GSTR-2B, IMS).
export {
  DEFAULT_RECONCILE_SETTINGS,
  RECONCILE_STATUSES,
  MONEY_FIELDS,
  type ComparedField,
  type DocumentType as ReconcileDocumentType,
  type MatchLevel,
  type MatchRule,
  type MoneyField,
  type PurchaseDocument,
  type ReconcileDocument,
  type ReconcileSettings,
  type ReconcileSettingsInput,
  type ReconcileStatus,
  type RejectedCandidate,
  type ReportedElsewhere,
  type RowExplanation,
} from './types';
export {
  analyseDocumentNumber,
  normaliseDocumentNumber,
  nearNumberRejection,
  isFinancialYearPair,
  type AnalysedNumber,
} from './doc-number';
export { reconcile, type ReconcileResult } from './engine';
export { ReconcileRow } from './row';
export { awaitingGstr2b, type ReportedDocument } from './awaiting';
export { summarise, itcAtRisk, type ReconcileSummary, type StatusSummary, type SupplierSummary } from './summary';
export {
  linkDocuments,
  unlinkDocuments,
  excludeDocuments,
  discardDocuments,
  reinstateDocuments,
  applyDecisions,
  type ManualDecision,
  type ManualOutcome,
  type ManualErrorCode,
  type AppliedDecisions,
} from './manual';
export { parseGstr2b } from './readers/gstr2b';
export { parseGstr2a } from './readers/gstr2a';
export {
  parseIms,
  IMS_SECTIONS,
  type ImsAction,
  type ImsReadResult,
  type ImsRecord,
  type ImsSection,
  type ImsSourceForm,
} from './readers/ims';
export type { InwardRecord, InwardItem, InwardSection, InwardListing, ReadResult, ReadIssue, ReadErrorCode } from './readers/common';
export {
  recommendImsAction,
  imsRemarksAllowed,
  IMS_REMARKS_FROM_PERIOD,
  type ImsRecommendation,
  type ImsRecommendedAction,
} from './ims-recommendation';
