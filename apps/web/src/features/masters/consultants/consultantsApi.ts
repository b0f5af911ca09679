import { queryOptions } from '@tanstack/react-query';
import { CONSULTANT_ENDPOINTS as E, ROLE_ENDPOINTS as ROLES, type ConsultantFilters, type ConsultantSave } from '@opengst/contracts';
import { call } from '../../../api/call';
import { FORM_SILENT } from '../../../shared/forms';
import type { PageRequest } from '../../../shared/list/useListQuery';

// The calls of /manage-consultants (contracts masters/consultants.endpoints.ts), and the roles a consultant may hold.

export const consultantKeys = {
  all: ['consultants'] as const,
  list: () => [...consultantKeys.all, 'list'] as const,
  roles: () => [...consultantKeys.all, 'roles'] as const,
};

export const searchConsultants = (page: PageRequest, sortExpression: string | undefined, filters: ConsultantFilters) =>
  call(E.consultantSearch, { body: { ...page, sortExpression, filters } });

/** Save, status and delete answer their refusals on screen, so no toast. */
export const saveConsultant = (body: ConsultantSave) => call(E.consultantSave, { body }, { silent: FORM_SILENT });
export const setConsultantStatus = (ids: number[], status: 'Active' | 'Inactive') =>
  call(E.consultantUpdateStatus, { body: { ids, status } }, { silent: FORM_SILENT });
export const deleteConsultants = (ids: number[]) => call(E.consultantDelete, { body: { ids } }, { silent: FORM_SILENT });
export const exportConsultants = (sortExpression: string | undefined, filters: ConsultantFilters) =>
  call(E.consultantExport, { body: { sortExpression, filters } });

/** The roles a consultant may be given: every role but the administrators' (the server refuses that one too). */
export const consultantRolesQuery = queryOptions({
  queryKey: consultantKeys.roles(),
  queryFn: async () =>
    (await call(ROLES.roleSearch, { body: { start: 0, size: 1000, sortExpression: 'name ASC', filters: {} } })).items.filter(
      (role) => !role.isSystem,
    ),
});
