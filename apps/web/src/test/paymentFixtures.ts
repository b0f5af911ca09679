import type { Challan, HeadMinorAmounts } from '@opengst/contracts';
import { MUMBAI } from './entityFixtures';

// Challans of the screen tests: Mumbai's, generated at the project's portal sandbox.

const NONE = { tax: 0, interest: 0, penalty: 0, fee: 0, others: 0 };
export const AMOUNTS: HeadMinorAmounts = {
  igst: { ...NONE, tax: 6_000_00 },
  cgst: { ...NONE, tax: 580_00, interest: 20_00 },
  sgst: { ...NONE, tax: 600_00 },
  cess: NONE,
};

export const challan = (overrides: Partial<Challan> = {}): Challan => ({
  id: 7,
  entityId: MUMBAI.entityId,
  entityName: MUMBAI.entityName,
  gstin: MUMBAI.gstin ?? '',
  cpin: '25082700000001',
  mode: 'netBanking',
  bankCode: 'HDFC',
  amounts: AMOUNTS,
  total: 7_200_00,
  createdOn: '2025-08-05',
  validUntil: '2025-08-20',
  status: 'Generated',
  cin: null,
  brn: null,
  paidOn: null,
  createdBy: 'Asha Admin',
  sandbox: true,
  ...overrides,
});
