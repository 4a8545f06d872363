import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';
import { INDEX_ROWS_FIRST_PAGE, INDEX_ROWS_PER_PAGE, formatPageRange } from '../../../shared/domain/hospital-records';
import { formatSaDateTime } from '../../../shared/format';
import type { BundleSource } from './hospital-records.service';
import { checkImagePixels } from './record-file';

// The hospital-records bundle as one PDF (pdf-lib, standard fonts: nothing to load), drawn in a file
// worker (decision 0043): it decodes every stored image and parses every stored PDF. Index page(s)
// first — the case, who generated it when, one row per file with its facility, dates, name, bundle
// pages and SHA-256 — then every file's pages (an image becomes one A4 page), each page of the whole
// bundle stamped "Page N of M" and the case reference, as CaseLines paginates a bundle. The index
// rows per page are fixed (INDEX_ROWS_*), so the list answers the same page numbers without drawing.
// The file hashes also go into the PDF's Keywords, a machine-readable summary a reader (and the
// tests) can check without extracting drawn text.

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const ROW_HEIGHT = 44;
const FIRST_ROWS_TOP = A4[1] - MARGIN - 120;
const NEXT_ROWS_TOP = A4[1] - MARGIN - 40;

/** The standard fonts know WinAnsi only: anything else becomes '?'. */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text.replace(/[–—]/g, '-')) out += known.has(ch.codePointAt(0)!) ? ch : '?';
  return out;
}

