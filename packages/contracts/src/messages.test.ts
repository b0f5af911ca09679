import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DocumentSaveRequestSchema } from './documents/documents.schemas';
import './messages';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('messages in words', () => {
  it('says what is wrong without zod jargon', () => {
    const form = z.object({
      name: z.string().min(1),
      code: z.string().max(5),
      count: z.number().int().positive(),
      kind: z.enum(['A', 'B']),
      lines: z.array(z.string()).min(1),
    });
    expect(messagesOf(form, { code: 'TOOLONG', count: 0, kind: 'C', lines: [] })).toEqual([
      'name: This field is required.',
      'code: Enter at most 5 characters.',
      'count: Choose or enter a value.',
      'kind: Choose one of: A, B.',
      'lines: Choose at least one.',
    ]);
    expect(messagesOf(z.number(), 'x')).toEqual([': Enter a number.']);
  });

  it('keeps the messages schemas give themselves, and names a missing location in words', () => {
    expect(messagesOf(z.string().min(1, 'Name the report.'), '')).toEqual([': Name the report.']);
    const issues = messagesOf(DocumentSaveRequestSchema, { direction: 'Sales', entityId: 0 });
    expect(issues).toContain('entityId: Choose the location.');
    expect(issues.join('\n')).not.toMatch(/expected|Too small|Invalid input/);
  });
});
