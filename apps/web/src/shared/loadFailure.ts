import { ApiError } from '../api/http';

/**
 * What a screen says when its data could not be loaded: the server's own words when it refused on purpose (no access
 * to the GSTIN, not found), which tell the user what to do; otherwise the screen's fallback.
 */
export const loadFailureText = (error: unknown, fallback: string): string =>
  error instanceof ApiError && (error.status === 403 || error.status === 404) && error.items.length > 0
    ? [...new Set(error.items.map((item) => item.message))].join(' ')
    : fallback;
