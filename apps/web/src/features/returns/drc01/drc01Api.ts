import {
  DRC01_ENDPOINTS as D,
  type Drc01Detail,
  type Drc01Filters,
  type Drc01Form,
  type Drc01ListResponse,
  type Drc01ReplyRequest,
  type Drc01SyncResponse,
} from '@opengst/contracts';
import { call } from '../../../api/call';
import type { PageRequest } from '../../../shared/list/useListQuery';

// The DRC-01B / DRC-01C screens' calls and query keys. A sync or a reply changes the list and the intimation's
// detail, so each reloads both.

export const drc01Keys = {
  all: ['drc01'] as const,
  list: (form: Drc01Form, filters: Drc01Filters, sortExpression: string) =>
    [...drc01Keys.all, 'list', form, filters, sortExpression] as const,
  detail: (id: number) => [...drc01Keys.all, 'detail', id] as const,
};

export const searchIntimations = (
  form: Drc01Form,
  filters: Drc01Filters,
  sortExpression: string,
  page: PageRequest,
): Promise<Drc01ListResponse> => call(D.search, { body: { ...page, form, sortExpression, filters } });
export const intimationDetail = (id: number): Promise<Drc01Detail> => call(D.detail, { query: { id } });
export const syncIntimations = (entityId: number, form: Drc01Form): Promise<Drc01SyncResponse> =>
  call(D.sync, { body: { entityId, form } }, { silent: [422] });
export const requestReplyOtp = (id: number): Promise<{ sentTo: string }> => call(D.requestOtp, { body: { id } }, { silent: [422] });
export const replyToIntimation = (body: Drc01ReplyRequest): Promise<Drc01Detail> => call(D.reply, { body }, { silent: [422] });

/** The list and view routes of each form (spec core §2). */
export const DRC01_ROUTES: Readonly<Record<Drc01Form, { list: string; view: string }>> = {
  DRC01B: { list: '/drc-01b', view: '/drc-01b-view' },
  DRC01C: { list: '/drc-01c', view: '/drc-01c-view' },
};
export const intimationLink = (form: Drc01Form, id: number): string => `${DRC01_ROUTES[form].view}?id=${id}`;
