// The returns module's face to other modules: the import stores an uploaded GSTR-2A/2B JSON through it.
export { storeUploadedInward, type InwardUpload } from './inward/inward-upload.service';
// Reconciliation downloads IMS records and pushes IMS actions over the GSTIN's portal session.
export { activePortalSession, portalFailure } from './portal/portal-session.service';
// GSTR-3B is filed for a return's target location, found as GSTR-1's is.
export { returnTarget, type ReturnTarget } from './returns.repo';
// GSTR-3B reads the period's summary rows as GSTR-1 does.
export { gstr1SummaryRowOf } from './gstr1/gstr1-generate.service';
