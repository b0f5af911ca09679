// The roots of the API paths (spec core §7). The paths themselves are in each module's endpoints (<module>/<module>.endpoints.ts).
export const API_ROOT = '/api/v0.1';
export const API_ROOT_V2 = '/api/v0.2';
