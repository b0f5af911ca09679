import type { RightId, RightItem } from '@opengst/contracts';

// Spec core §6: a right is denied when there is no entry, hasAccess is false, the trial expiry (DD-MM-YYYY)
// has passed, or it is blocked. The state names the reason, so the sidebar can explain it.

export type RightState = 'granted' | 'notSubscribed' | 'noAccess' | 'trialExpired' | 'blocked';

/** Parses DD-MM-YYYY; null when the text is not a real date. */
export const parseDdMmYyyy = (value: string): Date | null => {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
};

/** The trial runs through its expiry day; it has passed from the next day on. */
const isTrialExpired = (trialExpiry: string | null, today: Date): boolean => {
  if (!trialExpiry) return false;
  const expiry = parseDdMmYyyy(trialExpiry);
  if (!expiry) return false;
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return expiry < startOfToday;
};

export const rightStateOf = (rights: readonly RightItem[], rightId: RightId, today: Date): RightState => {
  const item = rights.find((right) => right.rightId === rightId);
  if (!item) return 'notSubscribed';
  if (item.isBlocked) return 'blocked';
  if (!item.hasAccess) return 'noAccess';
  if (isTrialExpired(item.trialExpiry, today)) return 'trialExpired';
  return 'granted';
};

export const isHiddenPremium = (rights: readonly RightItem[], rightId: RightId): boolean =>
  rights.some((right) => right.rightId === rightId && right.isPremium && right.isHidden);

export const isPremiumRight = (rights: readonly RightItem[], rightId: RightId): boolean =>
  rights.some((right) => right.rightId === rightId && right.isPremium);

/** A route's access state: granted when any listed right is granted, else the reason of its first right. */
export const routeRightState = (rights: readonly RightItem[], routeRights: readonly RightId[], today: Date): RightState => {
  if (routeRights.length === 0) return 'granted';
  const states = routeRights.map((rightId) => rightStateOf(rights, rightId, today));
  return states.includes('granted') ? 'granted' : (states[0] ?? 'notSubscribed');
};
