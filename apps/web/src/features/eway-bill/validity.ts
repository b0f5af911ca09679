import { ewaybillText as wt } from '@opengst/contracts';

// The validity with the time left (issue 22: "validity shown with the time left"), or how long ago it ended.

const span = (ms: number): string => {
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes % 60} min`;
};

export const timeLeftText = (validUntil: string | null, now: number): string => {
  if (!validUntil) return wt('ewaybill.partA');
  const left = new Date(validUntil).getTime() - now;
  return left >= 0 ? wt('ewaybill.timeLeft', { time: span(left) }) : wt('ewaybill.expiredAgo', { time: span(-left) });
};
