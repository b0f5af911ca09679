/**
 * An address kept on one line, "12, Main Road, Bengaluru": its last part is the place (INV-01 Loc, the e-way bill's
 * fromPlace), the rest the address line (Addr1). One part alone serves as both.
 */
export const splitAddressLine = (address: string | null): { address1: string; place: string } => {
  const parts = (address ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length <= 1) return { address1: parts[0] ?? '', place: parts[0] ?? '' };
  return { address1: parts.slice(0, -1).join(', '), place: parts.at(-1) ?? '' };
};
