// The action asked of a supplier per reconciliation status, in the column of the run's source, with the reason.
import { describe, expect, it } from 'vitest';
import { requiredActionsOf, type RowForNotice } from './action-required';

const row = (over: Partial<RowForNotice>): RowForNotice => ({
  status: 'PR only',
  portalSource: 'GSTR2B',
  imsAction: null,
  booksNumber: 'A-1',
  booksDate: '2025-03-05',
  booksTaxable: 100_00,
  booksTax: 18_00,
  portalNumber: null,
  portalDate: null,
  portalTaxable: 0,
  portalTax: 0,
  ...over,
});

describe('requiredActionsOf', () => {
  it('asks nothing of matched, excluded and discarded rows', () => {
    for (const status of ['Matched', 'Matched due to tolerance', 'Excluded', 'Discarded']) {
      expect(requiredActionsOf(row({ status }))).toBeNull();
    }
  });

  it('puts the ask in the column of the run’s source', () => {
    expect(requiredActionsOf(row({ portalSource: 'GSTR2A' }))).toMatchObject({
      actionRequired: 'ReportInGstr1',
      gstr2aReason: 'In our purchase register, not in our GSTR-2A.',
      gstr2bActionRequired: null,
    });
    expect(requiredActionsOf(row({}))).toMatchObject({ actionRequired: null, gstr2bActionRequired: 'ReportInGstr1' });
    expect(requiredActionsOf(row({ portalSource: 'IMS', status: 'GST only' }))).toMatchObject({
      imsActionRequired: 'ConfirmDocument',
      imsReason: 'In our IMS, not in our purchase register.',
    });
  });

  it('names what differs on a mismatch', () => {
    const asked = requiredActionsOf(
      row({ status: 'Mismatched', portalNumber: 'A-1', portalDate: '2025-03-07', portalTaxable: 90_00, portalTax: 18_00 }),
    );
    expect(asked?.gstr2bActionRequired).toBe('AmendInGstr1');
    expect(asked?.gstr2bReason).toBe(
      'Differs from our books: taxable value: ours ₹100.00, yours ₹90.00; document date: ours 2025-03-05, yours 2025-03-07.',
    );
    expect(requiredActionsOf(row({ status: 'Recipient GSTIN differs' }))?.gstr2bActionRequired).toBe('CorrectRecipientGstin');
    expect(requiredActionsOf(row({ status: 'Awaiting 2B' }))?.gstr2bActionRequired).toBe('FileGstr1');
  });

  it('asks an amendment of a record rejected in IMS, even when the pair matched', () => {
    expect(requiredActionsOf(row({ status: 'Matched', imsAction: 'Reject' }))).toMatchObject({
      gstr2bActionRequired: null,
      imsActionRequired: 'AmendAfterImsRejection',
      imsReason: 'Rejected by us in IMS.',
    });
    expect(requiredActionsOf(row({ status: 'Matched', imsAction: 'Accept' }))).toBeNull();
  });
});