/** Cut to width with an ellipsis, so every index row keeps its fixed height. */
function fit(font: PDFFont, size: number, text: string, width: number): string {
  let line = printable(font, text);
  if (font.widthOfTextAtSize(line, size) <= width) return line;
  while (line.length > 1 && font.widthOfTextAtSize(`${line}...`, size) > width) line = line.slice(0, -1);
  return `${line}...`;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

function drawIndex(doc: PDFDocument, fonts: Fonts, source: BundleSource, generatedAt: string): PDFPage[] {
  const { kase, list } = source;
  const pages: PDFPage[] = [];
  const width = A4[0] - 2 * MARGIN;
  const text = (page: PDFPage, value: string, x: number, y: number, size: number, font: PDFFont, color = INK, maxWidth = width) =>
    page.drawText(fit(font, size, value, maxWidth), { x, y, size, font, color });

  for (let p = 0; p < list.indexPages; p++) {
    const page = doc.addPage(A4);
    pages.push(page);
    let y = A4[1] - MARGIN;
    if (p === 0) {
      text(page, 'Hospital records bundle - index', MARGIN, (y -= 18), 16, fonts.bold);
      text(page, `Case: ${kase.reference ?? kase.id} - ${kase.patientName}`, MARGIN, (y -= 22), 11, fonts.regular);
      text(page, `Generated ${formatSaDateTime(generatedAt)} by ${source.generatedBy}`, MARGIN, (y -= 16), 10, fonts.regular, MUTED);
      text(page, `${list.items.length} ${list.items.length === 1 ? 'file' : 'files'}, ${list.totalPages} pages including this index. Paginated continuously per the Gauteng CaseLines practice directives.`, MARGIN, (y -= 16), 9, fonts.regular, MUTED);
      if (list.items.length === 0) text(page, 'No hospital records have been added to this case.', MARGIN, (y -= 40), 11, fonts.regular);
    } else {
      text(page, `Hospital records bundle - index (continued)`, MARGIN, (y -= 14), 12, fonts.bold);
    }
    const first = p === 0 ? 0 : INDEX_ROWS_FIRST_PAGE + (p - 1) * INDEX_ROWS_PER_PAGE;
    const rows = list.items.slice(first, first + (p === 0 ? INDEX_ROWS_FIRST_PAGE : INDEX_ROWS_PER_PAGE));
    let rowTop = p === 0 ? FIRST_ROWS_TOP : NEXT_ROWS_TOP;
    if (rows.length > 0) {
      const header = rowTop + 6;
      for (const [label, x] of [['#', 0], ['Source facility', 24], ['Records', 250], ['Pages', 400]] as const) {
        text(page, label, MARGIN + x, header, 9, fonts.bold, MUTED);
      }
      page.drawLine({ start: { x: MARGIN, y: header - 4 }, end: { x: A4[0] - MARGIN, y: header - 4 }, thickness: 0.5, color: MUTED });
    }
    rows.forEach((item, i) => {
      const top = rowTop - 12;
      text(page, String(first + i + 1), MARGIN, top, 10, fonts.bold);
      text(page, item.sourceFacility, MARGIN + 24, top, 10, fonts.regular, INK, 220);
      text(page, `${item.recordsFrom} to ${item.recordsTo}`, MARGIN + 250, top, 10, fonts.regular, INK, 145);
      text(page, `${formatPageRange(item).replace('–', '-')} (${item.pages})`, MARGIN + 400, top, 10, fonts.regular, INK, width - 400);
      text(page, `File: ${item.fileName}`, MARGIN + 24, top - 13, 8, fonts.regular, MUTED, width - 24);
      text(page, `SHA-256: ${item.sha256}`, MARGIN + 24, top - 25, 7, fonts.mono, MUTED, width - 24);
      page.drawLine({ start: { x: MARGIN, y: rowTop - ROW_HEIGHT + 6 }, end: { x: A4[0] - MARGIN, y: rowTop - ROW_HEIGHT + 6 }, thickness: 0.25, color: rgb(0.8, 0.8, 0.82) });
      rowTop -= ROW_HEIGHT;
    });
  }
  return pages;
}

/** Puts an image on its own A4 page, scaled to fit inside the margins and centred. */
async function imagePage(doc: PDFDocument, file: { contentType: string; bytes: Uint8Array }, n: number): Promise<PDFPage> {
  // Checked at upload; a record stored before the pixel limit is refused here rather than decoded.
  checkImagePixels(file.contentType === 'image/png' ? 'png' : 'jpeg', file.bytes, `File ${n} of the bundle`);
  const image = file.contentType === 'image/png' ? await doc.embedPng(file.bytes) : await doc.embedJpg(file.bytes);
  const page = doc.addPage(A4);
  const room = { width: A4[0] - 2 * MARGIN, height: A4[1] - 2 * MARGIN - 20 };
  const scale = Math.min(room.width / image.width, room.height / image.height, 1);
  const w = image.width * scale;
  const h = image.height * scale;
  page.drawImage(image, { x: (A4[0] - w) / 2, y: MARGIN + 20 + (room.height - h) / 2, width: w, height: h });
  return page;
}

/** "Page N of M" and the case reference at the foot of a page, on a white band so scans stay legible. */
function stamp(page: PDFPage, fonts: Fonts, label: string, n: number, total: number): void {
  const box = page.getCropBox();
  const size = 8;
  const line = printable(fonts.bold, `${label}  |  Page ${n} of ${total}`);
  const width = fonts.bold.widthOfTextAtSize(line, size);
  const x = box.x + box.width - width - 18;
  const y = box.y + 10;
  page.drawRectangle({ x: x - 4, y: y - 3, width: width + 8, height: size + 6, color: rgb(1, 1, 1), opacity: 0.9 });
  page.drawText(line, { x, y, size, font: fonts.bold, color: INK });
}

export async function hospitalRecordsBundlePdf(source: BundleSource, generatedAt: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  const label = `${source.kase.reference ?? source.kase.id}`;
  doc.setTitle(`Hospital records bundle - ${label}`);
  doc.setSubject(`Indexed, paginated hospital records of ${source.kase.patientName}: ${source.list.items.length} files, ${source.list.totalPages} pages`);
  doc.setKeywords(source.list.items.map((item, i) => `${i + 1}:${formatPageRange(item).replace('–', '-')}:sha256=${item.sha256}`));
  doc.setProducer('CaseBridge');
  doc.setCreationDate(new Date(generatedAt));

  const pages = drawIndex(doc, fonts, source, generatedAt);
  for (const [i, file] of source.files.entries()) {
    if (file.contentType === 'application/pdf') {
      // Checked readable at upload; copyPages keeps each page's own size and rotation.
      const from = await PDFDocument.load(file.bytes, { updateMetadata: false });
      for (const page of await doc.copyPages(from, from.getPageIndices())) pages.push(doc.addPage(page));
    } else {
      pages.push(await imagePage(doc, file, i + 1));
    }
    const expected = source.list.items[i]!.lastPage;
    // The index promised these pages; a file whose pages changed since upload would misnumber it.
    if (pages.length !== expected) throw new Error(`Bundle pages out of step at file ${i + 1}: ${pages.length} ≠ ${expected}`);
  }
  pages.forEach((page, i) => stamp(page, fonts, label, i + 1, pages.length));
  return doc.save();
}
