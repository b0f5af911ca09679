// Taxpayer (registration) types as the GST portal's taxpayer search reports them, with the GSTIN format each uses.
import type { GstinKind } from '../identity/gstin';

export const TAXPAYER_TYPES = {
  Regular: { name: 'Regular', gstinKinds: ['regular', 'government'], source: 's.22, s.25' },
  Composition: { name: 'Composition', gstinKinds: ['regular'], source: 's.10 (files CMP-08 and GSTR-4; issues bills of supply)' },
  CasualTaxablePerson: { name: 'Casual Taxable Person', gstinKinds: ['regular'], source: 's.2(20), s.27' },
  InputServiceDistributor: {
    name: 'Input Service Distributor (ISD)',
    gstinKinds: ['regular'],
    source: 's.2(61), s.24(viii); files GSTR-6',
  },
  TaxDeductor: { name: 'Tax Deductor', gstinKinds: ['tds', 'regular'], source: 's.51; files GSTR-7' },
  TaxCollector: { name: 'Tax Collector (Electronic Commerce Operator)', gstinKinds: ['tcs'], source: 's.52; files GSTR-8' },
  NonResidentTaxablePerson: { name: 'Non Resident Taxable Person', gstinKinds: ['nonResident'], source: 's.2(77), s.27; files GSTR-5' },
  NonResidentOnlineServicesProvider: {
    name: 'Non Resident Online Services Provider',
    gstinKinds: ['oidar'],
    source: 'IGST Act s.14; files GSTR-5A',
  },
  SezUnit: { name: 'SEZ Unit', gstinKinds: ['regular'], source: 'IGST Act s.16; SEZ Act 2005' },
  SezDeveloper: { name: 'SEZ Developer', gstinKinds: ['regular'], source: 'IGST Act s.16; SEZ Act 2005' },
  UnBody: { name: 'UN Body', gstinKinds: ['uin'], source: 's.25(9)(a)' },
  Embassy: { name: 'Embassy', gstinKinds: ['uin'], source: 's.25(9)(b)' },
  OtherNotifiedPerson: { name: 'Other Notified Person', gstinKinds: ['uin'], source: 's.25(9)(c)' },
} as const satisfies Record<string, { name: string; gstinKinds: readonly GstinKind[]; source: string }>;

export type TaxpayerType = keyof typeof TAXPAYER_TYPES;

export const isTaxpayerType = (value: string): value is TaxpayerType => Object.hasOwn(TAXPAYER_TYPES, value);
