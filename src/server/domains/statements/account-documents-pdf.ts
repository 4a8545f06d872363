import type { TAccountPayment, TAccountView, TStatement } from '../../../shared/domain/account-wire';
import { AGE_BUCKETS, LINE_STATUSES, PAYMENT_METHODS, PAYERS } from '../../../shared/domain/medical-accounts';
import { formatCalendarDay, formatZar } from '../../../shared/format';
import { MoneyPdf } from '../../money/money-pdf';

// The account, the statement and the receipt as PDFs (issue 33). An account carries what a scheme
// asks for (practice and practitioner numbers, member and dependant, per line the service date,
// ICD-10, tariff or NAPPI code, quantity, modifier, authorisation and amount with VAT); a statement
// carries each account of the family with the balance and the age analysis; a receipt the payment.

const day = (value: string) => formatCalendarDay(value, '');
type Practice = TStatement['practice'];

function letterhead(pdf: MoneyPdf, practice: Practice, title: string) {
  pdf.text(practice.name, { size: 14, bold: true });
  const ids = [practice.practiceNumber ? `BHF practice no. ${practice.practiceNumber}` : 'No BHF practice number recorded', practice.vatNumber ? `VAT no. ${practice.vatNumber}` : null];
  pdf.text(ids.filter(Boolean).join('   '), { muted: true, gap: 6 });
  pdf.text(title, { size: 12, bold: true, gap: 2 });
}

function banking(pdf: MoneyPdf, practice: Practice) {
  if (!practice.bankDetails) return;
  const b = practice.bankDetails;
  pdf.heading('Payment details');
  pdf.text(`${b.bankName} · ${b.accountName} · account ${b.accountNumber} · branch ${b.branchCode}`.replace(/·/g, '-'));
}

export async function accountPdf(account: TAccountView, practice: Practice, practitionerNumbers: Map<string, string | null>): Promise<Uint8Array> {
  const pdf = await MoneyPdf.create(`Account ${account.number}`);
  letterhead(pdf, practice, `${practice.vatNumber ? 'Tax invoice' : 'Account'} ${account.number}`);
  pdf.text(`Date ${day(account.accountDate)}   Payer: ${PAYERS[account.payer]}${account.caseReference ? `   Case ${account.caseReference}` : ''}`);
  pdf.heading('Patient and member');
  pdf.text(`Patient: ${account.personName}${account.cover?.dependantCode ? ` (dependant ${account.cover.dependantCode})` : ''}`);
  pdf.text(`Account holder (main member): ${account.holderName ?? account.personName}`);
  if (account.cover?.kind === 'medical-aid') {
    const plan = [account.cover.plan, account.cover.option].filter(Boolean).join(' / ');
    pdf.text(`Medical scheme: ${account.cover.scheme ?? 'not recorded'}${plan ? `, ${plan}` : ''}   Membership no. ${account.cover.membershipNumber ?? 'not recorded'}`);
  } else pdf.text('Cover: cash (private)');
  pdf.heading('Lines');
  pdf.table(
    [
      { title: 'Date', width: 0.1 },
      { title: 'Code', width: 0.09 },
      { title: 'Description', width: 0.23 },
      { title: 'Qty', width: 0.05, align: 'right' },
      { title: 'ICD-10', width: 0.12 },
      { title: 'Mod.', width: 0.06 },
      { title: 'Auth.', width: 0.09 },
      { title: 'Pract. no.', width: 0.09 },
      { title: 'VAT', width: 0.07, align: 'right' },
      { title: 'Amount', width: 0.1, align: 'right' },
    ],
    [
      ...account.lines.map((l) => [
        day(l.serviceDate), `${l.code}${l.codeList === 'nappi' ? ' (NAPPI)' : ''}`, `${l.description}${l.status === 'reversed' ? ' (reversed)' : ''}${l.pmb ? ' [PMB]' : ''}`,
        String(l.quantity), l.icd10Codes.join(' '), l.modifier ?? '', l.authorisationNumber ?? '', practitionerNumbers.get(l.chargeId) ?? '', formatZar(l.vatCents), formatZar(l.amountCents),
      ]),
      ['', '', 'Total', '', '', '', '', '', formatZar(account.vatCents), formatZar(account.totalCents)],
    ],
    { boldLast: true },
  );
  if (practice.vatNumber) pdf.text('Amounts include VAT at 15%, worked out per line and rounded to the cent.', { muted: true });
  pdf.heading('Balance');
  pdf.text(`Paid by the scheme ${formatZar(account.schemePaidCents)}   Paid by the patient ${formatZar(account.patientPaidCents)}   Written off ${formatZar(account.writtenOffCents)}`);
  pdf.text(`Balance ${formatZar(account.balanceCents)}`, { bold: true });
  banking(pdf, practice);
  return pdf.bytes();
}

