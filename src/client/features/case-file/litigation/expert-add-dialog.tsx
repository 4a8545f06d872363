import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { TPerson } from '../../../../shared/domain/people';
import type { TSide } from '../../../../shared/domain/litigation-common';
import { can } from '../../../../shared/roles';
import { PersonPicker } from '../../../components/people/person-picker';
import { errorMessage } from '../../../components/shell/data-states';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useIdentity } from '../../../lib/identity';
import { toast } from '../../../lib/use-toast';
import { useTRPC } from '../../../trpc';
import { EXPERT_DISCIPLINES, feeCentsOf, sideLabel } from './expert-form';
import { useInvalidateExperts } from './expert-queries';

// Add an expert witness (issue 20): pick a person of the registry, or add one (the picker's "New
// person" runs the duplicate check), with discipline, registration number, side and fee.

type Errors = Partial<Record<'personId' | 'discipline' | 'registrationNumber' | 'side' | 'feeCents' | 'form', string>>;

export function ExpertAddDialog({ open, onOpenChange, caseId }: { open: boolean; onOpenChange: (open: boolean) => void; caseId: string }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const invalidate = useInvalidateExperts();
  const create = useMutation(trpc.experts.create.mutationOptions());
  const ids = useId();
  const [person, setPerson] = useState<TPerson | null>(null);
  const [discipline, setDiscipline] = useState('');
  const [registration, setRegistration] = useState('');
  const [side, setSide] = useState<TSide>('ours');
  const [fee, setFee] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setPerson(null);
      setDiscipline('');
      setRegistration('');
      setSide('ours');
      setFee('');
      setErrors({});
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const feeCents = feeCentsOf(fee);
    const missing: Errors = {
      personId: person ? undefined : 'Choose the expert from the registry, or add them',
      discipline: discipline.trim() ? undefined : 'Discipline is required',
      feeCents: feeCents === undefined ? 'Type the fee in rand, e.g. 45 000 or 45000,50' : undefined,
    };
    if (missing.personId || missing.discipline || missing.feeCents) return setErrors(missing);
    if (!person) return;
    try {
      const expert = await create.mutateAsync({ id: caseId, personId: person.id, discipline: discipline.trim(), registrationNumber: registration.trim() || undefined, side, feeCents: feeCents ?? null });
      invalidate();
      const dueNote = side === 'ours' && expert.dueDates.length > 0 ? ' Their Rule 36(9) deadlines are on the case as tasks.' : '';
      toast({ title: 'Expert added', description: `${expert.name}, ${expert.discipline} (${sideLabel(side).toLowerCase()}).${dueNote}` });
      close(false);
    } catch (error) {
      const fields = (error as { data?: { fields?: Record<string, string> } }).data?.fields ?? {};
      setErrors({
        personId: fields.personId, discipline: fields.discipline, registrationNumber: fields.registrationNumber, side: fields.side, feeCents: fields.feeCents,
        form: Object.keys(fields).length ? undefined : errorMessage(error),
      });
    }
  };

  const pending = create.isPending;
  const fieldError = (key: keyof Errors) => errors[key] && <p id={`${ids}-${key}-error`} className="text-sm text-destructive">{errors[key]}</p>;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Add an expert witness</DialogTitle>
          <DialogDescription>For our side, the Rule 36(9) notice and summary deadlines are counted from the trial date and put on the case as tasks.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <fieldset disabled={pending} className="grid gap-4">
            <legend className="sr-only">New expert</legend>
            <PersonPicker
              label="Expert"
              value={person}
              onChange={(next) => {
                setPerson(next);
                setErrors((e) => ({ ...e, personId: undefined }));
              }}
              allowCreate={can(identity, 'people.manage')}
              kind="person"
              required
              error={errors.personId}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor={`${ids}-discipline`} className="data-[error=true]:text-destructive" data-error={!!errors.discipline}>
                  Discipline
                  <span aria-hidden="true" className="-ml-1 text-destructive">*</span>
                </Label>
                <Input
                  id={`${ids}-discipline`}
                  list={`${ids}-disciplines`}
                  value={discipline}
                  maxLength={120}
                  aria-required
                  aria-invalid={!!errors.discipline}
                  aria-describedby={errors.discipline ? `${ids}-discipline-error` : undefined}
                  placeholder="e.g. Neurosurgeon"
                  onChange={(event) => setDiscipline(event.target.value)}
                />
                <datalist id={`${ids}-disciplines`}>
                  {EXPERT_DISCIPLINES.map((d) => (
                    <option key={d} value={d} />
                  ))}
                </datalist>
                {fieldError('discipline')}
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${ids}-registration`}>Registration number</Label>
                <Input
                  id={`${ids}-registration`}
                  value={registration}
                  maxLength={60}
                  placeholder="HPCSA, e.g. MP0123456"
                  aria-invalid={!!errors.registrationNumber}
                  onChange={(event) => setRegistration(event.target.value)}
                />
                {fieldError('registrationNumber')}
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${ids}-side`}>Side</Label>
                <Select value={side} onValueChange={(value) => setSide(value as TSide)}>
                  <SelectTrigger id={`${ids}-side`} className="w-full" aria-invalid={!!errors.side}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="ours">{sideLabel('ours')}</SelectItem>
                    <SelectItem value="opposing">{sideLabel('opposing')}</SelectItem>
                  </SelectContent>
                </Select>
                {fieldError('side')}
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${ids}-fee`} className="data-[error=true]:text-destructive" data-error={!!errors.feeCents}>
                  Fee (R)
                </Label>
                <Input
                  id={`${ids}-fee`}
                  inputMode="decimal"
                  value={fee}
                  placeholder="e.g. 45 000"
                  aria-invalid={!!errors.feeCents}
                  aria-describedby={errors.feeCents ? `${ids}-feeCents-error` : undefined}
                  onChange={(event) => setFee(event.target.value)}
                />
                {fieldError('feeCents')}
              </div>
            </div>
            {errors.form && (
              <Alert variant="destructive">
                <AlertDescription>{errors.form}</AlertDescription>
              </Alert>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit">{pending ? 'Adding...' : 'Add expert'}</Button>
            </DialogFooter>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
