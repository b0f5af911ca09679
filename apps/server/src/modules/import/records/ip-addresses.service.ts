// IP addresses → ip_allow_list (masters /ip-addresses). The row is checked by the screen's save schema; the write and
// its lock-out guard (the address the file was uploaded from stays allowed) belong to the masters module
// (ip-addresses-import.ts).
import { IpAddressSaveSchema } from '@opengst/contracts';
import { parseIpRange } from '@opengst/domain';
import type { Tx } from '../../../db/database';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import { importIpAddressRecords, type IpAddressRecord } from '../../masters';
import { issuesByRow } from './named-masters.service';
import { rowError, type RecordHandler, type RowValues } from './record-handler.rules';

const text = (values: RowValues, key: string): string => {
  const value = values[key];
  return typeof value === 'string' ? value.trim() : '';
};

export const ipAddressHandler = (principal: SessionPrincipal, uploaderIp: string | null): RecordHandler<IpAddressRecord> => ({
  check: (values) => {
    const parsed = IpAddressSaveSchema.safeParse({
      address: text(values, 'address'),
      description: text(values, 'description'),
      status: values.status === 'Inactive' ? 'Inactive' : 'Active',
    });
    if (!parsed.success)
      return {
        record: null,
        issues: parsed.error.issues.map((issue) =>
          rowError(typeof issue.path[0] === 'string' ? issue.path[0] : null, 'GEN0009', issue.message),
        ),
      };
    const range = parseIpRange(parsed.data.address);
    if (!range.ok) return { record: null, issues: [rowError('address', 'GEN0009', range.message)] };
    // The same range written another way ('10.0.0.0/8', '::ffff:10.0.0.0/104') is one entry: kept canonical.
    return { record: { address: range.range.canonical, description: parsed.data.description, status: parsed.data.status }, issues: [] };
  },

  keyOf: (r) => r.address,
  describeKey: (r) => `address ${r.address}`,

  store: async (tx: Tx, records) => {
    const { written, issues } = await importIpAddressRecords(
      tx,
      principal,
      records.map((r) => r.record),
      uploaderIp,
    );
    return { written, issues: issuesByRow(records, issues, 'AUTH0021') };
  },
});
