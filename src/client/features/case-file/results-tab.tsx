import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FlaskConical, Pill, Plus } from 'lucide-react';
import { type TCaseMedication, type TCaseResult, routeWords } from '../../../shared/domain/clinical-results';
import { caseDocumentDownloadUrl } from '../../../shared/domain/documents';
import { formatCalendarDay, formatDateTime } from '../../../shared/format';
import { can } from '../../../shared/roles';
import { EmptyState, ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { toast } from '../../lib/use-toast';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useIdentity } from '../../lib/identity';
import { cn } from '../../lib/utils';
import { useTRPC } from '../../trpc';
import { AddMedicationDialog, AddResultDialog, StopMedicationDialog } from './result-dialogs';
import { medicationsQuery, resultsQuery } from './case-queries';
import { MarCard } from './mar-card';
import { ObservationsCard } from './observations-card';

// Results & medications of a healthcare case (issue 22): what the laboratory found and what the
// patient is given. Clinicians (records.write) add results and medications and stop one; the rest of
// the care team reads. Nothing here is edited or deleted: a stopped medication stays, marked.

const FLAG_TONES: Record<string, string> = {
  Normal: 'border-emerald-600/30 bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  Low: 'border-amber-600/30 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  High: 'border-amber-600/30 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  Abnormal: 'border-orange-600/30 bg-orange-50 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  Critical: 'border-red-600/40 bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
  Active: 'border-emerald-600/30 bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  Stopped: 'border-slate-500/30 bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  Completed: 'border-slate-500/30 bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
};

function ToneBadge({ value }: { value: string }) {
  return (
    <span className={cn('inline-flex w-fit items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', FLAG_TONES[value] ?? FLAG_TONES.Completed)}>
      {value}
    </span>
  );
}

export function ResultsTab({ caseId }: { caseId: string }) {
  const identity = useIdentity();
  const mayWrite = can(identity, 'records.write');
  const [dialog, setDialog] = useState<'result' | 'medication' | null>(null);
  const [stopping, setStopping] = useState<TCaseMedication | null>(null);
  return (
    <div className="grid gap-4">
      <ObservationsCard caseId={caseId} mayRecord={mayWrite && identity.platform === 'healthcare'} />
      <ResultsCard caseId={caseId} mayWrite={mayWrite} onAdd={() => setDialog('result')} />
      <MedicationsCard caseId={caseId} mayWrite={mayWrite} mayPrescribe={can(identity, 'medications.prescribe')} onAdd={() => setDialog('medication')} onStop={setStopping} />
      <MarCard caseId={caseId} mayAdminister={can(identity, 'medications.administer') && identity.platform === 'healthcare'} />
      {dialog === 'result' && <AddResultDialog caseId={caseId} onClose={() => setDialog(null)} />}
      {dialog === 'medication' && <AddMedicationDialog caseId={caseId} onClose={() => setDialog(null)} />}
      {stopping && <StopMedicationDialog caseId={caseId} medication={stopping} onClose={() => setStopping(null)} />}
    </div>
  );
}

function SectionHeader({ title, action }: { title: string; action?: React.ReactNode }) {
  return (
    <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 px-4">
      <CardTitle asHeading="h2" className="text-base">
        {title}
      </CardTitle>
      {action}
    </CardHeader>
  );
}

