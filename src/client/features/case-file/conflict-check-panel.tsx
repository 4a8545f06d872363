import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, CheckCircle2, Lock, ShieldQuestion } from 'lucide-react';
import { CONFLICT_CHECK_RESULTS, type TConflictCheckRecord, type TConflictCheckResult, type TConflictHit, ZRecordConflictCheckInput } from '../../../shared/domain/case-parties';
import { formatDateTime } from '../../../shared/format';
import { CaseLink } from '../../components/cases/case-link';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { StatusBadge } from '../../components/data/status-badge';
import { roleLabel } from '../../components/people/person-labels';
import { ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../lib/use-toast';
import { cn } from '../../lib/utils';
import { useWords } from '../../lib/words';
import { useTRPC } from '../../trpc';
import { conflictCheckQuery } from './case-queries';

// The conflict check a law firm runs before it takes a matter (issue 19): where the client and the
// parties of this case appear on other matters, and the recorded result — by whom and when.

const REASONS: Record<TConflictHit['reason'], string> = { 'same-person': 'Same person', idNumber: 'Same ID number', name: 'Similar name' };

function ResultBadge({ record }: { record: TConflictCheckRecord | null }) {
  if (!record) return <Badge variant="outline">Not recorded</Badge>;
  return record.result === 'clear' ? (
    <Badge variant="outline" className="border-emerald-300 bg-emerald-50 text-emerald-900">
      <CheckCircle2 aria-hidden="true" /> Clear
    </Badge>
  ) : (
    <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-900">
      <AlertTriangle aria-hidden="true" /> Conflict noted
    </Badge>
  );
}

const hitColumns: Column<TConflictHit>[] = [
  {
    header: 'Name',
    cell: (h) => (
      <Link to="/people/$personId" params={{ personId: h.personId }} className="font-medium text-primary underline-offset-4 hover:underline">
        {h.name}
      </Link>
    ),
  },
  { header: 'Role here', cell: (h) => roleLabel(h.roleHere) },
  {
    header: 'Other case',
    cell: (h) => (
      <span className="flex flex-wrap items-center gap-1.5">
        {h.otherCase.restricted && <Lock className="size-3.5 text-muted-foreground" aria-label="Restricted case" />}
        <CaseLink caseId={h.otherCase.id} className="font-mono text-xs">
          {h.otherCase.reference ?? h.otherCase.patientName}
        </CaseLink>
        <span className="text-xs text-muted-foreground">as {roleLabel(h.otherCase.role)}</span>
        <StatusBadge value={h.otherCase.status} />
      </span>
    ),
  },
  { header: 'Why', cell: (h) => REASONS[h.reason] },
  {
    header: 'Adverse',
    cell: (h) =>
      h.adverse ? (
        <Badge variant="destructive">
          <AlertTriangle aria-hidden="true" /> Adverse
        </Badge>
      ) : (
        <span className="text-muted-foreground">No</span>
      ),
  },
];

export function ConflictCheckPanel({ caseId, mayWrite }: { caseId: string; mayWrite: boolean }) {
  const words = useWords();
  const trpc = useTRPC();
  const check = useQuery(conflictCheckQuery(trpc, caseId));
  return (
    <Card aria-labelledby="conflict-check-heading" role="region" className="gap-4">
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle id="conflict-check-heading" className="flex items-center gap-2 text-lg">
            <ShieldQuestion className="size-5 text-muted-foreground" aria-hidden="true" /> Conflict check
          </CardTitle>
          <CardDescription>Where the {words.person} and the parties of this matter appear on other matters.</CardDescription>
        </div>
        {check.data && (
          <div className="grid justify-items-end gap-0.5 text-right" data-testid="conflict-latest">
            <ResultBadge record={check.data.latest} />
            {check.data.latest && (
              <span className="text-xs text-muted-foreground">
                by {check.data.latest.checkedByName}, {formatDateTime(check.data.latest.checkedAt)}
              </span>
            )}
          </div>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {check.isPending ? (
          <ListSkeleton rows={3} label="Running the conflict check" />
        ) : check.isError ? (
          <ErrorState title="Could not run the conflict check" error={check.error} onRetry={() => void check.refetch()} />
        ) : (
          <>
            {check.data.hits.length === 0 ? (
              <p className="rounded-lg border border-dashed px-4 py-4 text-center text-sm text-muted-foreground">No one on this matter appears on another matter of the firm.</p>
            ) : (
              <SimpleTable caption="Conflict check hits" columns={hitColumns} rows={check.data.hits} rowKey={(h) => `${h.personId}-${h.roleHere}-${h.otherCase.id}-${h.otherCase.role}`} stackOnPhone />
            )}
            {check.data.latest?.note && (
              <p className="rounded-lg bg-muted/50 px-3 py-2 text-sm">
                <span className="font-medium">Note: </span>
                {check.data.latest.note}
              </p>
            )}
            {mayWrite && <RecordResultForm caseId={caseId} hits={check.data.hits.length} />}
            {check.data.history.length > 1 && (
              <details className="text-sm">
                <summary className="cursor-pointer text-muted-foreground">Earlier results ({check.data.history.length - 1})</summary>
                <ul className="mt-2 grid gap-1.5">
                  {check.data.history.slice(1).map((r) => (
                    <li key={r.id} className="flex flex-wrap items-center gap-2">
                      <ResultBadge record={r} />
                      <span className="text-xs text-muted-foreground">
                        {r.checkedByName}, {formatDateTime(r.checkedAt)}
                      </span>
                      {r.note && <span className="text-xs">{r.note}</span>}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function RecordResultForm({ caseId, hits }: { caseId: string; hits: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<TConflictCheckResult | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ result?: string; note?: string }>({});
  const record = useMutation(trpc.parties.recordConflictCheck.mutationOptions());
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZRecordConflictCheckInput.safeParse({ id: caseId, result: result || undefined, note });
    if (!parsed.success) {
      const next: { result?: string; note?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'result' || key === 'note') && !next[key]) next[key] = issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    try {
      await record.mutateAsync(parsed.data);
      void queryClient.invalidateQueries({ queryKey: trpc.parties.conflictCheck.queryKey({ id: caseId }) });
      void queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() });
      toast({ title: 'Conflict check recorded', description: CONFLICT_CHECK_RESULTS[parsed.data.result] });
      setResult('');
      setNote('');
    } catch (error) {
      const fields = (error as { data?: { fields?: Record<string, string> } }).data?.fields ?? {};
      if (fields.note || fields.result) return setErrors({ note: fields.note, result: fields.result });
      toast({ title: 'Could not record the conflict check', description: errorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3 border-t pt-4">
      <fieldset disabled={record.isPending} className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">Record the result{hits > 0 ? ` (${hits} ${hits === 1 ? 'hit' : 'hits'} above)` : ''}</legend>
        <div role="radiogroup" aria-label="Result" aria-invalid={!!errors.result} className="flex flex-wrap gap-2">
          {(Object.keys(CONFLICT_CHECK_RESULTS) as TConflictCheckResult[]).map((value) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                result === value && 'border-primary bg-accent',
              )}
            >
              <input type="radio" name={`conflict-result-${caseId}`} value={value} checked={result === value} onChange={() => setResult(value)} className="accent-primary" />
              {CONFLICT_CHECK_RESULTS[value]}
            </label>
          ))}
        </div>
        {errors.result && <p className="text-sm text-destructive">{errors.result}</p>}
        <div className="grid gap-1.5">
          <Label htmlFor={`conflict-note-${caseId}`} data-error={!!errors.note} className="data-[error=true]:text-destructive">
            Note{result === 'conflict-noted' ? ' (required)' : ''}
          </Label>
          <Textarea
            id={`conflict-note-${caseId}`}
            rows={2}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-invalid={!!errors.note}
            aria-describedby={errors.note ? `conflict-note-error-${caseId}` : undefined}
            placeholder={result === 'conflict-noted' ? 'What the conflict is and how it is handled (e.g. consent obtained, matter declined)' : 'Optional'}
          />
          {errors.note && (
            <p id={`conflict-note-error-${caseId}`} className="text-sm text-destructive">
              {errors.note}
            </p>
          )}
        </div>
        <div>
          <Button type="submit">{record.isPending ? 'Saving...' : 'Record result'}</Button>
        </div>
      </fieldset>
    </form>
  );
}
