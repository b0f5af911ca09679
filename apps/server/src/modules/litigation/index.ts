// The litigation module's face to other modules.
export { importNoticeRecords, noticeRecordIssues, type NoticeRecord } from './notices-import';
export { findNoticeOptions, noticeWhere, type NoticeScope } from './notices.repo';
export { consultantOfPrincipal, CONTINGENT_ASSESSED } from './notice-reach';
export { noticeFileAccess } from './notice-documents.service';
