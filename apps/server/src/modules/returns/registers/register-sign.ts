// A register ties to its return: a credit note counts negative in every total and amount it shows (documentSign in the
// domain, CGST Act s.34), while the document itself keeps its amounts positive.
import { NEGATIVE_DOCUMENT_TYPES } from '@opengst/domain';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `amount` with the sign of its document's type, in SQL. */
export const signedAmount = (amount: AnyPgColumn, documentType: AnyPgColumn): SQL<number> =>
  sql<number>`case when ${inArray(documentType, [...NEGATIVE_DOCUMENT_TYPES])} then -${amount} else ${amount} end`;
