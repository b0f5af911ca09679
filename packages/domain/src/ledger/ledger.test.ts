import { describe, expect, it } from 'vitest';
import { accountIssues, GST_HEAD_CODES, GST_HEADS, requiredTypeOfGstHead, type AccountType } from './accounts';
import { describeChildren, groupInUseReason, orderByParent, pathOf, placementIssue, type AccountNode } from './tree';

const node = (id: number, parentId: number | null, name: string, extra: Partial<AccountNode> = {}): AccountNode => ({
  id,
  parentId,
  code: `C${id}`,
  name,
  accountType: 'Asset',
  isGroup: true,
  status: 'Active',
  ...extra,
});
const ledger = { code: 'GST-IN/CG.1', name: 'Input CGST', accountType: 'Asset' as AccountType, isGroup: false, gstHead: null };

describe('accountIssues', () => {
  it('accepts letters, digits and - / . up to 20 characters', () => {
    expect(accountIssues(ledger)).toEqual([]);
    expect(accountIssues({ ...ledger, code: 'A'.repeat(20) })).toEqual([]);
  });
  it.each([
    ['', 'The code is required.'],
    ['A'.repeat(21), 'at most 20 characters'],
    ['GST IN', "only letters, digits, '-', '/' and '.'"],
    ['GST_IN', "only letters, digits, '-', '/' and '.'"],
  ])('refuses the code %j', (code, message) => {
    const [issue] = accountIssues({ ...ledger, code });
    expect(issue?.propertyName).toBe('code');
    expect(issue?.message).toContain(message);
  });
  it('refuses a blank or over-long name', () => {
    expect(accountIssues({ ...ledger, name: ' ' })).toEqual([{ propertyName: 'name', message: 'The name is required.' }]);
    expect(accountIssues({ ...ledger, name: 'N'.repeat(101) })[0]?.message).toContain('at most 100');
  });

  // The rule: input tax is an Asset (credit held), output tax and reverse-charge payable a Liability.
  it.each(GST_HEAD_CODES.filter((head) => GST_HEADS[head].kind === 'Input'))('input head %s needs an Asset', (gstHead) => {
    expect(accountIssues({ ...ledger, gstHead, accountType: 'Asset' })).toEqual([]);
    const [issue] = accountIssues({ ...ledger, gstHead, accountType: 'Liability' });
    expect(issue?.propertyName).toBe('gstHead');
    expect(issue?.message).toContain('must be an Asset (input tax is credit you hold), not a Liability');
  });
  it.each(GST_HEAD_CODES.filter((head) => ['Output', 'ReverseCharge'].includes(GST_HEADS[head].kind)))(
    'output or reverse-charge head %s needs a Liability',
    (gstHead) => {
      expect(accountIssues({ ...ledger, gstHead, accountType: 'Liability' })).toEqual([]);
      expect(accountIssues({ ...ledger, gstHead, accountType: 'Expense' })[0]?.message).toContain(
        'must be a Liability (the tax is owed to the Government), not an Expense',
      );
    },
  );
  it('forces no type for interest, late fee, penalty and the like', () => {
    for (const head of ['GstInterest', 'GstLateFee', 'GstPenalty', 'ItcReversal', 'ElectronicCashLedger'] as const) {
      expect(requiredTypeOfGstHead(head)).toBeNull();
      expect(accountIssues({ ...ledger, gstHead: head, accountType: 'Expense' })).toEqual([]);
    }
  });
  it('names the head by its label and refuses a head on a group', () => {
    expect(accountIssues({ ...ledger, gstHead: 'OutputCgst', accountType: 'Asset' })[0]?.message).toContain('"Output CGST"');
    expect(accountIssues({ ...ledger, isGroup: true, gstHead: 'InputIgst' })[0]?.message).toContain('A group carries no GST head');
  });
});

