import { Link } from '@tanstack/react-router';
import { Lock, UserCheck, Users } from 'lucide-react';
import type { TPerson, TPersonMatch } from '../../../shared/domain/people';
import { formatCalendarDay } from '../../../shared/format';
import { CaseLink } from '../cases/case-link';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { identityDocumentOf, roleLabel } from './person-labels';

const REASONS: Record<TPersonMatch['reason'], string> = { idNumber: 'Same ID number', name: 'Similar name' };

/**
 * The likely matches of a person being typed (issue 19), shown above the save button: each with
 * why it matched, its cases and the roles there, and "Use this person". Saving stays allowed: two
 * people may share a name and a birthday.
 */
export function PersonMatches({
  items,
  checking,
  onUse,
  useLabel = 'Use this person',
}: {
  items: readonly TPersonMatch[];
  checking: boolean;
  onUse?: (person: TPerson) => void;
  useLabel?: string;
}) {
  if (items.length === 0) {
    return checking ? (
      <p role="status" className="text-xs text-muted-foreground">
        Checking the registry for this person…
      </p>
    ) : null;
  }
  return (
    <section aria-labelledby="person-matches-heading" aria-live="polite" className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50/60 p-3 text-sm dark:bg-amber-950/20">
      <h3 id="person-matches-heading" className="flex items-center gap-1.5 font-medium text-amber-950 dark:text-amber-200">
        <Users className="size-4" aria-hidden="true" />
        {items.length === 1 ? 'This may be someone already in the registry' : `${items.length} people in the registry may be this person`}
      </h3>
      <ul className="grid gap-2">
        {items.map((match) => (
          <li key={match.person.id} className="grid gap-1.5 rounded-md border bg-background p-2.5" data-testid="person-match">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="grid min-w-0 gap-0.5">
                <span className="flex flex-wrap items-center gap-1.5">
                  <Link to="/people/$personId" params={{ personId: match.person.id }} target="_blank" className="font-medium text-primary underline-offset-4 hover:underline">
                    {match.person.fullName}
                  </Link>
                  <Badge variant={match.reason === 'idNumber' ? 'destructive' : 'outline'}>{REASONS[match.reason]}</Badge>
                </span>
                <span className="text-xs text-muted-foreground">
                  {[identityDocumentOf(match.person), match.person.dateOfBirth ? `born ${formatCalendarDay(match.person.dateOfBirth)}` : null].filter(Boolean).join(' · ') ||
                    'No ID number or birth date recorded'}
                </span>
              </div>
              {onUse && (
                <Button type="button" size="sm" variant="secondary" onClick={() => onUse(match.person)}>
                  <UserCheck aria-hidden="true" /> {useLabel}
                </Button>
              )}
            </div>
            {match.cases.length === 0 ? (
              <p className="text-xs text-muted-foreground">No cases yet.</p>
            ) : (
              <ul className="flex flex-wrap gap-1.5" aria-label={`Cases of ${match.person.fullName}`}>
                {match.cases.map((c) => (
                  <li key={`${c.id}-${c.role}`} className="inline-flex items-center gap-1 rounded bg-muted px-1.5 py-0.5 text-xs">
                    {c.restricted && <Lock className="size-3" aria-label="Restricted case" />}
                    <CaseLink caseId={c.id}>{c.reference ?? c.patientName}</CaseLink>
                    <span className="text-muted-foreground">· {roleLabel(c.role)}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
