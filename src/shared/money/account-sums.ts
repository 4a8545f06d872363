import type { TAccountStage, TAccountSummary, TAccountView } from '../domain/account-wire';
import type { TPayer } from '../domain/medical-accounts';
import { type TBalanceInput, outstandingCents } from './account-balance';

// An account reduced to its sums (issue 33): what the account list, its stage filter and the
// aged-debtors report need, without the lines themselves. The server adds them up in SQL (one
// grouped query for a whole organisation — an account view per account took seconds at 50 000
// accounts); demo mode adds up its views. Either way the balance comes from the one rule
// (account-balance.ts outstandingCents) and the stage from stageOf below.

export interface TAccountSums {
  payer: TPayer;
  accountDate: string;
  /** Σ amounts of the live (not reversed) lines. */
  liveCents: number;
  schemePaidCents: number;
  writtenOffCents: number;
  /** Σ shortfalls moved to the patient. */
  toPatientCents: number;
  /** Σ patient payments, reversals included as negative rows. */
  patientPaidCents: number;
  lineCount: number;
  draftLines: number;
  /** Lines rejected or short-paid whose remainder awaits a decision (patient or write-off). */
  awaitingDecision: number;
}

/** The balance rule's input from the sums: one line carrying the totals, one carrying the shortfall to the patient. */
export function balanceInputOfSums(sums: TAccountSums): TBalanceInput {
  return {
    accountDate: sums.accountDate,
    lines: [
      {
        amountCents: sums.liveCents,
        payer: sums.payer,
        schemePaidCents: sums.schemePaidCents,
        shortfall: sums.writtenOffCents ? { action: 'write-off', amountCents: sums.writtenOffCents } : null,
      },
      { amountCents: 0, payer: sums.payer, schemePaidCents: 0, shortfall: sums.toPatientCents ? { action: 'patient', amountCents: sums.toPatientCents } : null },
    ],
    patientPaymentsCents: [sums.patientPaidCents],
  };
}

export function balanceOfSums(sums: TAccountSums): number {
  return outstandingCents(balanceInputOfSums(sums));
}

/** Draft: a scheme account with lines not yet claimed; settled: nothing owed; else open (awaiting payment). */
export function stageOf(sums: TAccountSums): TAccountStage {
  if (sums.payer === 'scheme' && sums.draftLines > 0) return 'draft';
  return balanceOfSums(sums) <= 0 ? 'settled' : 'open';
}

type TSummaryHead = Omit<TAccountSummary, 'balanceCents' | 'lineCount' | 'draftLines' | 'awaitingDecision' | 'stage' | 'payer' | 'accountDate'>;

/** A row of the account list: the account's head and what its sums say. */
export function summaryOfSums(head: TSummaryHead, sums: TAccountSums): TAccountSummary {
  return {
    ...head,
    payer: sums.payer,
    accountDate: sums.accountDate,
    balanceCents: balanceOfSums(sums),
    lineCount: sums.lineCount,
    draftLines: sums.draftLines,
    awaitingDecision: sums.awaitingDecision,
    stage: stageOf(sums),
  };
}

/** The sums of a full account view (demo mode, and the tests that hold the SQL to the same rule). */
export function sumsOfView(view: TAccountView): TAccountSums {
  const live = view.lines.filter((l) => l.status !== 'reversed');
  const shortfalls = (action: 'patient' | 'write-off') => live.reduce((s, l) => s + (l.shortfall?.action === action ? l.shortfall.amountCents : 0), 0);
  return {
    payer: view.payer,
    accountDate: view.accountDate,
    liveCents: live.reduce((s, l) => s + l.amountCents, 0),
    schemePaidCents: live.reduce((s, l) => s + l.schemePaidCents, 0),
    writtenOffCents: shortfalls('write-off'),
    toPatientCents: shortfalls('patient'),
    patientPaidCents: view.payments.reduce((s, p) => s + p.amountCents, 0),
    lineCount: live.length,
    draftLines: live.filter((l) => l.status === 'draft').length,
    awaitingDecision: live.filter((l) => (l.status === 'rejected' || l.status === 'short-paid') && !l.shortfall).length,
  };
}

/** The list row of a full account view. */
export function summaryOfView(view: TAccountView): TAccountSummary {
  return summaryOfSums(
    {
      id: view.id, number: view.number, caseId: view.caseId, caseReference: view.caseReference, personName: view.personName, holderId: view.holderId,
      holderName: view.holderName, scheme: view.payer === 'scheme' ? (view.cover?.scheme ?? null) : null, totalCents: view.totalCents,
    },
    sumsOfView(view),
  );
}
