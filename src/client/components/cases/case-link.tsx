import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { Identity } from '../../lib/identity';
import { useIdentity } from '../../lib/identity';
import { cn } from '../../lib/utils';

// Every place a case appears links to its case file (issue 18): /patients/<id> for a hospital,
// /clients/<id> for a law firm (SPEC §1's wording). One helper, so no screen guesses the path.

export type CaseFileTab =
  | 'overview' | 'team' | 'parties' | 'timeline' | 'notes' | 'tasks' | 'appointments' | 'documents' | 'time' | 'messages'
  // Issue 20, on the platforms whose flags turn them on: court matter and hearings, experts, settlements, compliance.
  | 'court' | 'experts' | 'settlement' | 'checklist'
  // Issue 22: results and medications of a healthcare case.
  | 'results'
  // Issue 22: a medicolegal case's hospital records as an indexed, paginated bundle.
  | 'hospital-records'
  // Issue 22 — encounters and ICD-10: on healthcare cases, for records.view.
  | 'encounters'
  // Issue 33 — charges on a healthcare case (medicalAccounts), for records.view.
  | 'charges'
  // Issue 34 — a matter's work in progress and fee notes (feeNotes), for fees.view.
  | 'fees';

export function caseLink(identity: Pick<Identity, 'caseTerminology'>, caseId: string, tab?: CaseFileTab) {
  const search = tab && tab !== 'overview' ? { tab } : {};
  return identity.caseTerminology === 'patient'
    ? ({ to: '/patients/$caseId', params: { caseId }, search } as const)
    : ({ to: '/clients/$caseId', params: { caseId }, search } as const);
}

/** A link to a case's page; `children` defaults to nothing, so give it the name or reference. */
export function CaseLink({
  caseId,
  tab,
  className,
  children,
  label,
}: {
  caseId: string;
  tab?: CaseFileTab;
  className?: string;
  children: ReactNode;
  /** For screen readers when the visible text is not enough ("Open the case of …"). */
  label?: string;
}) {
  const identity = useIdentity();
  return (
    <Link
      {...caseLink(identity, caseId, tab)}
      className={cn('text-primary underline-offset-4 hover:underline', className)}
      aria-label={label}
    >
      {children}
    </Link>
  );
}
