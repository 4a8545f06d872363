import { PDFDocument, type PDFFont, StandardFonts, rgb } from 'pdf-lib';
import { dayKey } from '../../../shared/calendar';
import { formatSaDateTime } from '../../../shared/format';
import type { TTestResult } from '../../../shared/domain/portal';

// One A4 page for one test result, made in the browser (nothing leaves it). Imported lazily by the
// Test Results tab, so pdf-lib is only downloaded when a patient asks for a PDF.

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const SUPERSCRIPT: Record<string, string> = { '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9' };

/** The standard PDF fonts know WinAnsi only: '10⁹' becomes '10^9', anything else unknown a '?'. */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text) {
    if (SUPERSCRIPT[ch]) out += (/\^\d*$/.test(out) ? '' : '^') + SUPERSCRIPT[ch];
    else out += known.has(ch.codePointAt(0)!) ? ch : '?';
  }
  return out;
}

function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

const when = (iso: string | null) => formatSaDateTime(iso, 'Not yet resulted');

export function resultPdfFilename(result: TTestResult): string {
  const slug = result.testName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'result';
  return `test-result-${slug}-${dayKey(result.resultedAt ?? result.orderedAt)}.pdf`;
}

export async function buildResultPdf(result: TTestResult, who: { patientName: string; organizationName: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${result.testName} – ${who.patientName}`);
  doc.setAuthor(who.organizationName);
  doc.setCreator('CaseBridge Patient Portal');
  const page = doc.addPage(A4);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;
  let y = A4[1] - MARGIN;
  const text = (value: string, options: { font?: PDFFont; size?: number; color?: [number, number, number]; gap?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 11;
    for (const line of wrap(font, size, printable(font, value), width)) {
      y -= size * 1.35;
      page.drawText(line, { x: MARGIN, y, size, font, color: rgb(...(options.color ?? [0.1, 0.12, 0.15])) });
    }
    y -= options.gap ?? 4;
  };
  const field = (label: string, value: string) => {
    text(label, { font: bold, size: 9, color: [0.38, 0.42, 0.47], gap: 0 });
    text(value, { gap: 10 });
  };

  text(who.organizationName, { font: bold, size: 16, color: [0.05, 0.45, 0.45] });
  text('Laboratory and imaging result', { size: 10, color: [0.38, 0.42, 0.47], gap: 12 });
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.75, color: rgb(0.8, 0.83, 0.86) });
  y -= 16;
  text(result.testName, { font: bold, size: 18, gap: 14 });
  field('Patient', who.patientName);
  field('Category', result.category);
  field('Status', result.status);
  field('Ordered', `${when(result.orderedAt)}${result.orderedBy ? ` by ${result.orderedBy}` : ''}`);
  field('Resulted', when(result.resultedAt));
  field('Result', result.resultSummary);
  if (result.referenceRange) field('Reference range', result.referenceRange);
  text('Discuss any result with your doctor. This copy was downloaded from the CaseBridge Patient Portal on ' + when(new Date().toISOString()) + '.', {
    size: 9, color: [0.38, 0.42, 0.47],
  });
  // Plain objects (no object streams): any reader, however old, opens it.
  return doc.save({ useObjectStreams: false });
}

export async function downloadResultPdf(result: TTestResult, who: { patientName: string; organizationName: string }): Promise<void> {
  const bytes = await buildResultPdf(result, who);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = resultPdfFilename(result);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: the browser reads the blob after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
