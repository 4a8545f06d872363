import type { TReconciliation } from '../../../shared/domain/trust';
import { formatCalendarDay, formatZar } from '../../../shared/format';
import { MoneyPdf } from '../../money/money-pdf';

// The month's trust reconciliation for the firm's auditor (rule 54.15.1): the list of trust creditors
// by name with their balances and total, compared with the trust bank balance from the statement and
// the trust investments, the difference and its explanation, and who signed the month off.

const day = (value: string) => formatCalendarDay(value, value);

export async function reconciliationPdf(firmName: string, r: TReconciliation): Promise<Uint8Array> {
  const title = `Trust reconciliation at ${day(r.asAt)}`;
  const pdf = await MoneyPdf.create(title);
  pdf.text(firmName, { size: 14, bold: true });
  pdf.text(title, { size: 12, bold: true, gap: 2 });
  pdf.text(r.signedOff ? `Signed off by ${r.signedOffBy ?? 'a former user'} on ${day(r.signedOffAt!.slice(0, 10))}` : 'Not signed off', { muted: true, gap: 6 });
  pdf.heading('Trust creditors (rule 54.15.1)');
  pdf.table(
    [
      { title: 'Client', width: 0.34 },
      { title: 'Matter', width: 0.18 },
      { title: 'Trust bank', width: 0.16, align: 'right' },
      { title: 'Invested', width: 0.16, align: 'right' },
      { title: 'Balance', width: 0.16, align: 'right' },
    ],
    [
      ...r.creditors.map((c) => [c.client, c.caseReference ?? '', formatZar(c.trustBankCents), formatZar(c.investedCents), formatZar(c.balanceCents)]),
      ['Total owed to trust creditors', '', formatZar(r.ledgerBankCents), formatZar(r.investmentsCents), formatZar(r.creditorsTotalCents)],
    ],
    { boldLast: true },
  );
  pdf.heading('Compared with');
  pdf.table(
    [
      { title: '', width: 0.7 },
      { title: 'Amount', width: 0.3, align: 'right' },
    ],
    [
      ['Trust bank balance per the bank statement', r.bankBalanceCents === null ? 'not entered' : formatZar(r.bankBalanceCents)],
      ['Trust investments (s86(3) and s86(4))', formatZar(r.investmentsCents)],
      ['Trust bank balance per the ledger (cash book)', formatZar(r.ledgerBankCents)],
      ['Difference (bank + investments - trust creditors)', r.differenceCents === null ? '' : formatZar(r.differenceCents)],
    ],
    { boldLast: true },
  );
  if (r.notes) {
    pdf.heading('Explanation');
    pdf.text(r.notes);
  }
  return pdf.bytes();
}
