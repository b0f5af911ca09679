import type { NoticeDocumentKind } from './notice-documents.schemas';

// UI text of a notice's documents (/create-litigation, /edit-litigation; issue 23), English. Keys are stable.
export const NOTICE_DOCUMENT_KIND_TEXT: Readonly<Record<NoticeDocumentKind, string>> = {
  Notice: 'Notice',
  Annexure: 'Annexure',
  Reply: 'Reply',
  Order: 'Order',
  Appeal: 'Appeal',
  Payment: 'Payment proof',
  Other: 'Other',
};

export const NOTICE_DOCUMENTS_TEXT = {
  'noticeDocuments.title': 'Documents',
  'noticeDocuments.kind': 'Kind of document',
  'noticeDocuments.note': 'Note',
  'noticeDocuments.empty': 'No documents yet. Upload the notice PDF, its annexures, your replies and the orders here.',
  'noticeDocuments.name': 'File',
  'noticeDocuments.size': 'Size',
  'noticeDocuments.by': 'Uploaded by',
  'noticeDocuments.delete': 'Delete document',
  'noticeDocuments.deleteConfirm': 'Delete {name} from this notice? The file is removed with it.',
  'noticeDocuments.attached': '{name} attached.',
  'noticeDocuments.deleted': '{name} deleted.',
  'noticeDocuments.readOnly': 'You can read the documents; adding or deleting them needs the right to edit notices.',
  'noticeDocuments.event': 'Belongs to (timeline)',
  'noticeDocuments.eventFile': 'Attach a document (optional)',
  'noticeDocuments.eventFileFailed': 'The move is recorded, but {name} was not attached: {reason}',
} as const;
export type NoticeDocumentsTextKey = keyof typeof NOTICE_DOCUMENTS_TEXT;
export const noticeDocumentsText = (key: NoticeDocumentsTextKey, values: Record<string, string | number> = {}): string =>
  NOTICE_DOCUMENTS_TEXT[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
