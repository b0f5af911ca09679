import type { ConsolidatedEwaybillStatus, EwaybillStatus } from './ewaybill.schemas';

// UI text of /e-way-bill and /consolidated-eway-bill (English). Keys are stable.

export const EWAYBILL_STATUS_TEXT: Readonly<Record<EwaybillStatus, string>> = {
  YetNotGenerated: 'Yet not generated',
  Generated: 'Generated',
  InProgress: 'In progress',
  Cancelled: 'Cancelled',
  TransporterUpdated: 'Transporter updated',
  TransportDetailsUpdated: 'Transport details updated',
  Expired: 'Expired',
  Rejected: 'Rejected',
  ValidityExtended: 'Validity extended',
  Delivered: 'Delivered',
  Error: 'Error',
  MultiVehicleInitiated: 'Multi-vehicle initiated',
  MultiVehicleAdded: 'Multi-vehicle added',
  MultiVehicleUpdated: 'Multi-vehicle updated',
  Discarded: 'Discarded',
  VehicleDetailUpdated: 'Vehicle detail updated',
};

export const CONSOLIDATED_EWAYBILL_STATUS_TEXT: Readonly<Record<ConsolidatedEwaybillStatus, string>> = {
  YetNotGenerated: 'Yet not generated',
  Generated: 'Generated',
  Regenerated: 'Regenerated',
  Error: 'Error',
};

export const EWAYBILL_TEXT = {
  'ewaybill.title': 'E-Way Bill',
  'ewaybill.consolidatedTitle': 'Consolidated E-Way Bill',
  'ewaybill.status': 'E-way bill status',
  'ewaybill.sourceType': 'Source type',
  'ewaybill.ewbNumber': 'E-way bill no.',
  'ewaybill.validUntil': 'Valid until',
  'ewaybill.vehicle': 'Vehicle',
  'ewaybill.sandbox':
    'Connected to this installation’s e-way bill sandbox, not to NIC: e-way bills generated here are not registered with the government. Set EWB_URL to a GSP’s e-way bill API to register real ones.',
} as const satisfies Record<string, string>;
