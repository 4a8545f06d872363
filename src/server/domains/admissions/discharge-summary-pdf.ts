import { PDFDocument, type PDFFont, StandardFonts, rgb } from 'pdf-lib';
import { saCalendarDay } from '../../../shared/domain/admissions';
import { formatCalendarDay, formatSaDateTime } from '../../../shared/format';
import { routeWords } from '../../../shared/domain/clinical-results';

// The discharge summary as a letter a GP can use (issue 31): an A4 PDF (pdf-lib, standard Helvetica:
// nothing to load), stored as a document of the case so it lists and downloads on its Documents tab.
// Identity, dates and disposition, the attending doctor, diagnoses with ICD-10, procedures, the
// medications to continue, and the follow-up — no bed housekeeping.

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const WIDTH = A4[0] - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);

export interface DischargeSummaryFacts {
  organizationName: string;
  patientName: string;
  dateOfBirth: string | null;
  /** "SA ID …" or "Passport …". */
  identity: string | null;
  folderNumber: string | null;
  caseReference: string | null;
  admittedAt: string;
  dischargedAt: string;
  disposition: string;
  attendingDoctor: string | null;
  dischargedBy: string | null;
  diagnoses: { code: string; description: string; primary: boolean }[];
  procedures: { at: string; text: string }[];
  /** The medications continued at discharge. */
  medications: { name: string; dose: string; route: string | null; frequency: string; instructions: string | null }[];
  followUp: { at: string; title: string; location: string | null }[];
  /** The clinician's words: course in hospital, advice, what the GP should watch. */
  summary: string | null;
}

/** The standard fonts know WinAnsi only: anything else becomes '?' rather than failing the discharge. */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text) out += known.has(ch.codePointAt(0)!) ? ch : ch === '–' || ch === '—' ? '-' : ch === '≥' ? '>=' : ch === '≤' ? '<=' : '?';
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
  const section = (title: string, lines: string[], empty: string) => {
    y -= 8;
    write(title, { size: 12, bold: true, gap: 3 });
    if (lines.length === 0) write(empty, { muted: true, gap: 2 });
    for (const line of lines) write(line, { gap: 2 });
  };

  write(facts.organizationName, { size: 10, muted: true });
  write('Discharge summary', { size: 18, bold: true, gap: 10 });
  const rows: [string, string][] = [
    ['Patient', facts.patientName],
    ['Date of birth', facts.dateOfBirth ? formatCalendarDay(facts.dateOfBirth) : 'Not recorded'],
    ['Identity', [facts.identity, facts.folderNumber ? `Folder ${facts.folderNumber}` : null].filter(Boolean).join(' · ') || 'Not recorded'],
    ['Case', facts.caseReference ?? 'N/A'],
    ['Admitted', formatSaDateTime(facts.admittedAt)],
    ['Discharged', `${formatSaDateTime(facts.dischargedAt)} · ${facts.disposition}`],
    ['Attending doctor', facts.attendingDoctor ?? 'Not recorded'],
    ['Discharged by', facts.dischargedBy ?? 'N/A'],
  ];
  for (const [label, value] of rows) write(`${label}: ${value}`, { gap: 2 });
  section(
    'Diagnoses (ICD-10)',
    facts.diagnoses.map((d) => `${d.code} ${d.description}${d.primary ? ' (primary)' : ''}`),
    'No coded diagnosis was recorded in an encounter.',
  );
  section('Procedures', facts.procedures.map((p) => `${formatCalendarDay(saCalendarDay(p.at))}: ${p.text}`), 'None recorded.');
  section(
    'Medications on discharge',
    facts.medications.map((m) => `${m.name} ${m.dose}${m.route ? ` ${routeWords(m.route)}` : ''}, ${m.frequency}${m.instructions ? ` — ${m.instructions}` : ''}`),
    'None to continue.',
  );
  section('Follow-up', facts.followUp.map((a) => `${formatSaDateTime(a.at)}: ${a.title}${a.location ? `, ${a.location}` : ''}`), 'No appointment booked.');
  if (facts.summary) section('Notes for the GP', [facts.summary], '');
  return doc.save();
}
