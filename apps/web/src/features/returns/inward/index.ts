// The inward data components another screen composes (the reconciliation screen's "auto data download summary" tab and
// its download button): simple props, and nothing of the returns screens imported.
export { AutoDownloadSummary, type AutoDownloadSummaryProps } from './AutoDownloadSummary';
export { BulkInwardDownload, type BulkInwardDownloadProps } from './BulkInwardDownload';
