import { AGE_BUCKETS } from '../../../shared/domain/medical-accounts';
import { FEE_STATEMENT_ENTRY_KINDS, type TFeeStatement } from '../../../shared/domain/fee-reports';
import { formatCalendarDay, formatZar } from '../../../shared/format';
import { MoneyPdf } from '../../money/money-pdf';

// A client's statement as a PDF (issue 34): the firm's letterhead, the client, each fee note, receipt
// and credit note with the running balance, the age analysis and where to pay.

const day = (value: string) => formatCalendarDay(value, '');
const money = (cents: number) => (cents === 0 ? '' : formatZar(cents));
const BUCKETS = Object.keys(AGE_BUCKETS) as (keyof typeof AGE_BUCKETS)[];

export async function feeStatementPdf(statement: TFeeStatement): Promise<Uint8Array> {
  const pdf = await MoneyPdf.create(`Statement - ${statement.client.name}`);
  pdf.text(statement.firm.name, { size: 14, bold: true });
  const firm = [statement.firm.address, statement.firm.vatNumber ? `VAT no. ${statement.firm.vatNumber}` : null].filter(Boolean).join('   ');
  if (firm) pdf.text(firm, { muted: true, gap: 6 });
  pdf.text(`Statement as at ${day(statement.asOf)}`, { size: 12, bold: true, gap: 2 });
  pdf.heading('To');
  pdf.text(statement.client.name);
  if (statement.client.address) pdf.text(statement.client.address);
  if (statement.client.vatNumber) pdf.text(`VAT no. ${statement.client.vatNumber}`);
  pdf.heading('Fee notes, receipts and credit notes');
  if (statement.entries.length === 0) pdf.text('No fee notes have been issued to this client.', { muted: true });
  else
    pdf.table(
      [
        { title: 'Date', width: 0.13 },
        { title: 'Entry', width: 0.2 },
        { title: 'Reference', width: 0.17 },
        { title: 'Matter', width: 0.14 },
        { title: 'Debit', width: 0.12, align: 'right' },
        { title: 'Credit', width: 0.12, align: 'right' },
        { title: 'Balance', width: 0.12, align: 'right' },
      ],
      statement.entries.map((e) => [
        day(e.date),
        FEE_STATEMENT_ENTRY_KINDS[e.kind],
        e.reference,
        e.caseReference ?? '',
        money(e.debitCents),
        money(e.creditCents),
        formatZar(e.balanceCents),
      ]),
    );
  pdf.heading('Age analysis');
  pdf.table(
    [...BUCKETS.map((b) => ({ title: AGE_BUCKETS[b], width: 1 / 6, align: 'right' as const })), { title: 'Balance', width: 1 / 6, align: 'right' }],
    [[...BUCKETS.map((b) => formatZar(statement.ageing[b])), formatZar(statement.balanceCents)]],
    { boldLast: true },
  );
  pdf.text(`Amount due ${formatZar(statement.balanceCents)}`, { bold: true });
  const bank = statement.firm.bankDetails;
  if (bank && statement.balanceCents > 0) {
    pdf.heading('Payment details');
    pdf.text(`${bank.bankName} - ${bank.accountName} - account ${bank.accountNumber} - branch ${bank.branchCode}. Reference: ${statement.client.name}`);
  }
  return pdf.bytes();
}
