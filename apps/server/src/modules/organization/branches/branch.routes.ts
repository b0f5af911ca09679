import { BRANCH_ENDPOINTS } from '@opengst/contracts';
import { branches } from '../../../db/schema';
import { namedRecordRoutes } from '../named-records/named-record.routes';

/** /branches: named records with an address. */
export const branchRoutes = namedRecordRoutes({
  endpoints: BRANCH_ENDPOINTS,
  rights: { view: ['BranchView', 'BranchManage'], manage: ['BranchManage'] },
  table: branches,
  textColumns: { address: branches.address },
  auditType: 'Branch',
  noun: 'branch',
  userColumn: 'branch_id',
});
