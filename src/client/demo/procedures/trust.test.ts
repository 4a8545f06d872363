import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appRouter } from '../../../server/router';
import type { TFeeNote } from '../../../shared/domain/fee-notes';
import type { TInterestSplit, TInvestment, TReconciliation, TTrustLedger } from '../../../shared/domain/trust';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { DemoError } from '../demo-error';
import { useFixedDemoClock } from '../fixed-demo-clock';
import { clearDemoOverlay } from '../overlay';

// The trust account in demo mode (issue 34) walks as it does signed in: the first matter holds the
// fixtures' R50 000 less counsel's R3 500; a payment above the balance is refused naming it; an s86(4)
// investment's interest splits 95/5; a fee note is paid by transfer from trust; February reconciles to
// the bank statement, is signed off and then takes no back-dated entry. Every answer passes the
// procedure's own output parser. A fee-earner reads the ledger and moves no money.

const DIRECTOR: DemoIdentity = { userId: 'managing_partner', role: 'Director', name: 'Grace Naidoo', isSuperAdmin: false, platform: 'legal', caseTerminology: 'client' };
const CONSULTANT: DemoIdentity = { userId: 'paralegal', role: 'Legal Consultants', name: 'Zanele Mahlangu', isSuperAdmin: false, platform: 'legal', caseTerminology: 'client' };

useFixedDemoClock();
afterEach(() => clearDemoOverlay());

type Procedure = { _def: { output?: z.ZodType } };
const procedures = (appRouter as unknown as { _def: { procedures: Record<string, Procedure> } })._def.procedures;

function call<T>(path: string, input: unknown, who: DemoIdentity = DIRECTOR): T {
  const result = answer(path, input, who);
  const parsed = procedures[path]!._def.output!.safeParse(result);
  expect(parsed.success ? 'ok' : JSON.stringify(parsed.error.issues.slice(0, 3)), path).toBe('ok');
  return result as T;
}

function refused(path: string, input: unknown, who: DemoIdentity = DIRECTOR): DemoError {
  try {
    answer(path, input, who);
  } catch (error) {
    if (error instanceof DemoError) return error;
    throw error;
  }
  throw new Error(`${path} was not refused`);
}

/** DEMO_TEST_CLOCK's day. */
const today = '2026-03-18';

describe('the trust account in demo mode', () => {
  it('walks a receipt, a refused overdraft, interest 95/5, a transfer and a closed month', () => {
    const march = call<TReconciliation>('trust.reconciliation', { month: '2026-03' });
    const matter = march.creditors[0]!.caseId;
    expect(call<TTrustLedger>('trust.ledger', { caseId: matter })).toMatchObject({ balanceCents: 46_500_00, totalCents: 46_500_00 });

    call('trust.receive', { caseId: matter, date: today, amountCents: 10_000_00, reference: 'EFT', from: 'The client' });
    const overdraft = refused('trust.pay', { caseId: matter, date: today, amountCents: 60_000_00, payee: 'Counsel', reference: 'Trial fee' });
    expect(overdraft.code).toBe('CONFLICT');
    expect(overdraft.message).toMatch(/^R\s56\s500,00 is held in the trust bank account/);

    const investment = call<TInvestment>('trust.invest', { caseId: matter, section: '86(4)', amountCents: 20_000_00, institution: 'Nedbank', date: today });
    expect(call<TInterestSplit>('trust.creditInterest', { id: investment.id, amountCents: 1_000_00, date: today })).toMatchObject({ clientCents: 950_00, fundCents: 50_00, balanceCents: 20_950_00 });

    const note = call<TFeeNote>('feeNotes.create', { id: matter, fixedFees: [{ date: today, description: 'Consultation', amountCents: 1_000_00 }] });
    expect(note.totalCents).toBe(1_150_00);
    expect(refused('trust.transfer', { caseId: matter, feeNoteId: note.id, amountCents: 1_150_01, date: today }).code).toBe('CONFLICT');
    const after = call<TTrustLedger>('trust.transfer', { caseId: matter, feeNoteId: note.id, amountCents: 1_150_00, date: today });
    expect(after).toMatchObject({ balanceCents: 56_500_00 - 20_000_00 - 1_150_00, investedCents: 20_950_00 });
    expect(call<TFeeNote>('feeNotes.get', { id: note.id }).owingCents).toBe(0);

    const now = call<TReconciliation>('trust.reconciliation', { month: '2026-03' });
    expect(now.creditorsTotalCents).toBe(after.totalCents);

    // February's end: the fixture receipt of R50 000 only (counsel was paid on 3 March).
    const saved = call<TReconciliation>('trust.saveReconciliation', { month: '2026-02', bankBalanceCents: 50_000_00 });
    expect(saved).toMatchObject({ creditorsTotalCents: 50_000_00, differenceCents: 0 });
    expect(call<TReconciliation>('trust.signOff', { month: '2026-02' }).signedOff).toBe(true);
    const backDated = refused('trust.receive', { caseId: matter, date: '2026-02-27', amountCents: 100, reference: 'Late', from: 'Client' });
    expect(backDated.code).toBe('CONFLICT');
    expect(backDated.fields).toHaveProperty('date');
    expect(refused('trust.signOff', { month: '2026-03' }).code).toBe('CONFLICT');
  });

  it('lets a fee-earner read the ledger of a matter they work on, and move no money', () => {
    const matter = call<TReconciliation>('trust.reconciliation', { month: '2026-03' }).creditors[0]!.caseId;
    expect(refused('trust.receive', { caseId: matter, date: today, amountCents: 100, reference: 'x', from: 'x' }, CONSULTANT).code).toBe('FORBIDDEN');
    expect(refused('trust.reconciliation', { month: '2026-03' }, CONSULTANT).code).toBe('FORBIDDEN');
  });
});
