// Columns of the small masters' imports (issue 20): levels (/level-master), verticals (/verticals), notice tags
// (/notice-tag) and the IP allow-list (/ip-addresses). One row per record, found again by its name (a level, vertical or
// tag) or its address (an IP entry) and then updated. The headers are those of each master's Excel export, so an
// exported file imports back. Each row meets the checks of the master's own save.
import { IP_ENTRY_MAX_LENGTH } from '@opengst/domain';
import { CONSULTANT_FIRM_MAX, CONSULTANT_MEMBERSHIP_MAX, CONSULTANT_PROFESSION_LABELS } from '../masters/consultants.schemas';
import { IP_ADDRESS_DESCRIPTION_MAX } from '../masters/ip-addresses.schemas';
import {
  LEVEL_RANK_MAX,
  NAMED_MASTER_DESCRIPTION_MAX,
  NAMED_MASTER_NAME_MAX,
  NOTICE_TAG_COLORS,
  VERTICAL_CODE_MAX,
} from '../masters/named-masters.schemas';
import type { ImportColumn } from './import.schemas';

/** The import types of this file (each is also in ImportTypeSchema). */
export type MasterImportType = 'Levels' | 'Verticals' | 'NoticeTags' | 'IpAddresses' | 'Consultants';

const column = (
  key: string,
  name: string,
  example: string,
  description: string,
  { required = false, maxLength = null, choices = null }: { required?: boolean; maxLength?: number | null; choices?: string[] | null } = {},
): ImportColumn => ({
  key,
  name,
  aliases: [],
  required,
  format: choices ? 'choice' : 'text',
  maxLength,
  choices,
  example,
  description,
});

const name = (example: string, what: string) =>
  column('name', 'Name', example, `Name of the ${what}, unique ignoring case: a row with a name already there updates that ${what}.`, {
    required: true,
    maxLength: NAMED_MASTER_NAME_MAX,
  });
const description = (example: string, maxLength: number) => column('description', 'Description', example, 'Notes, if any.', { maxLength });
const status = (what: string) =>
  column('status', 'Status', 'Active', `Blank is Active. Active or Inactive (an inactive ${what} is kept but not offered).`, {
    choices: ['Active', 'Inactive'],
  });

export const MASTER_IMPORT_COLUMNS: Record<MasterImportType, ImportColumn[]> = {
  Levels: [
    name('Manager', 'level'),
    column('rank', 'Rank', '1', `Order of approval, 1 to ${LEVEL_RANK_MAX} (1 approves first); held by one active level at a time.`, {
      required: true,
      maxLength: 2,
    }),
    description('Approves purchase documents up to 5 lakh', NAMED_MASTER_DESCRIPTION_MAX),
    status('level'),
  ],
  Verticals: [
    name('Retail', 'vertical'),
    column('code', 'Code', 'RTL', `Optional short code: letters, digits and '-', unique when given.`, { maxLength: VERTICAL_CODE_MAX }),
    description('Stores and online sales to consumers', NAMED_MASTER_DESCRIPTION_MAX),
    status('vertical'),
  ],
  NoticeTags: [
    name('Urgent', 'tag'),
    column('color', 'Colour', 'red', `Colour of the tag, blank for gray: ${NOTICE_TAG_COLORS.join(', ')}.`, {
      choices: [...NOTICE_TAG_COLORS],
    }),
    description('Reply due within a week', NAMED_MASTER_DESCRIPTION_MAX),
    status('tag'),
  ],
  // The example allows this computer only (the demo runs on it): the import refuses a file that would shut out the
  // address it is uploaded from, as the screen refuses such a change.
  IpAddresses: [
    column(
      'address',
      'IP address or range',
      '127.0.0.1',
      'An IPv4 or IPv6 address, or a CIDR range (203.0.113.0/24); a row with an address already listed updates it.',
      { required: true, maxLength: IP_ENTRY_MAX_LENGTH },
    ),
    description('This computer', IP_ADDRESS_DESCRIPTION_MAX),
    column('status', 'Status', 'Active', 'Blank is Active. Active or Inactive (an inactive entry allows nothing).', {
      choices: ['Active', 'Inactive'],
    }),
  ],
  // Consultants (/manage-consultants): each row is the consultant and its sign-in; the user name finds it again.
  Consultants: [
    column('displayName', 'Name', 'Asha Mehta', 'The consultant’s name.', { required: true, maxLength: 100 }),
    column(
      'userName',
      'User name',
      'asha.mehta',
      'What the consultant signs in with (letters, digits, . _ @ -), unique in OpenGST: a row with the user name of a consultant already there updates that consultant; a new one receives the welcome mail.',
      { required: true, maxLength: 100 },
    ),
    column('email', 'E-mail', 'asha@mehtaassociates.in', 'Where the welcome mail and the notice reminders go.', {
      required: true,
      maxLength: 254,
    }),
    column('mobile', 'Mobile', '9876543210', 'Optional: 7 to 20 digits, optionally starting with +.', { maxLength: 20 }),
    column('firmName', 'Firm', 'Mehta & Associates', 'Optional: the firm the consultant practises with.', {
      maxLength: CONSULTANT_FIRM_MAX,
    }),
    column('profession', 'Capacity', 'Chartered accountant', 'Who may appear for you under CGST Act s.116(2).', {
      required: true,
      choices: Object.values(CONSULTANT_PROFESSION_LABELS),
    }),
    column(
      'membershipNumber',
      'Membership or enrolment no.',
      '123456',
      'Optional: ICAI, ICSI or ICMAI membership, Bar Council enrolment or GST practitioner enrolment number.',
      { maxLength: CONSULTANT_MEMBERSHIP_MAX },
    ),
    column('pan', 'PAN', 'ABCPM1234F', 'Optional: the consultant’s PAN.', { maxLength: 10 }),
    column('role', 'Role', 'Notice consultant', 'The name of one of your roles, not the administrators’: what the consultant may do.', {
      required: true,
      maxLength: 100,
    }),
    column(
      'gstins',
      'GSTINs',
      '27AABCD1234E1Z8',
      'The GSTINs the consultant reaches, separated by commas; each one of your locations that you may reach yourself.',
      { maxLength: 10_000 },
    ),
  ],
};
