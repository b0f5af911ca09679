import dayjs from 'dayjs';

// UI.md: dates DD-MM-YYYY everywhere, numbers in en-IN grouping (12,34,567).
export const formatDate = (iso: string): string => dayjs(iso).format('DD-MM-YYYY');
export const formatDateTime = (iso: string): string => dayjs(iso).format('DD-MM-YYYY HH:mm');
export const formatCount = (value: number): string => value.toLocaleString('en-IN');

/** "42 s", "3 min 05 s", "1 h 02 min". */
export const formatElapsed = (milliseconds: number): string => {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
};

/**
 * A typed date to ISO (YYYY-MM-DD): DD-MM-YYYY, DD/MM/YYYY, DD.MM.YYYY or YYYY-MM-DD; null when it is not a real date
 * (31-02-2025 is refused, not rolled over into March).
 */
export const parseDisplayDate = (input: string): string | null => {
  const text = input.trim();
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const [year, month, day] = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : [];
  if (!year || !month || !day) return null;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
};

const IST_PARTS = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant on India's clock, "DD-MM-YYYY HH:mm IST", whatever the browser's zone (a user travelling, a CI browser in
 * UTC): e-invoice acknowledgements, e-way bill validity and their histories are India's times (the IRP and the e-way
 * bill system count hours and days in IST). Empty for an empty or unreadable instant.
 */
export const formatIstDateTime = (iso: string | null | undefined): string => {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) => IST_PARTS.formatToParts(at).find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')} ${part('hour')}:${part('minute')} IST`;
};
