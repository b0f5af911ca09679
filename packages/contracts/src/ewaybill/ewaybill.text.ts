import { EWB_CANCEL_REASON_NAMES, EWB_EXTEND_REASON_NAMES, EWB_VEHICLE_REASON_NAMES } from '@opengst/domain';
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
  'ewaybill.search': 'Search by document number, e-way bill number, vehicle or buyer',
  'ewaybill.location': 'Location',
  'ewaybill.returnPeriod': 'Return period',
  'ewaybill.documentType': 'Document type',
  'ewaybill.document': 'Document',
  'ewaybill.date': 'Date',
  'ewaybill.buyer': 'Buyer',
  'ewaybill.value': 'Value (₹)',
  'ewaybill.generatedAt': 'Generated on',
  'ewaybill.timeLeft': '{time} left',
  'ewaybill.expiredAgo': 'expired {time} ago',
  'ewaybill.partA': 'Part A only: validity starts with the vehicle',
  'ewaybill.transporter': 'Transporter',
  'ewaybill.distance': 'Distance (km)',
  'ewaybill.mode': 'Mode',
  'ewaybill.empty':
    'No documents to move here. Tax invoices, bills of supply and delivery challans of your locations appear once saved or imported.',
  'ewaybill.detailTitle': 'E-way bill of {number}',
  'ewaybill.history': 'History',
  'ewaybill.problems': 'Why there is no e-way bill',
  'ewaybill.refresh': 'Read from the system',
  'ewaybill.cancel': 'Cancel',
  'ewaybill.updateVehicle': 'Update vehicle',
  'ewaybill.updateTransporter': 'Update transporter',
  'ewaybill.extend': 'Extend validity',
  'ewaybill.generate': 'Generate e-way bill',
  'ewaybill.consolidate': 'Consolidate',
  'ewaybill.consolidateTitle': 'Consolidated e-way bill of {n} e-way bills',
  'ewaybill.regenerate': 'Change vehicle',
  'ewaybill.reason': 'Reason',
  'ewaybill.remark': 'Remark',
  'ewaybill.vehicleNumber': 'Vehicle number',
  'ewaybill.transportDocument': 'Transport document no.',
  'ewaybill.transportDocumentDate': 'Transport document date',
  'ewaybill.fromPlace': 'From place',
  'ewaybill.fromState': 'From state (code)',
  'ewaybill.fromPincode': 'From PIN code',
  'ewaybill.remainingDistance': 'Remaining distance (km)',
  'ewaybill.consignmentStatus': 'Consignment',
  'ewaybill.transporterId': 'Transporter id (GSTIN or TRANSIN)',
  'ewaybill.transporterName': 'Transporter name',
  'ewaybill.send': 'Send',
  'ewaybill.close': 'Close',
  'ewaybill.done': 'E-way bill {number}: {status}.',
  'ewaybill.tripSheet': 'Trip sheet no.',
  'ewaybill.ewaybills': 'E-way bills',
  'ewaybill.consolidatedEmpty':
    'No consolidated e-way bills yet. Select active e-way bills moving by road on E-Way Bill and consolidate them.',
  'ewaybill.consolidated': 'Consolidated e-way bill {number} generated.',
  'ewaybill.documentLabel': 'E-way bill',
  'ewaybill.documentNumber': 'E-way bill {number}, valid until {until}',
  'ewaybill.ewbUser': 'E-way bill API user',
  'ewaybill.ewbUserIntro':
    'The API user created for the GSTIN on the e-way bill portal (registration for API, through your GSP). The password is kept sealed; the next request to the e-way bill system signs in with it.',
  'ewaybill.ewbUserSandbox': 'The e-way bill sandbox takes the first user a GSTIN signs in with (OpenGST signs in as opengst_ewb).',
  'ewaybill.ewbUserName': 'API user name',
  'ewaybill.ewbUserPassword': 'API password',
  'ewaybill.save': 'Save',
  'ewaybill.ewbUserSaved': 'E-way bill API user of {gstin} saved.',
  'ewaybill.reject': 'Reject e-way bill',
  'ewaybill.rejectIntro':
    'As the other party named in an e-way bill another taxpayer generated, you may reject it within 72 hours of its generation; after that it is deemed accepted (Rule 138(12)).',
  'ewaybill.rejected': 'E-way bill {number} rejected.',
  'ewaybill.multi.title': 'Multi-vehicle movement',
  'ewaybill.multi.help':
    'From a transhipment place the goods go on in several vehicles: declare the quantity moved, then add each vehicle with its share (never more than declared).',
  'ewaybill.multi.start': 'Start multi-vehicle movement',
  'ewaybill.multi.add': 'Add vehicle',
  'ewaybill.multi.change': 'Change vehicle',
  'ewaybill.multi.group': 'Group {group}: {from} → {to}, {moved} of {total} {unit} in vehicles',
  'ewaybill.multi.toPlace': 'To place',
  'ewaybill.multi.toState': 'To state code',
  'ewaybill.multi.totalQuantity': 'Quantity moved',
  'ewaybill.multi.unit': 'Unit (UQC)',
  'ewaybill.multi.quantity': 'Quantity in this vehicle',
  'ewaybill.multi.left': '{left} {unit} left to place in vehicles',
  'ewaybill.multi.newVehicle': 'New vehicle number',
  'ewaybill.multi.none': 'No vehicle yet.',
  'ewaybill.sandbox':
    'Connected to this installation’s e-way bill sandbox, not to NIC: e-way bills generated here are not registered with the government. Set EWB_URL to a GSP’s e-way bill API to register real ones.',
} as const satisfies Record<string, string>;

export type EwaybillTextKey = keyof typeof EWAYBILL_TEXT;
/** The text of `key` with its {placeholders} filled. */
export const ewaybillText = (key: EwaybillTextKey, values: Record<string, string | number> = {}): string =>
  EWAYBILL_TEXT[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** Reason names of the API's code lists: the domain's (NIC e-way bill API v1.03, packages/domain/src/ewaybill/reasons.ts). */
export const EWB_VEHICLE_REASON_TEXT: Readonly<Record<string, string>> = EWB_VEHICLE_REASON_NAMES;
export const EWB_CANCEL_REASON_TEXT: Readonly<Record<string, string>> = EWB_CANCEL_REASON_NAMES;
export const EWB_EXTEND_REASON_TEXT: Readonly<Record<string, string>> = EWB_EXTEND_REASON_NAMES;
export const EWB_TRANSPORT_MODE_TEXT: Readonly<Record<string, string>> = {
  '1': 'Road',
  '2': 'Rail',
  '3': 'Air',
  '4': 'Ship',
  '5': 'In transit',
};