function ResultsCard({ caseId, mayWrite, onAdd }: { caseId: string; mayWrite: boolean; onAdd: () => void }) {
  const trpc = useTRPC();
  const identity = useIdentity();
  const results = useQuery(resultsQuery(trpc, caseId));
  const add = mayWrite && (
    <Button size="sm" onClick={onAdd}>
      <Plus aria-hidden="true" /> Add result
    </Button>
  );
  return (
    <Card className="gap-3 py-4">
      <SectionHeader title="Results" action={add} />
      <CardContent className="px-4">
        {results.isPending ? (
          <ListSkeleton rows={3} label="Loading the results" />
        ) : results.isError ? (
          <ErrorState title="Could not load the results" error={results.error} onRetry={() => void results.refetch()} />
        ) : results.data.items.length === 0 ? (
          <EmptyState icon={FlaskConical} title="No results yet">
            {mayWrite ? 'Record the first result with Add result: the test, its value, and the report PDF if you have it.' : 'Results the clinicians record on this case show here.'}
          </EmptyState>
        ) : (
          // Scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too.
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Results table">
            <table className="w-full min-w-[760px] text-sm" aria-label="Results, newest first">
              <thead className="text-left text-xs text-muted-foreground">
                <tr className="border-b">
                  <th scope="col" className="py-2 pr-3 font-medium">Test</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Result</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Reference range</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Flag</th>
                  <th scope="col" className="py-2 pr-3 font-medium">When · by</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Report</th>
                  <th scope="col" className="py-2 font-medium">Portal</th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {results.data.items.map((r) => (
                  <ResultRow key={r.id} result={r} demo={identity.status === 'demo'} mayRelease={can(identity, 'results.release') && identity.platform === 'healthcare'} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function ResultRow({ result, demo, mayRelease }: { result: TCaseResult; demo: boolean; mayRelease: boolean }) {
  return (
    <tr>
      <td className="py-2 pr-3 align-top">
        <span className="font-medium">{result.test}</span>
        <span className="block text-xs text-muted-foreground">{result.category}</span>
      </td>
      <td className="py-2 pr-3 align-top font-medium tabular-nums">{result.value !== null ? `${result.value}${result.unit ? ` ${result.unit}` : ''}` : result.summary}</td>
      <td className="py-2 pr-3 align-top text-muted-foreground">{result.referenceRange ?? '—'}</td>
      <td className="py-2 pr-3 align-top">{result.flag ? <ToneBadge value={result.flag} /> : <span className="text-muted-foreground">—</span>}</td>
      <td className="py-2 pr-3 align-top text-xs text-muted-foreground">
        {formatDateTime(result.at)}
        {result.byName ? <span className="block">{result.byName}</span> : null}
      </td>
      <td className="py-2 align-top">
        {result.report && !demo ? (
          <Button asChild size="sm" variant="outline">
            <a href={caseDocumentDownloadUrl(result.report.id)} download aria-label={`Download the report of ${result.test} (${result.report.fileName})`}>
              <Download aria-hidden="true" /> PDF
            </a>
          </Button>
        ) : result.report ? (
          <span className="text-xs text-muted-foreground">{result.report.fileName}</span>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </td>
      <td className="py-2 align-top">
        <ReleaseCell result={result} mayRelease={mayRelease} />
      </td>
    </tr>
  );
}

/** Issue 31: held from the portal until a clinician releases it; released ones say when and by whom. */
function ReleaseCell({ result, mayRelease }: { result: TCaseResult; mayRelease: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const release = useMutation(
    trpc.results.release.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Released to the patient', description: `${result.test}: the patient is notified` });
        void queryClient.invalidateQueries({ queryKey: trpc.results.list.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() });
      },
      onError: (e) => toast({ title: 'Could not release it', description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  if (result.releasedAt) {
    return (
      <span className="text-xs text-muted-foreground" title={result.releasedByName ? `Released by ${result.releasedByName}` : undefined}>
        Released {formatDateTime(result.releasedAt)}
      </span>
    );
  }
  return (
    <span className="grid gap-1">
      <span className="inline-flex w-fit items-center rounded-full border border-amber-500/40 bg-amber-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900">Held from portal</span>
      {mayRelease && (
        <Button size="sm" variant="outline" disabled={release.isPending} onClick={() => release.mutate({ id: result.id })} aria-label={`Release ${result.test} to the patient`}>
          Release
        </Button>
      )}
    </span>
  );
}

function MedicationsCard({ caseId, mayWrite, mayPrescribe, onAdd, onStop }: { caseId: string; mayWrite: boolean; mayPrescribe: boolean; onAdd: () => void; onStop: (m: TCaseMedication) => void }) {
  const trpc = useTRPC();
  const medications = useQuery(medicationsQuery(trpc, caseId));
  // Issue 31: prescribing is a Doctor's (medications.prescribe); nurses record the doses given.
  const add = mayPrescribe && (
    <Button size="sm" onClick={onAdd}>
      <Plus aria-hidden="true" /> Add medication
    </Button>
  );
  return (
    <Card className="gap-3 py-4">
      <SectionHeader title="Medications" action={add} />
      <CardContent className="px-4">
        {medications.isPending ? (
          <ListSkeleton rows={3} label="Loading the medications" />
        ) : medications.isError ? (
          <ErrorState title="Could not load the medications" error={medications.error} onRetry={() => void medications.refetch()} />
        ) : medications.data.items.length === 0 ? (
          <EmptyState icon={Pill} title="No medications">
            {mayPrescribe ? 'Prescribe the first one with Add medication: name, dose, route, frequency and start date.' : 'Medications a doctor prescribes on this case show here.'}
          </EmptyState>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Medications table">
            <table className="w-full min-w-[720px] text-sm" aria-label="Medications, active first">
              <thead className="text-left text-xs text-muted-foreground">
                <tr className="border-b">
                  <th scope="col" className="py-2 pr-3 font-medium">Medication</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Route</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Frequency</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Start · stop</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Prescriber</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Status</th>
                  {mayWrite && <th scope="col" className="py-2 font-medium"><span className="sr-only">Actions</span></th>}
                </tr>
              </thead>
              <tbody className="divide-y">
                {medications.data.items.map((m) => (
                  <tr key={m.id}>
                    <td className="py-2 pr-3 align-top">
                      <span className="font-medium">{m.name}</span>
                      <span className="block text-xs text-muted-foreground">{m.dose}</span>
                    </td>
                    <td className="py-2 pr-3 align-top">{routeWords(m.route) || '—'}</td>
                    <td className="py-2 pr-3 align-top">{m.frequency}</td>
                    <td className="py-2 pr-3 align-top text-xs">
                      {formatCalendarDay(m.startDate)}
                      <span className="block text-muted-foreground">{m.stopDate ? `to ${formatCalendarDay(m.stopDate)}` : 'ongoing'}</span>
                    </td>
                    <td className="py-2 pr-3 align-top text-xs">
                      {m.prescriberName ?? '—'}
                      {m.prescriberRole && <span className="block text-muted-foreground">{m.prescriberRole}</span>}
                    </td>
                    <td className="py-2 pr-3 align-top">
                      <ToneBadge value={m.status} />
                      {m.stoppedByName && m.stoppedAt && (
                        <span className="mt-1 block text-xs text-muted-foreground">
                          by {m.stoppedByName}, {formatDateTime(m.stoppedAt)}
                        </span>
                      )}
                    </td>
                    {mayWrite && (
                      <td className="py-2 align-top">
                        {m.status === 'Active' && (
                          <Button size="sm" variant="outline" onClick={() => onStop(m)} aria-label={`Stop ${m.name}`}>
                            Stop
                          </Button>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
