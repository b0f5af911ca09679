// UI text of uploaded documents (spec core §5 types), English. Keys are stable.
export const FILES_TEXT = {
  'file.dropHere': 'Drop a file here or click to choose one',
  'file.types': 'PDF, Word (doc, docx), JPEG or PNG, up to {megabytes} MB',
  'file.refused': 'This file cannot be uploaded: use a PDF, Word (doc, docx), JPEG or PNG file of at most {megabytes} MB.',
  'file.uploading': 'Uploading {name}…',
  'file.download': 'Download',
} as const;
export type FilesTextKey = keyof typeof FILES_TEXT;
export const filesText = (key: FilesTextKey, values: Record<string, string | number> = {}): string =>
  FILES_TEXT[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