export async function statementPdf(statement: TStatement): Promise<Uint8Array> {
  const pdf = await MoneyPdf.create(`Statement - ${statement.holder.name}`);
  letterhead(pdf, statement.practice, `Statement as at ${day(statement.asOf)}`);
  pdf.text(`To: ${statement.holder.name}${statement.holder.address ? `, ${statement.holder.address}` : ''}`);
  if (statement.holder.scheme) pdf.text(`Medical scheme: ${statement.holder.scheme}   Membership no. ${statement.holder.membershipNumber ?? 'not recorded'}`);
  for (const account of statement.accounts) {
    pdf.heading(`Account ${account.number} - ${day(account.accountDate)} - ${account.patientName}${account.dependantCode ? ` (dependant ${account.dependantCode})` : ''}`);
    pdf.table(
      [
        { title: 'Date', width: 0.11 },
        { title: 'Code', width: 0.1 },
        { title: 'Description', width: 0.27 },
        { title: 'ICD-10', width: 0.14 },
        { title: 'Status', width: 0.12 },
        { title: 'Scheme paid', width: 0.12, align: 'right' },
        { title: 'Amount', width: 0.14, align: 'right' },
      ],
      account.lines.map((l) => [day(l.serviceDate), l.code, l.description, l.icd10Codes.join(' '), LINE_STATUSES[l.status], formatZar(l.schemePaidCents), formatZar(l.amountCents)]),
    );
    for (const p of account.payments) pdf.text(`${day(p.date)}  Receipt ${p.receiptNumber}  ${PAYMENT_METHODS[p.method]}${p.reversesId ? ' (reversal)' : ''}  ${formatZar(p.amountCents)}`);
    pdf.text(`Account balance ${formatZar(account.balanceCents)}`, { bold: true });
  }
  pdf.heading('Age analysis');
  const buckets = Object.keys(AGE_BUCKETS) as (keyof typeof AGE_BUCKETS)[];
  pdf.table(
    [...buckets.map((b) => ({ title: AGE_BUCKETS[b], width: 0.16, align: 'right' as const })), { title: 'Balance due', width: 0.2, align: 'right' }],
    [[...buckets.map((b) => formatZar(statement.ageing[b])), formatZar(statement.balanceCents)]],
  );
  banking(pdf, statement.practice);
  return pdf.bytes();
}

export async function receiptPdf(payment: TAccountPayment, account: TAccountView, practice: Practice): Promise<Uint8Array> {
  const pdf = await MoneyPdf.create(`Receipt ${payment.receiptNumber}`);
  letterhead(pdf, practice, `${payment.reversesId ? 'Reversal' : 'Receipt'} ${payment.receiptNumber}`);
  pdf.text(`Date ${day(payment.date)}   ${PAYMENT_METHODS[payment.method]}`);
  pdf.text(`Received from ${account.holderName ?? account.personName} for account ${account.number} (${account.personName})`);
  pdf.text(`Amount ${formatZar(payment.amountCents)}`, { bold: true, size: 12 });
  pdf.text(`Balance of the account now: ${formatZar(account.balanceCents)}`, { muted: true });
  return pdf.bytes();
}
