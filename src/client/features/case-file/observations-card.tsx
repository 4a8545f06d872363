import { Suspense, lazy, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, Plus } from 'lucide-react';
import { isoToSaWallClock, saWallClockToIso } from '../../../shared/calendar';
import { CONSCIOUSNESS_LABELS, CONSCIOUSNESS_LEVELS, type TConsciousness } from '../../../shared/domain/news2';
import { NEWS2_BAND_LABELS, type TObservation } from '../../../shared/domain/observations';
import { formatSaDateTime } from '../../../shared/format';
import { EmptyState, ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { type FieldErrors, Field, describedBy, fieldsOf } from './dialog-field';
import { News2Badge } from '../../components/data/news2-badge';

// Observations with NEWS2 on the case (issue 31): the newest score and band, a table of the sets
// and their chart, and a quick entry of the seven parameters — no SOAP encounter needed. Numbers
// are typed as text (inputMode decimal) so the decimal comma ("37,2") reaches the shared parser.

const ObservationChart = lazy(() => import('./observation-chart'));

const NUMBER_FIELDS = [
  ['respiratoryRate', 'Respiration rate (/min)'],
  ['spo2', 'SpO2 (%)'],
  ['systolic', 'Systolic BP (mmHg)'],
  ['pulse', 'Pulse (bpm)'],
  ['temperatureC', 'Temperature (°C)'],
] as const;
type NumberField = (typeof NUMBER_FIELDS)[number][0];

function RecordObservationsDialog({ caseId, onClose }: { caseId: string; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [values, setValues] = useState<Record<NumberField, string>>({ respiratoryRate: '', spo2: '', systolic: '', pulse: '', temperatureC: '' });
  const [onOxygen, setOnOxygen] = useState<'air' | 'oxygen' | ''>('');
  const [consciousness, setConsciousness] = useState<TConsciousness>('A');
  const [when, setWhen] = useState(isoToSaWallClock(new Date()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const record = useMutation(
    trpc.observations.create.mutationOptions({
      onSuccess: (o) => {
        toast({ title: `NEWS2 ${o.news2} (${o.band})`, description: NEWS2_BAND_LABELS[o.band] });
        void queryClient.invalidateQueries({ queryKey: trpc.observations.list.queryKey({ id: caseId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.results.latestVitals.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() });
        onClose();
      },
      onError: (e) => {
        const fields = fieldsOf(e);
        setErrors(Object.keys(fields).length > 0 ? fields : { form: errorMessage(e) });
      },
    }),
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const missing: FieldErrors = {};
    for (const [key, label] of NUMBER_FIELDS) if (!values[key].trim()) missing[key] = `${label.replace(/ \(.*\)$/, '')} is required`;
    if (!onOxygen) missing.onOxygen = 'Air or oxygen?';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    // Text as typed: the shared schema reads "37,2" as 37.2 and names a typo.
    record.mutate({ id: caseId, ...values, onOxygen: onOxygen === 'oxygen', consciousness, recordedAt: saWallClockToIso(when) ?? when });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Record observations</DialogTitle>
          <DialogDescription>The seven NEWS2 parameters (RCP chart, SpO2 scale 1). The score and band are worked out when you save.</DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={submit} className="grid gap-3" noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            {NUMBER_FIELDS.map(([key, label]) => (
              <Field key={key} id={`${id}-${key}`} label={label} error={errors[key]}>
                <Input
                  id={`${id}-${key}`}
                  inputMode="decimal"
                  value={values[key]}
                  onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
                  aria-invalid={errors[key] ? true : undefined}
                  aria-describedby={describedBy(`${id}-${key}`, errors[key])}
                />
              </Field>
            ))}
            <Field id={`${id}-oxygen`} label="Air or oxygen" error={errors.onOxygen}>
              <Select value={onOxygen} onValueChange={(v) => setOnOxygen(v as 'air' | 'oxygen')}>
                <SelectTrigger id={`${id}-oxygen`} className="w-full" aria-invalid={errors.onOxygen ? true : undefined} aria-describedby={describedBy(`${id}-oxygen`, errors.onOxygen)}>
                  <SelectValue placeholder="Choose" />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="air">Air</SelectItem>
                  <SelectItem value="oxygen">Oxygen</SelectItem>
                </SelectContent>
              </Select>
            </Field>
          </div>
          <Field id={`${id}-acvpu`} label="Consciousness (ACVPU)" error={errors.consciousness}>
            <Select value={consciousness} onValueChange={(v) => setConsciousness(v as TConsciousness)}>
              <SelectTrigger id={`${id}-acvpu`} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {CONSCIOUSNESS_LEVELS.map((level) => (
                  <SelectItem key={level} value={level}>
                    {`${level} — ${CONSCIOUSNESS_LABELS[level]}`}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field id={`${id}-when`} label="Taken at" error={errors.recordedAt}>
            <Input id={`${id}-when`} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} aria-describedby={describedBy(`${id}-when`, errors.recordedAt)} />
          </Field>
          {errors.form && <p className="text-sm text-destructive" role="alert">{errors.form}</p>}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={record.isPending}>
            {record.isPending ? 'Saving...' : 'Save observations'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ObservationsTable({ items }: { items: readonly TObservation[] }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Observations table">
      <table className="w-full min-w-[640px] text-sm" aria-label="Observations, newest first">
        <thead className="text-left text-xs text-muted-foreground">
          <tr className="border-b">
            {['Taken', 'NEWS2', 'RR', 'SpO2', 'Air / O₂', 'BP sys.', 'Pulse', 'ACVPU', 'Temp', 'By'].map((h) => (
              <th key={h} scope="col" className="py-2 pr-3 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {items.slice(0, 10).map((o) => (
            <tr key={o.id}>
              <td className="py-1.5 pr-3 text-xs">{formatSaDateTime(o.recordedAt)}</td>
              <td className="py-1.5 pr-3"><News2Badge score={o.news2} band={o.band} /></td>
              <td className="py-1.5 pr-3 tabular-nums">{o.respiratoryRate}</td>
              <td className="py-1.5 pr-3 tabular-nums">{o.spo2}%</td>
              <td className="py-1.5 pr-3">{o.onOxygen ? 'Oxygen' : 'Air'}</td>
              <td className="py-1.5 pr-3 tabular-nums">{o.systolic}</td>
              <td className="py-1.5 pr-3 tabular-nums">{o.pulse}</td>
              <td className="py-1.5 pr-3">{o.consciousness}</td>
              <td className="py-1.5 pr-3 tabular-nums">{o.temperatureC.toFixed(1)} °C</td>
              <td className="py-1.5 pr-3 text-xs">{o.byName ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ObservationsCard({ caseId, mayRecord }: { caseId: string; mayRecord: boolean }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const observations = useQuery(trpc.observations.list.queryOptions({ id: caseId }));
  const newest = observations.data?.items[0];
  return (
    <Card className="gap-3 py-4" aria-label="Observations">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 px-4">
        <CardTitle asHeading="h2" className="flex items-center gap-2 text-base">
          Observations {newest && <News2Badge score={newest.news2} band={newest.band} />}
        </CardTitle>
        {mayRecord && (
          <Button size="sm" onClick={() => setOpen(true)}>
            <Plus aria-hidden="true" /> Record observations
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-3 px-4">
        {observations.isPending ? (
          <ListSkeleton rows={2} label="Loading the observations" />
        ) : observations.isError ? (
          <ErrorState title="Could not load the observations" error={observations.error} onRetry={() => void observations.refetch()} />
        ) : observations.data.items.length === 0 ? (
          <EmptyState icon={Activity} title="No observations">
            {mayRecord ? 'Record the first set with Record observations: NEWS2 is worked out as you save.' : 'Observation sets the nurses record show here with their NEWS2.'}
          </EmptyState>
        ) : (
          <>
            {observations.data.items.length > 1 && (
              <Suspense fallback={<ListSkeleton rows={3} label="Loading the chart" />}>
                <ObservationChart items={observations.data.items} />
              </Suspense>
            )}
            <ObservationsTable items={observations.data.items} />
          </>
        )}
      </CardContent>
      {open && <RecordObservationsDialog caseId={caseId} onClose={() => setOpen(false)} />}
    </Card>
  );
}
