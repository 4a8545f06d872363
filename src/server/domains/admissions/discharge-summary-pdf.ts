import { PDFDocument, type PDFFont, StandardFonts, rgb } from 'pdf-lib';
import { formatSaDateTime } from '../../../shared/format';

// The discharge summary as a one-to-few page A4 PDF (pdf-lib, standard Helvetica: nothing to load),
// stored as a document of the case so it lists and downloads on the case's Documents tab.

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const WIDTH = A4[0] - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);

export interface DischargeSummaryFacts {
  organizationName: string;
  patientName: string;
  caseReference: string | null;
  ward: string | null;
  bedNumber: string | null;
  admittedAt: string;
  dischargedAt: string;
  dischargedBy: string | null;
  bedLeft: string;
  summary: string;
}

/** The standard fonts know WinAnsi only: anything else becomes '?' rather than failing the discharge. */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text) out += known.has(ch.codePointAt(0)!) ? ch : ch === '–' || ch === '—' ? '-' : '?';
  return out;
}

function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
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

export async function dischargeSummaryPdf(facts: DischargeSummaryFacts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Discharge summary – ${facts.patientName}`);
  doc.setCreator('CaseBridge');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const write = (text: string, options: { size?: number; bold?: boolean; muted?: boolean; gap?: number } = {}) => {
    const size = options.size ?? 10;
    const font = options.bold ? bold : regular;
    for (const line of wrap(font, size, printable(font, text), WIDTH)) {
      if (y - (size + 4) < MARGIN) {
        page = doc.addPage(A4);
        y = A4[1] - MARGIN;
      }
      y -= size + 4;
      page.drawText(line, { x: MARGIN, y, size, font, color: options.muted ? MUTED : INK });
    }
    y -= options.gap ?? 0;
  };

  write(facts.organizationName, { size: 10, muted: true });
  write('Discharge summary', { size: 18, bold: true, gap: 10 });
  const rows: [string, string][] = [
    ['Patient', facts.patientName],
    ['Case', facts.caseReference ?? 'N/A'],
    ['Ward and bed', [facts.ward, facts.bedNumber ? `bed ${facts.bedNumber}` : null].filter(Boolean).join(', ') || 'N/A'],
    ['Admitted', formatSaDateTime(facts.admittedAt)],
    ['Discharged', formatSaDateTime(facts.dischargedAt)],
    ['Discharged by', facts.dischargedBy ?? 'N/A'],
    ['Bed left', facts.bedLeft],
  ];
  for (const [label, value] of rows) write(`${label}: ${value}`, { gap: 2 });
  y -= 10;
  write('Summary', { size: 12, bold: true, gap: 4 });
  write(facts.summary, { gap: 10 });
  return doc.save();
}
