import { PDFDocument } from 'pdf-lib';
import { DOCUMENT_KIND_INFO, IMAGE_MAX_MEGAPIXELS, documentKindOfName, sanitiseFileName } from '../../../shared/domain/documents';
import { HOSPITAL_RECORD_KINDS, HOSPITAL_RECORD_MAX_PAGES, HOSPITAL_RECORD_TYPES_TEXT } from '../../../shared/domain/hospital-records';
import { AppError, VALIDATION_MESSAGE } from '../../errors';
import { imageSize } from '../../files/image-header';
import { contentMatches } from '../documents/document-files';

// What the bundle will make of an uploaded hospital record, read in a file worker (decision 0043):
// its kind from the name and first bytes, an image's pixels from its header before it is decoded,
// a PDF's pages from its page tree's declared count before the tree is walked. A file that cannot
// be paginated, or would cost too much to, cannot go into the bundle: a 400 naming `file`.

export type RecordKind = (typeof HOSPITAL_RECORD_KINDS)[number];

export interface CheckedRecordFile {
  fileName: string;
  contentType: string;
  kind: RecordKind;
  pages: number;
}

const fileRefusal = (message: string) => new AppError('BAD_REQUEST', VALIDATION_MESSAGE, { file: message });
/** A refusal for a limit: the message names it, at the top and on the field, as the ICD-10 import's do. */
const limitRefusal = (message: string) => new AppError('BAD_REQUEST', message, { file: message });
const unreadable = (kind: RecordKind) => fileRefusal(`The file is not a readable ${DOCUMENT_KIND_INFO[kind].label}`);

const count = (n: number) => n.toLocaleString('en-ZA');

/** Refuses an image past the pixel limit, from its header alone (or one whose header is unreadable). */
export function checkImagePixels(kind: 'png' | 'jpeg', bytes: Uint8Array, what = 'The image'): void {
  const size = imageSize(kind, bytes);
  if (!size) throw unreadable(kind);
  const megapixels = (size.width * size.height) / 1_000_000;
  if (megapixels > IMAGE_MAX_MEGAPIXELS) {
    throw limitRefusal(`${what} is ${count(size.width)} × ${count(size.height)} pixels (${megapixels.toFixed(1)} megapixels); the limit is ${IMAGE_MAX_MEGAPIXELS} megapixels. Scan it at a lower resolution.`);
  }
}

const tooManyPages = (pages: number) =>
  limitRefusal(`The PDF has ${count(pages)} pages; a hospital record may have at most ${count(HOSPITAL_RECORD_MAX_PAGES)} pages. Split it into several files.`);

/** A PDF's page count, refused past the limit by the count its page tree declares before its pages are walked. */
async function pdfPages(bytes: Uint8Array): Promise<number> {
  let doc: PDFDocument;
  try {
    // An encrypted PDF is refused (pdf-lib throws): its pages could not be stamped into the bundle.
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch {
    throw unreadable('pdf');
  }
  let declared: number | undefined;
  try {
    declared = doc.catalog.Pages().Count().asNumber();
  } catch {
    declared = undefined;
  }
  if (declared !== undefined && declared > HOSPITAL_RECORD_MAX_PAGES) throw tooManyPages(declared);
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch {
    throw unreadable('pdf');
  }
  // The declared count may understate the tree; the pages found are what the bundle would copy.
  if (pages > HOSPITAL_RECORD_MAX_PAGES) throw tooManyPages(pages);
  return pages;
}

/**
 * The sanitised name, kind, content type and page count of a hospital record (a PDF's own pages; an
 * image is one page), or a 400 naming `file`. Runs in a file worker: it decodes untrusted bytes.
 */
export async function checkRecordFile(rawName: string, bytes: Uint8Array): Promise<CheckedRecordFile> {
  const fileName = sanitiseFileName(rawName);
  const kind = documentKindOfName(fileName);
  if (!fileName || !kind || !(HOSPITAL_RECORD_KINDS as readonly string[]).includes(kind)) {
    throw fileRefusal(`Upload a ${HOSPITAL_RECORD_TYPES_TEXT} file`);
  }
  const recordKind = kind as RecordKind;
  if (!contentMatches(recordKind, bytes)) throw unreadable(recordKind);
  let pages = 1;
  if (recordKind === 'pdf') pages = await pdfPages(bytes);
  else {
    checkImagePixels(recordKind, bytes);
    try {
      // Decoded once here, within the pixel limit, so the bundle never meets an image it cannot draw.
      const probe = await PDFDocument.create();
      await (recordKind === 'png' ? probe.embedPng(bytes) : probe.embedJpg(bytes));
    } catch {
      throw unreadable(recordKind);
    }
  }
  if (pages < 1) throw fileRefusal('The PDF has no pages');
  return { fileName, contentType: DOCUMENT_KIND_INFO[recordKind].contentType, kind: recordKind, pages };
}
