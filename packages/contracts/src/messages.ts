import { z } from 'zod';

// What a user reads when a value is refused by a schema without a message of its own: words, not zod's
// "Too small: expected number to be >0". Schemas that know better (a GSTIN, a return period) keep their own message.
// Configured once for every schema when the contracts load, on the server and in the browser alike.

type Issue = z.core.$ZodRawIssue;

const EXPECTED: Record<string, string> = {
  number: 'Enter a number.',
  int: 'Enter a whole number.',
  string: 'Enter a value.',
  boolean: 'Choose yes or no.',
  array: 'Choose one or more values.',
  object: 'Fill in this part of the form.',
  date: 'Enter a date.',
};

const count = (n: number | bigint, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 || n === 1n ? one : many}`;

/** The message of an issue in words, or undefined to keep zod's (never reached for the codes below). */
export const messageOf = (issue: Issue): string | undefined => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? 'This field is required.'
        : (EXPECTED[issue.expected] ?? 'Enter a valid value.');
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'string')
        return Number(min) <= 1 ? 'This field is required.' : `Enter at least ${count(min, 'character', 'characters')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return Number(min) <= 1 ? 'Choose at least one.' : `Choose at least ${min}.`;
      if (issue.origin === 'date') return 'The date is too early.';
      if (Number(min) === 0 && !issue.inclusive) return 'Choose or enter a value.';
      return issue.inclusive === false ? `Enter a number above ${min}.` : `Enter ${min} or more.`;
    }
    case 'too_big': {
      const max = issue.maximum;
      if (issue.origin === 'string') return `Enter at most ${count(max, 'character', 'characters')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${max}.`;
      if (issue.origin === 'date') return 'The date is too late.';
      return issue.inclusive === false ? `Enter a number below ${max}.` : `Enter ${max} or less.`;
    }
    case 'invalid_value':
      return issue.values.length <= 12 ? `Choose one of: ${issue.values.map(String).join(', ')}.` : 'Choose one of the listed values.';
    case 'invalid_format':
      return issue.format === 'date'
        ? 'Enter a real date.'
        : issue.format === 'email'
          ? 'Enter an e-mail address.'
          : 'The format is not valid.';
    case 'unrecognized_keys':
      return `Not expected here: ${issue.keys.join(', ')}.`;
    default:
      return undefined;
  }
};

z.config({ customError: messageOf });
