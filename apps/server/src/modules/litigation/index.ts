// The litigation module's face to other modules.
export { importNoticeRecords, noticeRecordIssues, type NoticeRecord } from './notices-import';
