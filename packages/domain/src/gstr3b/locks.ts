// Figures of GSTR-3B the portal fills from GSTR-1/IFF/1A and no longer lets the taxpayer edit (GST-RULES-DETAIL §1.4).
// Corrections then go through GSTR-1A before the 3B is filed, or a later GSTR-1/IFF.
import { periodStart } from '../periods/financial-year';

/** Outward liability (3.1 except (d), 3.1.1): from the July 2025 period (GSTN advisory of 7 Jun 2025, Advisory 606). */
export const OUTWARD_LOCKED_FROM = '072025';

/**
 * Table 3.2: [U] an advisory of 11 Apr 2025 said from the April 2025 period, one of Dec 2025 says from November 2025
 * (filed in December 2025). Reading taken: the later advisory, November 2025, which supersedes the first.
 */
export const INTER_STATE_LOCKED_FROM = '112025';

const onOrAfter = (period: string, from: string): boolean => periodStart(period) >= periodStart(from);

export const locksOf = (period: string): { outward: boolean; interState: boolean } => ({
  outward: onOrAfter(period, OUTWARD_LOCKED_FROM),
  interState: onOrAfter(period, INTER_STATE_LOCKED_FROM),
});
