import { DEPARTMENT_ENDPOINTS } from '@opengst/contracts';
import { departments } from '../../../db/schema';
import { namedRecordRoutes } from '../named-records/named-record.routes';

/** /departments: named records. */
export const departmentRoutes = namedRecordRoutes({
  endpoints: DEPARTMENT_ENDPOINTS,
  rights: { view: ['DepartmentView', 'DepartmentManage'], manage: ['DepartmentManage'] },
  table: departments,
  textColumns: {},
  auditType: 'Department',
  noun: 'department',
  userColumn: 'department_id',
});
