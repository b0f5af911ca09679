import { routeByName, type RightItem, type SidebarItem, type SubscriberSettings } from '@opengst/contracts';
import { isHiddenPremium, routeRightState, type RightState } from '../shared/rights';

// The sidebar of spec core §2 gated by rights (§6) and by settings. Denied items stay visible, disabled with
// the reason as a tooltip, unless the hideNotAllowedFunctionality setting hides them.

export type SidebarEntry = {
  key: string;
  label: string;
  path: string | null;
  state: RightState;
  children: SidebarEntry[];
};

export type SidebarContext = {
  rights: readonly RightItem[];
  today: Date;
  hiddenKeys: readonly string[];
  subscriberSettings: Pick<SubscriberSettings, 'showIMS' | 'litigationSync'>;
  hideNotAllowed: boolean;
  /** Only routes with a screen in this build are linked; the sidebar never leads to a placeholder. */
  hasScreen: (routeName: string) => boolean;
};

const toEntry = (item: SidebarItem, context: SidebarContext): SidebarEntry | null => {
  if (context.hiddenKeys.includes(item.key)) return null;
  if (item.setting && !context.subscriberSettings[item.setting]) return null;

  if (item.children) {
    const children = item.children.map((child) => toEntry(child, context)).filter((child) => child !== null);
    if (children.length === 0) return null;
    const state = children.some((child) => child.state === 'granted') ? 'granted' : (children[0]?.state ?? 'noAccess');
    return { key: item.key, label: item.label, path: null, state, children };
  }

  if (!item.route || !context.hasScreen(item.route)) return null;
  const route = routeByName(item.route);
  if (route.rights.length > 0 && route.rights.every((rightId) => isHiddenPremium(context.rights, rightId))) return null;
  const state = routeRightState(context.rights, route.rights, context.today);
  if (state !== 'granted' && context.hideNotAllowed) return null;
  return { key: item.key, label: item.label, path: route.path, state, children: [] };
};

export const buildSidebar = (items: readonly SidebarItem[], context: SidebarContext): SidebarEntry[] =>
  items.map((item) => toEntry(item, context)).filter((entry) => entry !== null);
