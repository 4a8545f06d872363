import type { TAccountLineView, TAccountPayment, TAccountView } from '../domain/account-wire';
import { type TAgeing, ageBucketOf, emptyAgeing } from '../domain/medical-accounts';

// Issue 33 (decision 0061 "Remittances, payments and statements"): the arithmetic of what is owed on
// a medical account, kept pure and shared so the server's account read, statement, aged-debtors report
// and payment check, and demo mode, all use the same rule. All amounts are integer cents.

export interface TBalanceLine {
  amountCents: number;
  payer: 'scheme' | 'patient';
  /** What the scheme paid on this line by remittance (0 when not yet remitted). */
  schemePaidCents: number;
  /** The shortfall decision on the line, if any (amount = line amount − scheme paid). */
  shortfall?: { action: 'patient' | 'write-off'; amountCents: number } | null;
}

export interface TBalanceInput {
  accountDate: string;
  lines: TBalanceLine[];
  /** Patient payments on the account, reversals included as negative rows. */
  patientPaymentsCents: number[];
}

/**
 * What the patient owes on an account = the amounts of patient-payer lines
 * + the shortfalls moved to the patient − the patient's payments (net of reversals).
 * A payment larger than this is refused (400 amountCents).
 */
export function patientOwesCents(input: TBalanceInput): number {
  let owed = 0;
  for (const line of input.lines) {
    if (line.payer === 'patient') owed += line.amountCents;
    else if (line.shortfall?.action === 'patient') owed += line.shortfall.amountCents;
  }
  return owed - sum(input.patientPaymentsCents);
}

/**
 * The outstanding balance of an account = Σ line amounts − Σ scheme payments − Σ written-off
 * shortfalls − Σ patient payments (net). Lines the scheme has not yet remitted still count: the
 * account is owed until someone pays or it is written off.
 */
export function outstandingCents(input: TBalanceInput): number {
  let balance = 0;
  for (const line of input.lines) {
    balance += line.amountCents - line.schemePaidCents;
    if (line.shortfall?.action === 'write-off') balance -= line.shortfall.amountCents;
  }
  return balance - sum(input.patientPaymentsCents);
}

/**
 * The age analysis: each account's whole outstanding balance goes in the bucket of its account date
 * as of `asOf` (ageBucketOf: under 30 days current, then 30/60/90/120+). Accounts with nothing
 * outstanding add nothing; a credit (negative) balance is kept in its bucket so that the buckets
 * always add up to the balance.
 */
export function ageingOf(accounts: TBalanceInput[], asOf: string): TAgeing & { total: number } {
  const ageing = emptyAgeing();
  for (const account of accounts) {
    const balance = outstandingCents(account);
    if (balance === 0) continue;
    ageing[ageBucketOf(account.accountDate, asOf)] += balance;
  }
  return { ...ageing, total: ageing.current + ageing.d30 + ageing.d60 + ageing.d90 + ageing.d120 };
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** The balance rule's input for an account: reversed lines left out (they owe nothing). */
export function balanceInputOf(account: {
  accountDate: string;
  payer: TAccountView['payer'];
  lines: Pick<TAccountLineView, 'status' | 'amountCents' | 'schemePaidCents' | 'shortfall'>[];
  payments: Pick<TAccountPayment, 'amountCents'>[];
}): TBalanceInput {
  return {
    accountDate: account.accountDate,
    lines: account.lines
      .filter((l) => l.status !== 'reversed')
      .map((l) => ({ amountCents: l.amountCents, payer: account.payer, schemePaidCents: l.schemePaidCents, shortfall: l.shortfall })),
    patientPaymentsCents: account.payments.map((p) => p.amountCents),
  };
}
