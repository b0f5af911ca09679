// The IP allow-list (/ip-addresses, spec modules §2.5; issue 20): addresses or CIDR ranges, IPv4 or IPv6, per subscriber.
// While a subscriber has one active entry or more, its users sign in only from an address an active entry allows
// (AUTH0020 otherwise); a change that would leave the administrator's own address outside the list is refused (AUTH0021).
import { IP_ENTRY_MAX_LENGTH, parseIpRange } from '@opengst/domain';
import { z } from 'zod';

const id = z.number().int().positive();
const Ids = z.array(id).min(1, 'Select at least one row.').max(1000);

export const IpAddressStatusSchema = z.enum(['Active', 'Inactive']);
export type IpAddressStatus = z.infer<typeof IpAddressStatusSchema>;

/** The calls are not shown by the spec: the newest masters' default sort. */
export const IP_ADDRESS_DEFAULT_SORT = 'id DESC';
export const IP_ADDRESS_SORT_COLUMNS = ['id', 'address', 'description', 'status', 'updatedAt'] as const;
export const IP_ADDRESS_DESCRIPTION_MAX = 200;

export const IpAddressSchema = z.object({
  id: z.number().int(),
  /** Canonical text: '10.0.0.0/8', '203.0.113.7', '2001:db8::/32'. */
  address: z.string(),
  version: z.union([z.literal(4), z.literal(6)]),
  /** How many addresses it allows, as text ('1', '16,777,216', '2^96'). */
  size: z.string(),
  description: z.string(),
  status: IpAddressStatusSchema,
  updatedByName: z.string().nullable(),
  updatedAt: z.string(),
});
export type IpAddress = z.infer<typeof IpAddressSchema>;

export const IpAddressFiltersSchema = z.object({
  text: z.string().trim().max(100).nullish(),
  status: IpAddressStatusSchema.nullish(),
});
export type IpAddressFilters = z.infer<typeof IpAddressFiltersSchema>;

export const IpAddressSaveSchema = z.object({
  /** Absent: a new entry. */
  id: id.optional(),
  address: z
    .string()
    .max(IP_ENTRY_MAX_LENGTH, `An IP address or range is at most ${IP_ENTRY_MAX_LENGTH} characters.`)
    .superRefine((text, ctx) => {
      const parsed = parseIpRange(text);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
    }),
  description: z.string().trim().max(IP_ADDRESS_DESCRIPTION_MAX).default(''),
  status: IpAddressStatusSchema.default('Active'),
});
export type IpAddressSave = z.input<typeof IpAddressSaveSchema>;

export const IpAddressIdsSchema = z.object({ ids: Ids });
export const IpAddressStatusRequestSchema = z.object({ ids: Ids, status: IpAddressStatusSchema });
export const IpAddressBulkResultSchema = z.object({ affected: z.number().int() });

/** The address this request comes from, as the server sees it, and whether the active list allows it. */
export const CurrentIpAddressSchema = z.object({
  address: z.string(),
  /** Active entries of the subscriber: with none, sign-in is not restricted. */
  activeEntries: z.number().int(),
  isAllowed: z.boolean(),
});
export type CurrentIpAddress = z.infer<typeof CurrentIpAddressSchema>;
