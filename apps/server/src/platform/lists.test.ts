import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { orderByOf } from './lists';
import { neutraliseFormula } from '../files/xlsx-writer';

const dialect = new PgDialect();
const sqlOf = (parts: ReturnType<typeof orderByOf>) => parts.map((p) => dialect.sqlToQuery(p).sql).join(', ');

describe('sortExpression', () => {
  const columns = { id: users.id, userName: users.userName };
  it('orders by an allowed column, the id breaking ties', () => {
    expect(sqlOf(orderByOf('userName DESC', columns, 'id DESC', users.id))).toBe('"users"."user_name" desc, "users"."id" desc');
    expect(sqlOf(orderByOf(null, columns, 'id DESC', users.id))).toBe('"users"."id" desc');
  });
  it('refuses any other column or form (no SQL from the client)', () => {
    const inherited = ['constructor ASC', 'toString DESC', '__proto__ ASC', 'hasOwnProperty ASC', 'valueOf DESC'];
    for (const bad of ['password_hash DESC', 'userName', 'userName DESC; drop table users', 'id SIDEWAYS', ...inherited]) {
      expect(() => orderByOf(bad, columns, 'id DESC', users.id)).toThrow(/Sort by one of: id, userName/);
    }
  });
});

describe('formula injection in exports', () => {
  it('prefixes what a spreadsheet would run, and leaves the rest', () => {
    for (const risky of ['=HYPERLINK("x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) expect(neutraliseFormula(risky)).toBe(`'${risky}`);
    for (const safe of ['INV-001', '27AABCD1234E1Z8', 'a=b', '', '+91 98765 43210', '-1,234.50'])
      expect(neutraliseFormula(safe)).toBe(safe);
    for (const risky of ['-1+cmd|calc', '+1E1+1', '-2,3)+HYPERLINK("x")']) expect(neutraliseFormula(risky)).toBe(`'${risky}`);
  });
});
