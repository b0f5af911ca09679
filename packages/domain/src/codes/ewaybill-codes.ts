// E-way bill code lists (NIC e-way bill API v1.03; ../shared/data/ewaybill/ewaybill_code_lists.json).
export const EWB_SUPPLY_TYPES = { O: 'Outward', I: 'Inward' } as const;

export const EWB_SUB_SUPPLY_TYPES = {
  1: 'Supply',
  2: 'Import',
  3: 'Export',
  4: 'Job Work',
  5: 'For Own Use',
  6: 'Job Work Returns',
  7: 'Sales Return',
  8: 'Others',
  9: 'SKD/CKD',
  10: 'Line Sales',
  11: 'Recipient Not Known',
  12: 'Exhibition or Fairs',
} as const;

export const EWB_DOCUMENT_TYPES = {
  INV: 'Tax Invoice',
  BIL: 'Bill of Supply',
  BOE: 'Bill of Entry',
  CHL: 'Delivery Challan',
  OTH: 'Others',
} as const;

export const EWB_TRANSPORT_MODES = { 1: 'Road', 2: 'Rail', 3: 'Air', 4: 'Ship', 5: 'In Transit' } as const;

/** transactionType: 1 Regular, 2 Bill To - Ship To, 3 Bill From - Dispatch From, 4 both. */
export const EWB_TRANSACTION_TYPES = {
  1: 'Regular',
  2: 'Bill To - Ship To',
  3: 'Bill From - Dispatch From',
  4: 'Combination of 2 and 3',
} as const;

export const EWB_VEHICLE_TYPES = { R: 'Regular', O: 'Over Dimensional Cargo (ODC)' } as const;

export const EWB_CANCEL_REASONS = { 1: 'Duplicate', 2: 'Order Cancelled', 3: 'Data Entry Mistake', 4: 'Others' } as const;

export const EWB_UPDATE_VEHICLE_REASONS = { 1: 'Due to Break Down', 2: 'Due to Trans Shipment', 3: 'Others', 4: 'First Time' } as const;

export const EWB_EXTEND_VALIDITY_REASONS = {
  1: 'Natural Calamity',
  2: 'Law and Order Situation',
  4: 'Transshipment',
  5: 'Accident',
  99: 'Others',
} as const;

export const EWB_TRANSIT_TYPES = { R: 'Road', W: 'Warehouse', O: 'Others' } as const;

export const EWB_CONSIGNMENT_STATUS = { M: 'In Movement', T: 'In Transit' } as const;

/** GSTIN field value for an unregistered party ("URP") in e-way bills and e-invoices. */
export const UNREGISTERED_PERSON = 'URP';
