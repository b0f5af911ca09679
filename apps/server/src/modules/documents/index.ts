// The documents module's face to other modules. The import's reader thread loads it (its COPY lines follow
// DOCUMENT_FIELDS): what is exported here should load no database driver, which that thread never uses.
export {
  DOCUMENT_FIELDS,
  documentColumnsOf,
  type DocumentField,
  IMPORTED_DOCUMENT_FIELDS,
  type ImportedDocumentField,
  type ImportedDocumentFieldName,
  RETURN_DOCUMENT_FIELDS,
} from './document-fields';
