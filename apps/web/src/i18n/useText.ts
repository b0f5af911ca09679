import { useQuery } from '@tanstack/react-query';
import { PRE_RESOURCES, RESOURCES, type PreResourceKey, type ResourceKey } from '@opengst/contracts';
import { preResourcesQuery, resourcesQuery } from '../api/sessionData';

export type TextKey = PreResourceKey | ResourceKey;
export type TextVars = Record<string, string | number>;
export type Translate = (key: TextKey, vars?: TextVars) => string;

const BUNDLED: Record<string, string> = { ...PRE_RESOURCES, ...RESOURCES };

/** Replaces `{name}` placeholders. */
export const fillText = (template: string, vars: TextVars = {}): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));

export const translateFrom =
  (loaded: Record<string, string>): Translate =>
  (key, vars) =>
    fillText(loaded[key] ?? BUNDLED[key] ?? key, vars);

/**
 * UI texts from the loaded resource bundles (`master/preResources`, `master/resources`), falling back to the
 * bundled English copy. Reads the query cache only: the navigation guard loads the bundles.
 */
export const useText = (): Translate => {
  const { data: pre } = useQuery({ ...preResourcesQuery, enabled: false });
  const { data: post } = useQuery({ ...resourcesQuery, enabled: false });
  return translateFrom({ ...pre, ...post });
};
