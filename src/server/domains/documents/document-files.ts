import type { z } from 'zod';
import { AppError, VALIDATION_MESSAGE } from '../../errors';
import { DOCUMENT_KIND_INFO, DOCUMENT_TYPES_TEXT, type TDocumentKind, documentKindOfName, formatFileSize, sanitiseFileName } from '../../../shared/domain/documents';

// What an uploaded file really is. The extension says what the uploader claims; the first bytes say
// what it is. Both must name the same allowed kind, so an .exe renamed .pdf, or a PNG called .pdf,
// is refused. The stored Content-Type comes from our allow-list, never from the browser.

export const tooLarge = (maxBytes: number) => new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the ${formatFileSize(maxBytes)} limit.`);

/** A multipart upload as the routes read it: its text fields and its one file. */
export interface UploadParts {
  fields: Record<string, unknown>;
  fileName: string | null;
  bytes: Uint8Array | null;
  maxBytes: number;
}

/**
 * The fields by their shared schema and the file's presence, every problem named at once (400), then
 * the size (413): the first checks of every upload, before anything is read from the file.
 */
export function parseUploadParts<T extends z.ZodType>(schema: T, input: UploadParts): { fields: z.infer<T>; fileName: string; bytes: Uint8Array } {
  const parsed = schema.safeParse(input.fields);
  const fieldErrors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.') || 'input'] ??= issue.message;
  if (!input.bytes || input.fileName === null) fieldErrors.file = 'Choose a file to upload';
  else if (input.bytes.length === 0) fieldErrors.file = 'The file is empty';
  if (!parsed.success || !input.bytes || input.fileName === null || Object.keys(fieldErrors).length > 0) {
    throw new AppError('BAD_REQUEST', VALIDATION_MESSAGE, fieldErrors);
  }
  if (input.bytes.length > input.maxBytes) throw tooLarge(input.maxBytes);
  return { fields: parsed.data, fileName: input.fileName, bytes: input.bytes };
}

const unsupported = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message);

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

const PDF = ascii('%PDF-');
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const RTF = ascii('{\\rtf');
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const UTF8_BOM = [0xef, 0xbb, 0xbf];

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Whether the content is what the kind says (magic bytes; text: valid UTF-8 without NULs). */
export function contentMatches(kind: TDocumentKind, bytes: Uint8Array): boolean {
  switch (kind) {
    case 'pdf':
      return startsWith(bytes, PDF);
    case 'docx':
    case 'odt':
      return startsWith(bytes, ZIP);
    case 'doc':
      return startsWith(bytes, OLE2);
    case 'rtf':
      return startsWith(bytes, RTF) || (startsWith(bytes, UTF8_BOM) && startsWith(bytes, RTF, UTF8_BOM.length));
    case 'png':
      return startsWith(bytes, PNG);
    case 'jpeg':
      return startsWith(bytes, JPEG);
    case 'txt':
      return isUtf8Text(bytes);
  }
}

export interface CheckedFile {
  fileName: string;
  kind: TDocumentKind;
  contentType: string;
}

/**
 * The sanitised name, kind and stored content type of an upload, or a 415 refusal. Size is checked
 * by the caller (while streaming, before the bytes are all read).
 */
export function checkDocumentFile(rawName: string, bytes: Uint8Array): CheckedFile {
  const fileName = sanitiseFileName(rawName);
  const kind = documentKindOfName(fileName);
  if (!fileName || !kind) throw unsupported(`This type of file is not accepted. Upload a ${DOCUMENT_TYPES_TEXT} file.`);
  if (!contentMatches(kind, bytes)) {
    throw unsupported(`The file's content is not a ${DOCUMENT_KIND_INFO[kind].label}, though its name ends in .${fileName.split('.').pop()}.`);
  }
  return { fileName, kind, contentType: DOCUMENT_KIND_INFO[kind].contentType };
}
