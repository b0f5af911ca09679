import type { ErrorItem } from '@opengst/contracts';

// Spec core §2 "Error summary": identical messages under several headings are shown once with every heading,
// and warnings are kept apart from errors.

export type ErrorSection = { heading: string; errors: readonly ErrorItem[] };
export type GroupedMessage = { message: string; headings: string[] };
export type GroupedErrors = { errors: GroupedMessage[]; warnings: GroupedMessage[] };

const addTo = (groups: Map<string, GroupedMessage>, message: string, heading: string): void => {
  const group = groups.get(message) ?? { message, headings: [] };
  if (heading && !group.headings.includes(heading)) group.headings.push(heading);
  groups.set(message, group);
};

export const groupErrors = (sections: readonly ErrorSection[]): GroupedErrors => {
  const errors = new Map<string, GroupedMessage>();
  const warnings = new Map<string, GroupedMessage>();
  for (const section of sections) {
    for (const item of section.errors) addTo(item.type === 'Warning' ? warnings : errors, item.message, section.heading);
  }
  return { errors: [...errors.values()], warnings: [...warnings.values()] };
};

export type ResultStatus = 'SuccessWithError' | 'Failed' | string;

/** Spec core §2: the modal's title follows the result status, else whether the items are errors or warnings. */
export const errorModalTitleKey = (
  status: ResultStatus,
  items: readonly ErrorItem[],
): 'errors.successWithError' | 'errors.failed' | 'errors.warning' | 'errors.error' => {
  if (status === 'SuccessWithError') return 'errors.successWithError';
  if (status === 'Failed') return 'errors.failed';
  return items.length > 0 && items.every((item) => item.type === 'Warning') ? 'errors.warning' : 'errors.error';
};
