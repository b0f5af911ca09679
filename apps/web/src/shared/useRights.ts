import { useQuery } from '@tanstack/react-query';
import type { RightId } from '@opengst/contracts';
import { loadSettingsQuery } from '../api/sessionData';
import { rightStateOf } from './rights';

/** Whether the signed-in user holds each right (spec core §6); the server checks again on every call. */
export const useRights = <K extends RightId>(rightIds: readonly K[]): Record<K, boolean> => {
  const { data: loaded } = useQuery({ ...loadSettingsQuery, enabled: false });
  const today = new Date();
  return Object.fromEntries(
    rightIds.map((rightId) => [rightId, loaded ? rightStateOf(loaded.rights, rightId, today) === 'granted' : false]),
  ) as Record<K, boolean>;
};
