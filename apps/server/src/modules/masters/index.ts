// The masters module's face to other modules.
export { searchOfficialHsn } from './official-hsn.service';
export { drawSeriesNumber, previewSeriesNumber, SeriesDrawError, type SeriesPreview } from './series/numbering';
export { importSeriesRecords, seriesRecordIssues, type SeriesRecord } from './series/series-import';
export { isSignInAddressAllowed } from './ip-addresses/ip-addresses.service';
