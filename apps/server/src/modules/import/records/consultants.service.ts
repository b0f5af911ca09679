// Consultants → consultants and their users (masters /manage-consultants). The row's shape is checked here with the
// user's and consultant's own schemas; the GSTINs must be locations the uploader may reach (as the screen's save
// checks the entities it grants); the write, with the role and user-name rules, is the masters module's
// (consultants-import.ts). The welcome mails of new consultants go out once the file's transaction has committed.
import { CONSULTANT_PROFESSION_LABELS, ConsultantSaveSchema, type ConsultantProfession } from '@opengst/contracts';
import type { Tx } from '../../../db/database';
import type { SessionPrincipal } from '../../../platform/auth/sessions';
import type { AppContext } from '../../../platform/context';
import { importConsultantRecords, type ConsultantRecord } from '../../masters';
import { sendPasswordLink, type PasswordLink } from '../../organization';
import type { Location } from './locations.queries';
import { issuesByRow } from './named-masters.service';
import { rowError, type RecordHandler, type RowIssue, type RowValues } from './record-handler.rules';

const text = (values: RowValues, key: string): string => {
  const value = values[key];
  return typeof value === 'string' ? value.trim() : '';
};

const PROFESSION_OF = new Map(
  Object.entries(CONSULTANT_PROFESSION_LABELS).map(([profession, label]) => [label.toLowerCase(), profession as ConsultantProfession]),
);

/** The save schema's field of each import column (the same checks and messages as the screen). */
const COLUMN_OF_FIELD: Record<string, string> = {
  userName: 'userName',
  displayName: 'displayName',
  email: 'email',
  mobile: 'mobile',
  firmName: 'firmName',
  membershipNumber: 'membershipNumber',
  pan: 'pan',
};

export const consultantsHandler = (
  ctx: AppContext,
  principal: SessionPrincipal,
  importId: number,
  locations: ReadonlyMap<string, Location>,
): RecordHandler<ConsultantRecord> & { afterCommit: () => Promise<void> } => {
  let welcomes: PasswordLink[] = [];
  return {
    check: (values) => {
      const issues: RowIssue[] = [];
      const profession = PROFESSION_OF.get(text(values, 'profession').toLowerCase());
      if (!profession)
        issues.push(rowError('profession', 'GEN0009', `Write one of: ${Object.values(CONSULTANT_PROFESSION_LABELS).join(', ')}.`));
      const gstins = text(values, 'gstins')
        .split(/[\s,;]+/)
        .map((gstin) => gstin.toUpperCase())
        .filter(Boolean);
      const entityIds: number[] = [];
      for (const gstin of gstins) {
        const location = locations.get(gstin);
        if (location) entityIds.push(location.entityId);
        else issues.push(rowError('gstins', 'IMP0013', `${gstin} is not one of the locations you may reach.`));
      }
      const parsed = ConsultantSaveSchema.safeParse({
        userName: text(values, 'userName'),
        displayName: text(values, 'displayName'),
        email: text(values, 'email'),
        mobile: text(values, 'mobile') || null,
        roleId: 1, // the role is named by the row and found by name when written
        entityIds,
        firmName: text(values, 'firmName'),
        profession: profession ?? 'Advocate',
        membershipNumber: text(values, 'membershipNumber'),
        pan: text(values, 'pan') || null,
      });
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          issues.push(rowError(COLUMN_OF_FIELD[String(issue.path[0])] ?? null, 'GEN0009', issue.message));
      const roleName = text(values, 'role');
      if (!roleName) issues.push(rowError('role', 'GEN0009', 'Name one of your roles.'));
      if (issues.length > 0 || !parsed.success || !profession) return { record: null, issues };
      const input = parsed.data;
      return {
        record: {
          displayName: input.displayName,
          userName: input.userName,
          email: input.email,
          mobile: input.mobile ?? null,
          firmName: input.firmName,
          profession,
          membershipNumber: input.membershipNumber,
          pan: input.pan,
          roleName,
          entityIds: [...new Set(entityIds)],
        },
        issues,
      };
    },

    keyOf: (r) => r.userName.toLowerCase(),
    describeKey: (r) => `user name "${r.userName}"`,

    store: async (tx: Tx, records) => {
      const stored = await importConsultantRecords(
        ctx,
        tx,
        principal,
        importId,
        records.map((r) => r.record),
      );
      welcomes = stored.welcomes;
      return { written: stored.written, issues: issuesByRow(records, stored.issues, 'GEN0009') };
    },

    afterCommit: async () => {
      for (const welcome of welcomes) await sendPasswordLink(ctx, welcome);
      welcomes = [];
    },
  };
};
