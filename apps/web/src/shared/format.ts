import dayjs from 'dayjs';

// UI.md: dates DD-MM-YYYY everywhere, numbers in en-IN grouping (12,34,567).
export const formatDate = (iso: string): string => dayjs(iso).format('DD-MM-YYYY');
export const formatDateTime = (iso: string): string => dayjs(iso).format('DD-MM-YYYY HH:mm');
export const formatCount = (value: number): string => value.toLocaleString('en-IN');
