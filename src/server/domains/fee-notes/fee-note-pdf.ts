import { FEE_LINE_KINDS, RECEIPT_METHODS, type TFeeNote, type TFeeSettings } from '../../../shared/domain/fee-notes';
import { formatCalendarDay, formatZar } from '../../../shared/format';
import { MoneyPdf } from '../../money/money-pdf';

// A fee note as a PDF (issue 34). An issued fee note of a VAT vendor is a tax invoice (VAT Act s20(4)):
// the words "Tax invoice", the firm's name, address and VAT number, the client's name, address and VAT
// number (when the client is a vendor), the number and date, each line's description with its amount,
// the VAT and the total. A pro-forma says it is not a tax invoice; a credited fee note names its credit note.

const day = (value: string | null) => (value ? formatCalendarDay(value, '') : '');

const hours = (minutes: number) => (minutes / 60).toFixed(2).replace(/\.?0+$/, '');

function titleOf(note: TFeeNote): string {
  if (note.status === 'pro-forma') return 'Pro-forma fee note (not a tax invoice)';
  const kind = note.firm.vatNumber ? 'Tax invoice' : 'Fee note';
  return `${kind} ${note.number}${note.status === 'credited' ? ' (credited)' : ''}`;
}

export async function feeNotePdf(note: TFeeNote, settings: Pick<TFeeSettings, 'bankDetails'>): Promise<Uint8Array> {
  const pdf = await MoneyPdf.create(titleOf(note));
  pdf.text(note.firm.name, { size: 14, bold: true });
  const firm = [note.firm.address, note.firm.vatNumber ? `VAT no. ${note.firm.vatNumber}` : null].filter(Boolean).join('   ');
  if (firm) pdf.text(firm, { muted: true, gap: 6 });
  pdf.text(titleOf(note), { size: 12, bold: true, gap: 2 });
  pdf.text(`Date ${day(note.issuedOn ?? note.createdAt.slice(0, 10))}${note.caseReference ? `   Matter ${note.caseReference}` : ''}`);
  pdf.heading('To');
  pdf.text(note.client.name);
  if (note.client.address) pdf.text(note.client.address);
  if (note.client.vatNumber) pdf.text(`VAT no. ${note.client.vatNumber}`);
  pdf.heading('Fees and disbursements');
  pdf.table(
    [
      { title: 'Date', width: 0.11 },
      { title: 'Description', width: 0.37 },
      { title: 'Fee earner', width: 0.16 },
      { title: 'Hours x rate', width: 0.14, align: 'right' },
      { title: 'VAT', width: 0.1, align: 'right' },
      { title: 'Amount', width: 0.12, align: 'right' },
    ],
    [
      ...note.lines.map((l) => [
        day(l.date),
        l.kind === 'fee' ? l.description : `${FEE_LINE_KINDS[l.kind]}: ${l.description}`,
        l.feeEarner ?? '',
        l.minutes !== null && l.rateCents !== null ? `${hours(l.minutes)} x ${formatZar(l.rateCents)}` : '',
        formatZar(l.vatCents),
        formatZar(l.amountCents),
      ]),
      ['', 'Subtotal (excluding VAT)', '', '', '', formatZar(note.subtotalCents)],
      ['', 'VAT at 15%', '', '', '', formatZar(note.vatCents)],
      ['', 'Total', '', '', '', formatZar(note.totalCents)],
    ],
    { boldLast: true },
  );
  if (note.firm.vatNumber) pdf.text('VAT at 15% is worked out on each line and rounded to the nearest cent (half a cent up); the total is the sum of the lines.', { muted: true });
  if (note.receipts.length > 0) {
    pdf.heading('Received');
    for (const r of note.receipts) pdf.text(`${day(r.date)}  Receipt ${r.receiptNumber}  ${RECEIPT_METHODS[r.method]}${r.reversesId ? ' (reversal)' : ''}  ${formatZar(r.amountCents)}`);
  }
  if (note.status === 'issued') pdf.text(`Still owing ${formatZar(note.owingCents)}`, { bold: true });
  if (note.creditNote) pdf.text(`Reversed by credit note ${note.creditNote.number} of ${day(note.creditNote.date)}: ${note.creditNote.reason}`, { bold: true });
  if (settings.bankDetails && note.status !== 'credited') {
    const b = settings.bankDetails;
    pdf.heading('Payment details');
    pdf.text(`${b.bankName} - ${b.accountName} - account ${b.accountNumber} - branch ${b.branchCode}. Reference: ${note.number === null ? note.client.name : `fee note ${note.number}`}`);
  }
  return pdf.bytes();
}
