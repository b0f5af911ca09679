import type { RightState } from '../shared/rights';
import type { ResourceKey } from '@opengst/contracts';

/** Spec core §6: the tooltip explains which of the four reasons denies a right. */
export const RIGHT_TOOLTIP: Record<Exclude<RightState, 'granted'>, ResourceKey> = {
  notSubscribed: 'right.notSubscribed',
  noAccess: 'right.noAccess',
  trialExpired: 'right.trialExpired',
  blocked: 'right.blocked',
};
