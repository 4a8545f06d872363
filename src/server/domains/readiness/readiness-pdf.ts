import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';
import { COURT_STAGE_LABELS } from '../../../shared/domain/court-matters';
import type { TReadinessExpert, TTrialReadiness } from '../../../shared/domain/trial-readiness';
import { formatCalendarDay, formatSaDateTime } from '../../../shared/format';

// The trial-readiness summary as an A4 PDF (pdf-lib, standard Helvetica: nothing to load). The same
// facts as the case page's readiness panel, laid out in the order of the High Court's Form 10
// certificate: the trial, what it decides, the experts per side, what is still open.

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const WIDTH = A4[0] - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const GOOD = rgb(0.05, 0.45, 0.2);
const BAD = rgb(0.7, 0.12, 0.12);

const SCOPE_LABELS = { merits: 'Merits only', quantum: 'Quantum only', 'merits-and-quantum': 'Merits and quantum' } as const;
const REPLACEMENTS: Record<string, string> = { '→': '->', '≤': '<=', '≥': '>=', '“': '"', '”': '"' };

/** The standard fonts know WinAnsi only: arrows become '->', anything else unknown a '?'. */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out += known.has(code) ? ch : REPLACEMENTS[ch] ?? '?';
  }
  return out;
}

function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  lines.push(line);
  return lines;
}

class Writer {
  private page: PDFPage;
  private y = A4[1] - MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(A4);
  }

  private room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  text(text: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number; gap?: number } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const indent = options.indent ?? 0;
    for (const line of wrap(font, size, printable(font, text), WIDTH - indent)) {
      this.room(size + 4);
      this.y -= size + 4;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color: options.color ?? INK });
    }
    this.y -= options.gap ?? 0;
  }

  heading(text: string) {
    this.room(40);
    this.y -= 10;
    this.text(text, { size: 12, bold: true });
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 3 }, end: { x: A4[0] - MARGIN, y: this.y - 3 }, thickness: 0.5, color: MUTED });
    this.y -= 8;
  }

  field(label: string, value: string) {
    this.text(`${label}: ${value}`, { indent: 8 });
  }
}

const day = (value: string | null) => formatCalendarDay(value, '');

function expertLines(w: Writer, title: string, experts: TReadinessExpert[]) {
  w.text(title, { bold: true, gap: 2 });
  if (experts.length === 0) {
    w.text('None recorded.', { indent: 8, color: MUTED });
    return;
  }
  for (const e of experts) {
    w.text(`${e.name} - ${e.discipline}${e.filed ? ' (filed)' : ' (outstanding)'}`, { indent: 8, color: e.filed ? INK : BAD });
    const parts = [
      `Report received: ${e.reportReceivedOn ? day(e.reportReceivedOn) : 'not yet'}`,
      `Rule 36(9)(a) notice: ${e.notice369aOn ? `delivered ${day(e.notice369aOn)}` : `outstanding${e.notice369aDue ? `, due by ${day(e.notice369aDue)}` : ''}`}`,
      `Rule 36(9)(b) summary: ${e.summary369bOn ? `delivered ${day(e.summary369bOn)}` : `outstanding${e.summary369bDue ? `, due by ${day(e.summary369bDue)}` : ''}`}`,
    ];
    for (const p of parts) w.text(p, { indent: 20, size: 9 });
  }
}

export async function trialReadinessPdf(r: TTrialReadiness): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Trial readiness - ${r.caseReference ?? r.clientName}`);
  doc.setCreator('CaseBridge');
  doc.setProducer('CaseBridge');
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));

  w.text('Trial readiness summary', { size: 18, bold: true });
  w.text('In the form of the High Court trial-readiness certificate (Form 10)', { color: MUTED, gap: 6 });
  w.field('Client', r.clientName);
  if (r.caseReference) w.field('Matter reference', r.caseReference);
  w.field('As at', day(r.asOf));

  w.heading('1. The trial');
  if (r.trial) {
    w.field('Trial date', `${formatSaDateTime(r.trial.startsAt)} (SAST)${r.trial.past ? ' - passed, no later trial date set' : ''}`);
    w.field('Venue', r.trial.venue ?? 'Not recorded');
    w.field('Judge', r.trial.judge ?? 'Not allocated');
  } else {
    w.text('No trial date: no trial hearing is scheduled for this matter.', { indent: 8, color: BAD });
  }
  if (r.courtMatter) {
    w.field('Court', `${r.courtMatter.court}, ${r.courtMatter.division}`);
    w.field('Case number', r.courtMatter.caseNumber);
    w.field('Stage', COURT_STAGE_LABELS[r.courtMatter.stage]);
    w.field('To be decided', r.courtMatter.trialScope ? SCOPE_LABELS[r.courtMatter.trialScope] : 'Not recorded (merits / quantum)');
  } else {
    w.text('No court matter recorded.', { indent: 8, color: BAD });
  }

  w.heading('2. Expert witnesses (Uniform Rule 36(9))');
  expertLines(w, 'Our experts', r.experts.ours);
  expertLines(w, 'Opposing experts', r.experts.opposing);

  w.heading(`3. Compliance checklist (${r.checklist.percent}% done)`);
  if (r.checklist.openItems.length === 0) w.text('Every item is done.', { indent: 8 });
  for (const item of r.checklist.openItems) w.text(`[ ] ${item.label}`, { indent: 8 });

  w.heading('4. Open deadlines');
  if (r.openDeadlines.length === 0) w.text('None open.', { indent: 8 });
  for (const d of r.openDeadlines) {
    w.text(`${day(d.due)}${d.overdue ? ' (overdue)' : ''}`, { indent: 8, bold: true, color: d.overdue ? BAD : INK });
    w.text(d.explanation, { indent: 20, size: 9 });
  }

  w.heading('5. Ready for trial');
  w.text(r.ready ? 'Yes: nothing outstanding.' : 'No.', { bold: true, size: 12, color: r.ready ? GOOD : BAD });
  for (const reason of r.reasons) w.text(`- ${reason}`, { indent: 8 });

  w.text(' ', { gap: 8 });
  w.text('Drawn up by CaseBridge from the matter file. It is a working summary, not the certificate itself: Form 10 is signed by the parties\u2019 legal representatives.', { size: 8, color: MUTED });
  return doc.save();
}
