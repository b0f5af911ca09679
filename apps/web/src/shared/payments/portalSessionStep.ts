import type { ComponentType } from 'react';
import { ApiError } from '../../api/http';

// What the screens that read the GST portal live (challans, electronic ledgers) share: the session card they show for
// the OTP step, and how they read a refusal.

/** The GST portal session card of one GSTIN (features/returns PortalSessionCard, handed in by app/screens.ts). */
export type PortalSessionSlot = ComponentType<{ entityId: number }>;

/** The server's answer when the GSTIN has no live GST portal session: the screen shows the OTP step. */
export const needsPortalSession = (error: unknown): boolean =>
  error instanceof ApiError && (error.body?.errors ?? []).some((item) => item.code === 'RET0008');

/** The refusal's own words (a 422 is silent to the client's toasts, so the screen says it). */
export const refusalText = (error: unknown): string =>
  error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error);
