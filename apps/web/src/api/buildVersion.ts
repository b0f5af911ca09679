import { readStore, writeStore } from './storage';

/**
 * Spec core §4 "Build version": a version that differs from the stored one is stored and the page reloads once,
 * so the browser picks up the new bundle. The first version ever seen is only stored.
 * Returns true when a reload was started.
 */
export const applyBuildVersion = (version: string, reload: () => void = () => window.location.reload()): boolean => {
  if (!version) return false;
  const stored = readStore('buildVersion');
  writeStore('buildVersion', version);
  if (stored === null || stored === version) return false;
  reload();
  return true;
};
