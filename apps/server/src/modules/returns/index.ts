// The returns module's face to other modules: the import stores an uploaded GSTR-2A/2B JSON through it.
export { storeUploadedInward, type InwardUpload } from './inward/inward-upload.service';
// Reconciliation downloads IMS records and pushes IMS actions over the GSTIN's portal session.
export { activePortalSession, portalFailure } from './portal/portal-session.service';
