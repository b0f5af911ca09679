// The GST portal's refusal codes that are a normal state of a download rather than a failure. GSTN publishes no list:
// these are the codes GSPs that call the API in production handle so (India Compliance, GPL-3.0,
// github.com/resilient-tech/india-compliance, gst_india/api_classes/taxpayer_returns.py, ReturnsAPI.IGNORED_ERROR_CODES:
// "no_docs_found", "not_generated", "requested_before_cutoff_date"). The portal sandbox answers RET2B1016 and RET2B1018.

/**
 * "No documents found": the section asked for (GSTR-1 RET11416, its exports RET11417; GSTR-2A RET13508, RET13509,
 * RET13510) or the whole GSTR-2B of the period (RET2B1016: generated, and holding nothing) is empty.
 */
export const NO_DOCUMENTS_CODES: ReadonlySet<string> = new Set(['RET11416', 'RET11417', 'RET13508', 'RET13509', 'RET13510', 'RET2B1016']);

/**
 * The GSTR-2B of the period is not there yet: asked for before its cut-off date (RET2B1018; the 2B of a period is
 * generated on the 14th of the next month), or due and not generated yet (RET2B1023). A later download finds it.
 */
export const NOT_GENERATED_CODES: readonly string[] = ['RET2B1018', 'RET2B1023'];
