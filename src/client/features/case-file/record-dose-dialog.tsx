import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isoToSaWallClock, saWallClockToIso } from '../../../shared/calendar';
import { MEDICATION_ROUTE_LABELS, MEDICATION_ROUTES, routeWords, type TCaseMedication, type TMedicationRoute } from '../../../shared/domain/clinical-results';
import { errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { type FieldErrors, Field, describedBy, fieldsOf } from './dialog-field';

// Record a dose against a prescription (issue 31): given at (now by default, SA time), dose and
// route as prescribed (editable), or "not given" with the reason. The record is kept, never edited.

const isRoute = (value: string | null): value is TMedicationRoute => (MEDICATION_ROUTES as readonly string[]).includes(value ?? '');

export function RecordDoseDialog({ medication, notGiven, onClose }: { medication: TCaseMedication; notGiven: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [when, setWhen] = useState(isoToSaWallClock(new Date()));
  const [dose, setDose] = useState(medication.dose);
  const [route, setRoute] = useState<TMedicationRoute | ''>(isRoute(medication.route) ? medication.route : '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const record = useMutation(
    trpc.medications.administer.mutationOptions({
      onSuccess: (a) => {
        toast({ title: a.given ? 'Dose recorded' : 'Recorded as not given', description: `${medication.name} ${a.dose}` });
        void queryClient.invalidateQueries({ queryKey: trpc.medications.administrations.pathKey() });
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
    if (!dose.trim()) missing.dose = 'Enter the dose';
    if (!route) missing.route = 'Choose the route';
    if (notGiven && !reason.trim()) missing.notGivenReason = 'Say why the dose was not given';
    setErrors(missing);
    if (Object.keys(missing).length > 0 || !route) return;
    record.mutate({ id: medication.id, givenAt: saWallClockToIso(when) ?? when, dose, route, notGivenReason: notGiven ? reason : null });
  };
  const title = notGiven ? `${medication.name}: not given` : `Give ${medication.name}`;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Prescribed: {medication.dose} {routeWords(medication.route)}, {medication.frequency}. {notGiven ? 'The reason is the record.' : 'You are recorded as giving it.'}
          </DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={submit} className="grid gap-3" noValidate>
          <Field id={`${id}-when`} label={notGiven ? 'When it was due' : 'Given at'} error={errors.givenAt}>
            <Input id={`${id}-when`} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} aria-describedby={describedBy(`${id}-when`, errors.givenAt)} />
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id={`${id}-dose`} label="Dose" error={errors.dose}>
              <Input id={`${id}-dose`} value={dose} onChange={(e) => setDose(e.target.value)} aria-invalid={errors.dose ? true : undefined} aria-describedby={describedBy(`${id}-dose`, errors.dose)} />
            </Field>
            <Field id={`${id}-route`} label="Route" error={errors.route}>
              <Select value={route} onValueChange={(v) => setRoute(v as TMedicationRoute)}>
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
          </div>
          {notGiven && (
            <Field id={`${id}-reason`} label="Why it was not given" error={errors.notGivenReason}>
              <Textarea id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Patient refused; nil by mouth for theatre" aria-invalid={errors.notGivenReason ? true : undefined} aria-describedby={describedBy(`${id}-reason`, errors.notGivenReason)} />
            </Field>
          )}
          {errors.form && <p className="text-sm text-destructive" role="alert">{errors.form}</p>}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={record.isPending}>
            {record.isPending ? 'Saving...' : notGiven ? 'Record not given' : 'Record dose'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
