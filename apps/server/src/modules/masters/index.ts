// The masters module's face to other modules.
export { searchOfficialHsn, syncHsnDirectory } from './official-hsn.service';
export { drawSeriesNumber, previewSeriesNumber, SeriesDrawError, type SeriesPreview } from './series/numbering';
export { importSeriesRecords, seriesRecordIssues, type SeriesRecord } from './series/series-import';
export { isSignInAddressAllowed } from './ip-addresses/ip-addresses.service';
export { importIpAddressRecords, type IpAddressRecord } from './ip-addresses/ip-addresses-import';
export {
  importNamedMasterRecords,
  namedMasterRecordIssues,
  type NamedMasterFields,
  type NamedMasterImportType,
} from './named-masters/named-masters-import';
export { importChartAccountRecords, type ChartAccountRecord } from './chart-of-accounts/chart-of-accounts-import';
export { checkHsnSac, SERVICE_UQC, type HsnSacChecked } from './hsn-sac/hsn-sac.rules';
export { officialHsnIndex } from './official-hsn.service';
export { partnerIssues } from './business-partners/business-partners.service';
export { assertOwnConsultants, consultantOfUser } from './consultants/consultants.repo';
export { importConsultantRecords, type ConsultantRecord } from './consultants/consultants-import';
