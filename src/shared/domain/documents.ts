import { z } from 'zod';

// Legal documents attached to cases (issue 7; legal and medicolegal platforms). The allow-list,
// the file-name rules and the limits live here so the upload dialog checks a file exactly as the
// server will; the server adds content sniffing (src/server/domains/documents/document-files.ts).

/** The default upload limit; the server's DOCUMENT_MAX_BYTES may set another (the list reports it). */
export const DOCUMENT_MAX_BYTES_DEFAULT = 10 * 1024 * 1024;
export const DOCUMENT_FILE_NAME_MAX = 200;
/** Pixels an image the server decodes may have (decision 0043): a decoder needs 4 bytes a pixel whatever the file's size. */
export const IMAGE_MAX_MEGAPIXELS = 25;
/** The list answers at most this many documents, newest first; filters narrow it. */
export const DOCUMENT_LIST_LIMIT = 200;

export const DOCUMENT_KINDS = ['pdf', 'docx', 'doc', 'odt', 'rtf', 'txt', 'png', 'jpeg'] as const;
export type TDocumentKind = (typeof DOCUMENT_KINDS)[number];

interface DocumentKindInfo {
  label: string;
  /** The Content-Type stored and served: ours, never the browser's claim. */
  contentType: string;
  extensions: readonly string[];
}

export const DOCUMENT_KIND_INFO: Record<TDocumentKind, DocumentKindInfo> = {
  pdf: { label: 'PDF', contentType: 'application/pdf', extensions: ['pdf'] },
  docx: { label: 'Word document', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] },
  doc: { label: 'Word 97–2003 document', contentType: 'application/msword', extensions: ['doc'] },
  odt: { label: 'OpenDocument text', contentType: 'application/vnd.oasis.opendocument.text', extensions: ['odt'] },
  rtf: { label: 'Rich text', contentType: 'application/rtf', extensions: ['rtf'] },
  txt: { label: 'Plain text', contentType: 'text/plain; charset=utf-8', extensions: ['txt'] },
  png: { label: 'PNG image', contentType: 'image/png', extensions: ['png'] },
  jpeg: { label: 'JPEG image', contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
};

export const DOCUMENT_EXTENSIONS: readonly string[] = DOCUMENT_KINDS.flatMap((kind) => DOCUMENT_KIND_INFO[kind].extensions);
/** For <input type="file" accept>. */
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');
export const DOCUMENT_TYPES_TEXT = 'PDF, DOCX, DOC, ODT, RTF, TXT, PNG or JPEG';

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** The allowed kind a file name claims by its extension, or null. */
export function documentKindOfName(fileName: string): TDocumentKind | null {
  const ext = extensionOf(fileName);
  return DOCUMENT_KINDS.find((kind) => DOCUMENT_KIND_INFO[kind].extensions.includes(ext)) ?? null;
}

export function documentKindOfContentType(contentType: string): TDocumentKind | null {
  return DOCUMENT_KINDS.find((kind) => DOCUMENT_KIND_INFO[kind].contentType === contentType) ?? null;
}

// C0/C1 controls, and the bidi overrides that make 'invoice‮fdp.exe' read as '…exe.pdf'.
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// Reserved on Windows, where the file lands when downloaded.
const RESERVED_CHARS = /[<>:"|?*]/g;

/**
 * A name safe to store and to offer back in Content-Disposition: the last path segment only, no
 * control or direction-override characters, no Windows-reserved characters, no leading dots, at
 * most DOCUMENT_FILE_NAME_MAX characters (the extension kept). '' when nothing usable is left.
 */
export function sanitiseFileName(raw: string): string {
  const lastSegment = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    .replace(UNSAFE_CHARS, '')
    .replace(RESERVED_CHARS, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  const chars = Array.from(cleaned); // code points, so a cut never splits a surrogate pair
  if (chars.length <= DOCUMENT_FILE_NAME_MAX) return cleaned;
  const ext = extensionOf(cleaned);
  const keep = ext && ext.length < 20 ? DOCUMENT_FILE_NAME_MAX - ext.length - 1 : DOCUMENT_FILE_NAME_MAX;
  const base = chars.slice(0, keep).join('').trimEnd();
  return ext && ext.length < 20 ? `${base}.${ext}` : base;
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Number((bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0))} KB`;
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const ZDocumentListInput = z
  .object({
    caseId: z.preprocess(blankToUndefined, z.string().trim().max(64, 'Case id must be at most 64 characters').optional()),
    search: z.preprocess(blankToUndefined, z.string().trim().max(100, 'Search must be at most 100 characters').optional()),
  })
  .prefault({});
export type TDocumentListInput = z.infer<typeof ZDocumentListInput>;

/** GET /api/documents?caseId= (issue 18): the documents of one case, on every platform. */
export const ZCaseDocumentListInput = z.object({
  caseId: z.string({ error: 'Choose a case' }).trim().min(1, 'Choose a case').max(64, 'Case id must be at most 64 characters'),
});
export type TCaseDocumentListInput = z.infer<typeof ZCaseDocumentListInput>;
/** Upload a document to a case on any platform (multipart caseId + file). */
export const CASE_DOCUMENT_UPLOAD_URL = '/api/documents';
/** Where the case page downloads a document on any platform (caseFile.view; the legal path needs legalDocuments.view). */
export const caseDocumentDownloadUrl = (id: string) => `${CASE_DOCUMENT_UPLOAD_URL}/${encodeURIComponent(id)}/download`;

export const ZDocumentIdInput = z.object({ id: z.string('Document id is required').trim().min(1, 'Document id is required').max(64) });
export type TDocumentIdInput = z.infer<typeof ZDocumentIdInput>;

/** The text fields of the multipart upload (the file itself is checked by the rules above). */
export const ZUploadDocumentFields = z.object({
  caseId: z.string('Choose a case').trim().min(1, 'Choose a case').max(64, 'Case id must be at most 64 characters'),
});
export type TUploadDocumentFields = z.infer<typeof ZUploadDocumentFields>;

export const ZLegalDocument = z.object({
  id: z.string(),
  caseId: z.string(),
  /** The case's patient / client name. */
  caseName: z.string(),
  caseType: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  sizeBytes: z.number(),
  sha256: z.string(),
  uploadedById: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.string(),
});
export type TLegalDocument = z.infer<typeof ZLegalDocument>;

export const ZLegalDocumentList = z.object({
  items: z.array(ZLegalDocument),
  /** How many match the filters; more than items.length when the list was cut at DOCUMENT_LIST_LIMIT. */
  total: z.number(),
  /** The server's upload limit, so the dialog states and checks the limit actually enforced. */
  maxUploadBytes: z.number(),
});
export type TLegalDocumentList = z.infer<typeof ZLegalDocumentList>;

export const ZDeletedDocument = z.object({ id: z.string(), caseId: z.string() });

/** Where the browser downloads a document (a plain route: it answers bytes, not JSON). */
export const documentDownloadUrl = (id: string) => `/api/legal-documents/${encodeURIComponent(id)}/download`;
export const DOCUMENT_UPLOAD_URL = '/api/legal-documents';