describe('tree', () => {
  const nodes = new Map<number, AccountNode>([
    [1, node(1, null, 'Current assets')],
    [2, node(2, 1, 'Duties and taxes')],
    [3, node(3, 2, 'Input CGST', { isGroup: false })],
    [4, node(4, null, 'Expenses', { accountType: 'Expense' })],
    [5, node(5, 2, 'GST receivable')],
  ]);

  it('gives the path from the root', () => {
    expect(pathOf(3, nodes)).toEqual(['Current assets', 'Duties and taxes', 'Input CGST']);
    expect(pathOf(9, nodes)).toEqual([]);
  });
  it('places an account under a group of its own type only', () => {
    expect(placementIssue(nodes, { id: null, name: 'Input SGST', accountType: 'Asset' }, 2)).toBeNull();
    expect(placementIssue(nodes, { id: null, name: 'X', accountType: 'Asset' }, 3)).toBe(
      '"Input CGST" is a ledger: only a group can hold accounts.',
    );
    expect(placementIssue(nodes, { id: null, name: 'X', accountType: 'Asset' }, 4)).toContain(
      '"Expenses" is an Expense group: an Asset account cannot sit under it',
    );
    expect(placementIssue(nodes, { id: null, name: 'X', accountType: 'Asset' }, 99)).toBe(
      'The parent group is not in your chart of accounts.',
    );
  });
  it('refuses moving a group under itself or its own descendant, with the path', () => {
    expect(placementIssue(nodes, { id: 2, name: 'Duties and taxes', accountType: 'Asset' }, 2)).toContain('cannot sit under itself');
    expect(placementIssue(nodes, { id: 1, name: 'Current assets', accountType: 'Asset' }, 5)).toBe(
      '"Current assets" cannot move under "GST receivable": that group is inside it (Current assets > Duties and taxes > GST receivable), so the tree would loop.',
    );
    // Moving a group sideways or up is fine.
    expect(placementIssue(nodes, { id: 5, name: 'GST receivable', accountType: 'Asset' }, 1)).toBeNull();
  });
  it('says what a group holds', () => {
    expect(describeChildren([{ isGroup: false }, { isGroup: false }])).toBe('2 ledgers');
    expect(describeChildren([{ isGroup: true }, { isGroup: false }])).toBe('1 group and 1 ledger');
    expect(
      groupInUseReason(
        { name: 'Duties and taxes' },
        Array.from({ length: 6 }, () => ({ isGroup: false })),
      ),
    ).toBe('Duties and taxes holds 6 ledgers; move or delete them first.');
  });
});

describe('orderByParent', () => {
  const r = (code: string, parentCode: string | null = null) => ({ code, parentCode });
  it('writes a parent before its children wherever it stands in the file', () => {
    const records = [r('L1', 'G2'), r('G2', 'g1'), r('G1'), r('L2', 'OLD')];
    const { order, issues } = orderByParent(records, new Set(['old']));
    expect(issues).toEqual([]);
    expect(order.map((i) => records[i]?.code)).toEqual(['G1', 'L2', 'G2', 'L1']);
  });
  it('refuses an unknown parent, and the rows under a refused row', () => {
    const records = [r('A', 'NOPE'), r('B', 'A'), r('C', 'B'), r('D')];
    const { order, issues } = orderByParent(records, new Set());
    expect(order).toEqual([3]);
    expect(issues.map((i) => [i.index, i.message])).toEqual([
      [0, 'The parent code "NOPE" is neither in your chart of accounts nor a row of this file.'],
      [1, 'Its parent "A" is refused in this file, so it has no group to sit under.'],
      [2, 'Its parent "B" is refused in this file, so it has no group to sit under.'],
    ]);
  });
  it('refuses parent codes that loop, with the loop', () => {
    const records = [r('A', 'B'), r('B', 'A'), r('C', 'A'), r('S', 's')];
    const { order, issues } = orderByParent(records, new Set(['a']));
    expect(order).toEqual([]);
    expect(issues.map((i) => i.message)).toEqual([
      'The parent codes of this file loop (A > B > A): a group cannot sit under its own account.',
      'The parent codes of this file loop (B > A > B): a group cannot sit under its own account.',
      'Its parent "A" sits in a loop of parent codes in this file, so it has no group to sit under.',
      '"S" cannot be its own parent.',
    ]);
  });
});
