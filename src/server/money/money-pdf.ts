import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';

// A small A4 writer for the documents money needs (accounts, statements, receipts; fee notes next):
// a letterhead, headings, wrapped text, and tables whose amount columns are right-aligned. pdf-lib's
// standard Helvetica: nothing to load, WinAnsi only (anything else prints as '?').

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 45;
const WIDTH = A4[0] - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.75, 0.75, 0.78);

export interface Column {
  title: string;
  /** Share of the page width (the shares of a table add up to 1). */
  width: number;
  align?: 'left' | 'right';
}

function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text) out += known.has(ch.codePointAt(0)!) ? ch : ch === '\u00a0' || ch === '\u202f' ? ' ' : '?';
  return out;
}

function fit(font: PDFFont, size: number, text: string, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1);
  return `${cut}...`;
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

export class MoneyPdf {
  private page!: PDFPage;
  private y = 0;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  static async create(title: string): Promise<MoneyPdf> {
    const doc = await PDFDocument.create();
    doc.setTitle(title);
    doc.setProducer('CaseBridge');
    return new MoneyPdf(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  }

  private newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private room(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  text(text: string, options: { size?: number; bold?: boolean; muted?: boolean; gap?: number } = {}) {
    const size = options.size ?? 9.5;
    const font = options.bold ? this.bold : this.regular;
    for (const line of wrap(font, size, printable(font, text), WIDTH)) {
      this.room(size + 4);
      this.y -= size + 4;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: options.muted ? MUTED : INK });
    }
    this.y -= options.gap ?? 0;
  }

  heading(text: string) {
    this.room(36);
    this.y -= 8;
    this.text(text, { size: 11.5, bold: true });
    this.rule();
  }

  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 3 }, end: { x: A4[0] - MARGIN, y: this.y - 3 }, thickness: 0.5, color: RULE });
    this.y -= 7;
  }

  gap(points = 6) {
    this.y -= points;
  }

  /** A table: a bold header row, then the rows; amounts right-aligned where the column says so. */
  table(columns: Column[], rows: string[][], options: { boldLast?: boolean } = {}) {
    const size = 8.5;
    const draw = (cells: string[], bold: boolean) => {
      this.room(size + 5);
      this.y -= size + 5;
      let x = MARGIN;
      columns.forEach((column, i) => {
        const font = bold ? this.bold : this.regular;
        const width = column.width * WIDTH;
        const text = fit(font, size, printable(font, cells[i] ?? ''), width - 4);
        const at = column.align === 'right' ? x + width - 2 - font.widthOfTextAtSize(text, size) : x + 1;
        this.page.drawText(text, { x: at, y: this.y, size, font, color: INK });
        x += width;
      });
    };
    draw(columns.map((c) => c.title), true);
    this.rule();
    rows.forEach((row, i) => draw(row, options.boldLast === true && i === rows.length - 1));
    this.gap(4);
  }

  async bytes(): Promise<Uint8Array> {
    return this.doc.save();
  }
}
