import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { PARTY_ROLES, type TPartyRole } from '../../../shared/domain/case-parties';
import {
  CONFLICT_RESOLUTIONS,
  type TConflictResolution,
  type TIntakeConflictCheck,
  type TIntakeHit,
} from '../../../shared/domain/conflict-checks';
import { formatSaDateTime } from '../../../shared/format';
import { errorMessage } from '../shell/data-states';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';
import { useTRPC } from '../../trpc';

// A recorded conflict check at intake (issue 32, decision 0055): what it found, adverse hits marked
// and, for those who open matters, resolvable with a reason. Shown by the new-matter dialog's first
// step and by the matter's checklist item it is attached to.

const ROLE_THERE: Record<string, string> = { client: 'Client', claimant: 'Claimant', patient: 'Patient', ...PARTY_ROLES };
export const roleThereLabel = (role: string) => ROLE_THERE[role as TPartyRole] ?? role;

/** One line: what the check found. */
export function checkSummary(check: TIntakeConflictCheck): string {
  const adverse = check.hits.filter((h) => h.adverse).length;
  if (check.hits.length === 0) return 'No hits: nobody named appears in the organisation’s matters.';
  const hits = `${check.hits.length} ${check.hits.length === 1 ? 'hit' : 'hits'}, ${adverse} adverse`;
  return check.unresolvedAdverse > 0 ? `${hits} (${check.unresolvedAdverse} not resolved)` : adverse > 0 ? `${hits} (all resolved)` : hits;
}

/** The hits of a recorded check, adverse ones marked and resolvable; also shown from the matter's checklist. */
export function ConflictCheckResult({ check, onChange, readOnly = false }: { check: TIntakeConflictCheck; onChange?: (check: TIntakeConflictCheck) => void; readOnly?: boolean }) {
  return (
    <section aria-label="Conflict check result" className="grid gap-2">
      <p className="text-sm font-medium" data-testid="conflict-check-summary">
        {checkSummary(check)}
      </p>
      <p className="text-xs text-muted-foreground">
        Run {formatSaDateTime(check.runAt)} by {check.runByName}
        {check.caseReference ? ` · attached to ${check.caseReference}` : ''}
      </p>
      {check.unresolvedAdverse > 0 && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>Adverse {check.unresolvedAdverse === 1 ? 'hit' : 'hits'} to resolve</AlertTitle>
          <AlertDescription>
            Someone named is on the other side of one of the organisation’s matters. Record how each is resolved; until then the matter’s checklist item “Conflict check run and recorded” stays open.
          </AlertDescription>
        </Alert>
      )}
      {check.hits.length > 0 && (
        <ul className="grid divide-y rounded-md border" aria-label="Hits">
          {check.hits.map((hit) => (
            <HitRow key={hit.id} checkId={check.id} hit={hit} onChange={onChange} readOnly={readOnly} />
          ))}
        </ul>
      )}
    </section>
  );
}

function HitRow({ checkId, hit, onChange, readOnly }: { checkId: string; hit: TIntakeHit; onChange?: (check: TIntakeConflictCheck) => void; readOnly: boolean }) {
  const trpc = useTRPC();
  const resolve = useMutation(trpc.conflictChecks.resolve.mutationOptions());
  const [resolution, setResolution] = useState<TConflictResolution | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onResolve = async () => {
    if (!resolution) {
      setError('Choose how the conflict is resolved');
      return;
    }
    setError(null);
    try {
      onChange?.(await resolve.mutateAsync({ id: checkId, hitId: hit.id, resolution, note }));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <li className="grid gap-2 p-3 text-sm" aria-label={`${hit.name} in ${hit.reference ?? 'a matter'}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{hit.name}</span>
        <span className="text-muted-foreground">
          {roleThereLabel(hit.roleThere)} in {hit.reference ?? 'a matter'} ({hit.caseStatus})
        </span>
        {hit.adverse ? <Badge variant="destructive">Adverse</Badge> : <Badge variant="outline">Not adverse</Badge>}
      </div>
      <p className="text-xs text-muted-foreground">
        Found for {hit.partyName} ({hit.partyRole === 'client' ? 'prospective client' : hit.partyRole}) by {hit.reason === 'idNumber' ? 'ID / registration number' : 'a similar name'}
      </p>
      {hit.resolution ? (
        <p className="text-xs">
          Resolved: {CONFLICT_RESOLUTIONS[hit.resolution.resolution]}
          {hit.resolution.note ? ` — ${hit.resolution.note}` : ''} ({hit.resolution.resolvedByName}, {formatSaDateTime(hit.resolution.resolvedAt)})
        </p>
      ) : hit.adverse && !readOnly && onChange ? (
        <div className="grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
          <Select value={resolution} onValueChange={(value) => setResolution(value as TConflictResolution)}>
            <SelectTrigger aria-label={`How the conflict with ${hit.name} is resolved`}>
              <SelectValue placeholder="Resolution" />
            </SelectTrigger>
            <SelectContent>
              {Object.entries(CONFLICT_RESOLUTIONS).map(([value, label]) => (
                <SelectItem key={value} value={value}>
                  {label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Input aria-label={`Note on the conflict with ${hit.name}`} placeholder="Note (optional)" value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
          <Button type="button" size="sm" variant="outline" disabled={resolve.isPending} onClick={() => void onResolve()}>
            Resolve
          </Button>
          {error && <p className="text-xs text-destructive sm:col-span-3" role="alert">{error}</p>}
        </div>
      ) : null}
    </li>
  );
}
