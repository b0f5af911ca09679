import type { SandboxSql } from '../sql';

/** What every route of the e-way bill sandbox uses. */
export type EwbSandbox = {
  sql: SandboxSql;
  now: () => Date;
  /** The key pair whose public key encrypts the authentication request. */
  authKeys: () => Promise<{ public_pem: string; private_pem: string }>;
};

const IST_OFFSET_MS = 330 * 60_000;
const ist = (at: Date): string => new Date(at.getTime() + IST_OFFSET_MS).toISOString();

/** dd/mm/yyyy of an instant on India's clock: the API's form of docDate and transDocDate. */
export const nicDate = (at: Date): string => {
  const s = ist(at);
  return `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)}`;
};

/**
 * 'dd/mm/yyyy hh:mm:00 AM' in IST, the API's form of ewayBillDate, validUpto, cancelDate and the other stamps: its
 * samples always show the minute, seconds 00 ("15/12/2017 11:35:00 AM", "02/06/2020 11:59:00 PM").
 */
export const nicStamp = (at: Date): string => {
  const s = ist(at);
  const hours = Number(s.slice(11, 13));
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${nicDate(at)} ${String(h12).padStart(2, '0')}:${s.slice(14, 16)}:00 ${hours < 12 ? 'AM' : 'PM'}`;
};

/** YYYY-MM-DD of a dd/mm/yyyy date, or null when it is no calendar date. */
export const isoOfNicDate = (text: unknown): string | null => {
  const m = typeof text === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim()) : null;
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
};
