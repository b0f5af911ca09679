import {
  LEVEL_ENDPOINTS,
  NOTICE_TAG_ENDPOINTS,
  VERTICAL_ENDPOINTS,
  type LevelSave,
  type NamedMasterFilters,
  type NamedMasterStatus,
  type NoticeTagSave,
  type VerticalSave,
} from '@opengst/contracts';
import { call } from '../../../api/call';
import { FORM_SILENT } from '../../../shared/forms';
import type { ListPage, PageRequest } from '../../../shared/list/useListQuery';

// The calls of /level-master, /verticals and /notice-tag (contracts masters/named-masters.endpoints.ts). Their query
// keys and the level and vertical lookups are in shared/namedMasterLookups.ts, as the user and entity forms read them.

type Endpoints = typeof LEVEL_ENDPOINTS | typeof VERTICAL_ENDPOINTS | typeof NOTICE_TAG_ENDPOINTS;
type Search<Row> = (body: PageRequest & { sortExpression: string | undefined; filters: NamedMasterFilters }) => Promise<ListPage<Row>>;

/**
 * A master's calls; its search and save come typed from its own endpoints. Save, status and delete answer their
 * refusals on screen, so no toast.
 */
const apiOf = <Row, Save>(endpoints: Endpoints, own: { search: Search<Row>; save: (body: Save) => Promise<unknown> }) => ({
  search: (page: PageRequest, sortExpression: string | undefined, filters: NamedMasterFilters) =>
    own.search({ ...page, sortExpression, filters }),
  save: own.save,
  setStatus: (ids: number[], status: NamedMasterStatus) => call(endpoints.updateStatus, { body: { ids, status } }, { silent: FORM_SILENT }),
  remove: (ids: number[]) => call(endpoints.delete, { body: { ids } }, { silent: FORM_SILENT }),
  download: (sortExpression: string | undefined, filters: NamedMasterFilters) =>
    call(endpoints.export, { body: { sortExpression, filters } }),
});

export const levelApi = apiOf(LEVEL_ENDPOINTS, {
  search: (body) => call(LEVEL_ENDPOINTS.search, { body }),
  save: (body: LevelSave) => call(LEVEL_ENDPOINTS.save, { body }, { silent: FORM_SILENT }),
});
export const verticalApi = apiOf(VERTICAL_ENDPOINTS, {
  search: (body) => call(VERTICAL_ENDPOINTS.search, { body }),
  save: (body: VerticalSave) => call(VERTICAL_ENDPOINTS.save, { body }, { silent: FORM_SILENT }),
});
export const noticeTagApi = apiOf(NOTICE_TAG_ENDPOINTS, {
  search: (body) => call(NOTICE_TAG_ENDPOINTS.search, { body }),
  save: (body: NoticeTagSave) => call(NOTICE_TAG_ENDPOINTS.save, { body }, { silent: FORM_SILENT }),
});
