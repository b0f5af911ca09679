// The litigation reports in the cross-tenant sweep (tenant-sweep.test.ts): subscriber A's administrator names B's
// location in the filters of each search and export and must get 404, without B's notices.
import { LITIGATION_REPORT_ENDPOINTS as E } from '@opengst/contracts';
import type { Sweep } from '../../../test-support/sweeps';

const byBLocation =
  (path: string): Sweep['call'] =>
  (api, b) =>
    api.post(path, { start: 0, filters: { entityIds: [b.location] } });
const exportByBLocation =
  (path: string): Sweep['call'] =>
  (api, b) =>
    api.post(path, { filters: { entityIds: [b.location] } });

/** The filters' choices name no record: they answer from the caller's own notices. */
export const LITIGATION_REPORT_NO_RECORD_IDS = [`GET ${E.options.path}`];

export const litigationReportSweeps = (): Sweep[] => [
  { route: `POST ${E.contingentSearch.path}`, expect: 'notFound', call: byBLocation(E.contingentSearch.path) },
  { route: `POST ${E.contingentExport.path}`, expect: 'notFound', call: exportByBLocation(E.contingentExport.path) },
  { route: `POST ${E.assessmentSearch.path}`, expect: 'notFound', call: byBLocation(E.assessmentSearch.path) },
  { route: `POST ${E.assessmentExport.path}`, expect: 'notFound', call: exportByBLocation(E.assessmentExport.path) },
];
