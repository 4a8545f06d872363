import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dayKey } from '../../../shared/calendar';
import {
  MEDICATION_ROUTE_LABELS,
  MEDICATION_ROUTES,
  RESULT_FLAGS,
  type TCaseMedication,
  type TMedicationRoute,
} from '../../../shared/domain/clinical-results';
import { formatCalendarDay } from '../../../shared/format';
import { errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useIdentity } from '../../lib/identity';
import { can } from '../../../shared/roles';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { postCaseDocument } from './documents-tab';
import { type FieldErrors, Field, describedBy, fieldsOf } from './dialog-field';

// The dialogs of the Results & medications tab (issue 22): add a result (with its report PDF,
// uploaded to the case's documents in the same dialog), start a medication, stop one. The server's
// field errors show under their fields; the dialog stays open until it saves.

const NO_FLAG = 'none';

function useRecordsRefresh(caseId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.results.list.queryKey({ id: caseId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.medications.list.queryKey({ id: caseId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.medications.administrations.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.documents.forCase.queryKey({ caseId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() });
  };
}

export function AddResultDialog({ caseId, onClose }: { caseId: string; onClose: () => void }) {
  const trpc = useTRPC();
  const identity = useIdentity();
  const refresh = useRecordsRefresh(caseId);
  const id = useId();
  const [values, setValues] = useState({ test: '', value: '', unit: '', referenceRange: '', flag: NO_FLAG });
  // Issue 31: held from the portal by default; a clinician who may release can do so at entry, on purpose.
  const mayRelease = can(identity, 'results.release');
  const [releaseNow, setReleaseNow] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploading, setUploading] = useState(false);
  const create = useMutation(trpc.results.create.mutationOptions());
  const set = (key: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const missing: FieldErrors = {};
    if (!values.test.trim()) missing.test = 'Name the test';
    if (!values.value.trim()) missing.value = 'Enter the value';
    if (file && !/\.pdf$/i.test(file.name)) missing.report = 'The report must be a PDF';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    try {
      let reportDocumentId: string | null = null;
      if (file) {
        setUploading(true);
        try {
          reportDocumentId = (await postCaseDocument({ caseId, file })).id;
        } catch (e) {
          setErrors({ report: errorMessage(e) });
          return;
        } finally {
          setUploading(false);
        }
      }
      await create.mutateAsync({ id: caseId, ...values, flag: values.flag === NO_FLAG ? null : values.flag, reportDocumentId, ...(releaseNow ? { releaseToPatient: true } : {}) });
      toast({ title: 'Result recorded', description: `${values.test.trim()} ${values.value.trim()} ${values.unit.trim()}`.trim() });
      refresh();
      onClose();
    } catch (e) {
      const fields = fieldsOf(e);
      setErrors(Object.keys(fields).length > 0 ? { ...fields, report: fields.reportDocumentId ?? '' } : { form: errorMessage(e) });
    }
  };

  const busy = uploading || create.isPending;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add a result</DialogTitle>
          <DialogDescription>
            The test, its value and unit, the laboratory's reference range and flag. Attach the report as a PDF if you have it. The result is held from the patient's portal until a doctor releases it.
          </DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={(e) => void submit(e)} className="grid gap-3" noValidate>
          <Field id={`${id}-test`} label="Test" error={errors.test}>
            <Input id={`${id}-test`} value={values.test} onChange={set('test')} placeholder="e.g. Haemoglobin" aria-invalid={errors.test ? true : undefined} aria-describedby={describedBy(`${id}-test`, errors.test)} />
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id={`${id}-value`} label="Value" error={errors.value}>
              <Input id={`${id}-value`} value={values.value} onChange={set('value')} placeholder="e.g. 13.2" aria-invalid={errors.value ? true : undefined} aria-describedby={describedBy(`${id}-value`, errors.value)} />
            </Field>
            <Field id={`${id}-unit`} label="Unit (optional)" error={errors.unit}>
              <Input id={`${id}-unit`} value={values.unit} onChange={set('unit')} placeholder="e.g. g/dL" aria-describedby={describedBy(`${id}-unit`, errors.unit)} />
            </Field>
            <Field id={`${id}-range`} label="Reference range (optional)" error={errors.referenceRange}>
              <Input id={`${id}-range`} value={values.referenceRange} onChange={set('referenceRange')} placeholder="e.g. 12.0–15.5" aria-describedby={describedBy(`${id}-range`, errors.referenceRange)} />
            </Field>
            <Field id={`${id}-flag`} label="Flag (optional)" error={errors.flag}>
              <Select value={values.flag} onValueChange={(flag) => setValues((v) => ({ ...v, flag }))}>
                <SelectTrigger id={`${id}-flag`} className="w-full" aria-describedby={describedBy(`${id}-flag`, errors.flag)}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_FLAG}>No flag</SelectItem>
                  {RESULT_FLAGS.map((f) => (
                    <SelectItem key={f} value={f}>
                      {f}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          </div>
          <Field id={`${id}-report`} label="Report PDF (optional)" error={errors.report || undefined} hint={identity.status === 'demo' ? 'Demo mode keeps no files.' : 'Saved with the case\'s documents.'}>
            <Input
              id={`${id}-report`}
              type="file"
              accept="application/pdf,.pdf"
              disabled={identity.status === 'demo'}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              aria-describedby={errors.report ? `${id}-report-error` : `${id}-report-hint`}
            />
          </Field>
          {mayRelease && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" checked={releaseNow} onChange={(e) => setReleaseNow(e.target.checked)} />
              Release to the patient's portal now (they are notified)
            </label>
          )}
          {errors.form && <p className="text-sm text-destructive" role="alert">{errors.form}</p>}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={busy}>
            {uploading ? 'Uploading the report...' : create.isPending ? 'Saving...' : 'Save result'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function AddMedicationDialog({ caseId, onClose }: { caseId: string; onClose: () => void }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const refresh = useRecordsRefresh(caseId);
  const id = useId();
  const [values, setValues] = useState({ name: '', dose: '', frequency: '', startDate: dayKey(), instructions: '' });
  const [route, setRoute] = useState<TMedicationRoute | ''>('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // Issue 31: the server names a recorded allergy the drug matches (409); the prescriber confirms or changes the drug.
  const [allergyWarning, setAllergyWarning] = useState<string | null>(null);
  const create = useMutation(
    trpc.medications.create.mutationOptions({
      onSuccess: (m) => {
        toast({ title: 'Medication started', description: `${m.name} ${m.dose}` });
        refresh();
        onClose();
      },
      onError: (e) => {
        const fields = fieldsOf(e);
        if ((e as { data?: { code?: string } }).data?.code === 'CONFLICT' && fields.name) {
          setAllergyWarning(fields.name);
          setErrors({});
          return;
        }
        setErrors(Object.keys(fields).length > 0 ? fields : { form: errorMessage(e) });
      },
    }),
  );
  const set = (key: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    if (key === 'name') setAllergyWarning(null);
    setValues((v) => ({ ...v, [key]: event.target.value }));
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const missing: FieldErrors = {};
    if (!values.name.trim()) missing.name = 'Name the medication';
    if (!values.dose.trim()) missing.dose = 'Enter the dose';
    if (!route) missing.route = 'Choose the route';
    if (!values.frequency.trim()) missing.frequency = 'Enter how often';
    if (!values.startDate) missing.startDate = 'Start date is required';
    setErrors(missing);
    if (Object.keys(missing).length > 0 || !route) return;
    create.mutate({ id: caseId, ...values, route });
  };
  const prescribeAnyway = () => {
    if (!route) return;
    create.mutate({ id: caseId, ...values, route, allergyAcknowledged: true });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add a medication</DialogTitle>
          <DialogDescription>
            What is given, how much, how and how often, from which day. You are recorded as the prescriber{identity.role ? ` (${identity.role})` : ''}; the nurses record each dose given.
          </DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={submit} className="grid gap-3" noValidate>
          <Field id={`${id}-name`} label="Medication" error={errors.name}>
            <Input id={`${id}-name`} value={values.name} onChange={set('name')} placeholder="e.g. Amoxicillin" aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy(`${id}-name`, errors.name)} />
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id={`${id}-dose`} label="Dose" error={errors.dose}>
              <Input id={`${id}-dose`} value={values.dose} onChange={set('dose')} placeholder="e.g. 500 mg" aria-invalid={errors.dose ? true : undefined} aria-describedby={describedBy(`${id}-dose`, errors.dose)} />
            </Field>
            <Field id={`${id}-route`} label="Route" error={errors.route}>
              <Select value={route} onValueChange={(value) => setRoute(value as TMedicationRoute)}>
                <SelectTrigger id={`${id}-route`} className="w-full" aria-invalid={errors.route ? true : undefined} aria-describedby={describedBy(`${id}-route`, errors.route)}>
                  <SelectValue placeholder="Choose the route" />
                </SelectTrigger>
                <SelectContent>
                  {MEDICATION_ROUTES.map((r) => (
                    <SelectItem key={r} value={r}>
                      {MEDICATION_ROUTE_LABELS[r]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <Field id={`${id}-frequency`} label="Frequency" error={errors.frequency}>
              <Input id={`${id}-frequency`} value={values.frequency} onChange={set('frequency')} placeholder="e.g. Three times a day" aria-invalid={errors.frequency ? true : undefined} aria-describedby={describedBy(`${id}-frequency`, errors.frequency)} />
            </Field>
            <Field id={`${id}-start`} label="Start date" error={errors.startDate}>
              <Input id={`${id}-start`} type="date" value={values.startDate} onChange={set('startDate')} aria-invalid={errors.startDate ? true : undefined} aria-describedby={describedBy(`${id}-start`, errors.startDate)} />
            </Field>
          </div>
          <Field id={`${id}-instructions`} label="Instructions for the patient (optional)" error={errors.instructions}>
            <Input id={`${id}-instructions`} value={values.instructions} onChange={set('instructions')} placeholder="e.g. Take with food" aria-describedby={describedBy(`${id}-instructions`, errors.instructions)} />
          </Field>
          {errors.form && <p className="text-sm text-destructive" role="alert">{errors.form}</p>}
          {allergyWarning && (
            <div role="alert" className="grid gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="allergy-warning">
              <p className="font-medium">{allergyWarning}</p>
              <Button type="button" variant="destructive" size="sm" className="w-fit" onClick={prescribeAnyway} disabled={create.isPending}>
                Prescribe anyway
              </Button>
            </div>
          )}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={create.isPending || allergyWarning !== null}>
            {create.isPending ? 'Saving...' : 'Save medication'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function StopMedicationDialog({ caseId, medication, onClose }: { caseId: string; medication: TCaseMedication; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRecordsRefresh(caseId);
  const id = useId();
  const today = dayKey();
  const [stopDate, setStopDate] = useState(today < medication.startDate ? medication.startDate : today);
  const [error, setError] = useState<string | null>(null);
  const stop = useMutation(
    trpc.medications.stop.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Medication stopped', description: `${medication.name} on ${formatCalendarDay(stopDate)}` });
        refresh();
        onClose();
      },
      onError: (e) => {
        // Someone stopped it meanwhile: the list is refreshed so the screen shows who.
        if ((e as { data?: { code?: string } }).data?.code === 'CONFLICT') refresh();
        setError(fieldsOf(e).stopDate ?? errorMessage(e));
      },
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Stop {medication.name}</DialogTitle>
          <DialogDescription>
            {medication.dose} · started {formatCalendarDay(medication.startDate)}. The medication stays on the record, marked stopped by you.
          </DialogDescription>
        </DialogHeader>
        <form
          id={`${id}-form`}
          onSubmit={(event) => {
            event.preventDefault();
            if (!stopDate) return setError('Stop date is required');
            stop.mutate({ id: medication.id, stopDate });
          }}
          noValidate
        >
          <Field id={`${id}-stop`} label="Stop date" error={error ?? undefined}>
            <Input id={`${id}-stop`} type="date" min={medication.startDate} value={stopDate} onChange={(e) => setStopDate(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={describedBy(`${id}-stop`, error ?? undefined)} />
          </Field>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} variant="destructive" disabled={stop.isPending}>
            {stop.isPending ? 'Stopping...' : 'Stop medication'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
