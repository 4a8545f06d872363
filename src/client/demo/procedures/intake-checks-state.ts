import { type TIntakeConflictCheck, unresolvedAdverseCount } from '../../../shared/domain/conflict-checks';
import type { DemoContext } from '../context';
import { badRequest, conflict } from '../demo-error';

// The conflict checks run at intake in demo mode (issue 32), as the session keeps them: read by the
// conflict-check procedures, attached by cases.create, shown and enforced by the checklist. It reads
// no cases, so cases.ts may import it without a cycle.

/** A check as the overlay keeps it: the answer's shape without the derived count. */
export type DemoIntakeCheckRow = Omit<TIntakeConflictCheck, 'unresolvedAdverse'>;

export const intakeChecks = (ctx: DemoContext): DemoIntakeCheckRow[] => ctx.overlay.rows<DemoIntakeCheckRow>('intakeConflictChecks');

export const shownCheck = (row: DemoIntakeCheckRow): TIntakeConflictCheck => ({ ...row, unresolvedAdverse: unresolvedAdverseCount(row.hits) });

/** The checks attached to a case, newest first. */
export const checksOfCase = (ctx: DemoContext, caseId: string): TIntakeConflictCheck[] =>
  intakeChecks(ctx).filter((row) => row.caseId === caseId).sort((a, b) => b.runAt.localeCompare(a.runAt)).map(shownCheck);

/** Refuses an id that cannot be attached, before anything is written (the server's 400 / 409). */
export function requireAttachableIntakeCheck(ctx: DemoContext, checkId: string): DemoIntakeCheckRow {
  const row = intakeChecks(ctx).find((c) => c.id === checkId);
  if (!row) throw badRequest('No conflict check with this id in your organisation', { conflictCheckId: 'No conflict check with this id in your organisation: run the conflict check again' });
  if (row.caseId) {
    const message = `This conflict check is already attached to ${row.caseReference ?? 'another matter'}; run a new one for this matter`;
    throw conflict(message, { conflictCheckId: message });
  }
  return row;
}

/** As the server's createCase: the check is attached to the new case. */
export function attachIntakeCheck(ctx: DemoContext, checkId: string, caseId: string, caseReference: string | null, at: string): void {
  const row = requireAttachableIntakeCheck(ctx, checkId);
  ctx.overlay.put<DemoIntakeCheckRow>('intakeConflictChecks', { ...row, caseId, caseReference, attachedAt: at });
}
