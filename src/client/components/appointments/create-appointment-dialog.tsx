import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Plus } from 'lucide-react';
import { APPOINTMENT_TYPES_BY_PLATFORM, ZCreateAppointmentInput, type TAppointmentConflict, type TCreateAppointmentInput } from '../../../shared/domain/appointments';
import { localInputToIso } from '../../../shared/calendar';
import { can } from '../../../shared/roles';
import { SelectField, TextareaField, TextField } from '../forms/form-rows';
import { CaseSearchPicker, type PickedCase } from '../cases/case-search-picker';
import { useIdentity } from '../../lib/identity';
import { applyServerErrors } from '../../lib/server-errors';
import { AttendeePicker } from './attendee-picker';
import { ConflictWarning } from './conflict-warning';
import { useConflictCheck, useStaffDirectory } from './use-conflict-check';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../ui/dialog';
import { Form } from '../ui/form-field';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

// SPEC §5 'Appointment': title, start and end required, the end after the start (the message sits
// on the end field), type Consultation by default, location and description optional. The inputs
// hold South African wall-clock time (whatever the device's zone); it becomes ISO UTC before the shared schema checks it.
// Issue 21: attendees (staff), a case picked by search, the platform's types; a time that would
// double-book an attendee or the room is named first ("Book anyway" or Cancel), never saved silently.

interface AppointmentFields {
  title: string;
  startTime: string;
  endTime: string;
  appointmentType: string;
  location: string;
  description: string;
}

const EMPTY: AppointmentFields = {
  title: '',
  startTime: '',
  endTime: '',
  appointmentType: 'Consultation',
  location: '',
  description: '',
};

const ZAppointmentForm = z.preprocess(
  (raw: AppointmentFields) => ({
    ...raw,
    startTime: localInputToIso(raw.startTime),
    endTime: localInputToIso(raw.endTime),
  }),
  ZCreateAppointmentInput,
);

/** Times for a new appointment, as datetime-local values in SA time (a slot picked on the calendar). */
export interface AppointmentSlot {
  startTime: string;
  endTime: string;
  /** The person whose column the slot is in: they attend. */
  attendeeId?: string;
}

/**
 * The schedule's "New Appointment", and the case page's "Book appointment" (issue 18) with the case
 * preselected: the appointment is then the case's, and shows on its page and timeline. The calendar
 * opens it with a slot's times (`slot`); then it has no button of its own.
 */
export function CreateAppointmentDialog({
  kase,
  slot,
  onSlotDone,
}: { kase?: { id: string; name: string }; slot?: AppointmentSlot | null; onSlotDone?: () => void } = {}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const identity = useIdentity();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.appointments.create.mutationOptions());
  const form = useForm<AppointmentFields, unknown, TCreateAppointmentInput>({
    resolver: zodResolver(ZAppointmentForm) as unknown as Resolver<AppointmentFields, unknown, TCreateAppointmentInput>,
    defaultValues: EMPTY,
  });
  const [attendeeIds, setAttendeeIds] = useState<string[]>([]);
  const [attendeeError, setAttendeeError] = useState<string>();
  const [pickedCase, setPickedCase] = useState<PickedCase | null>(null);
  const [conflicts, setConflicts] = useState<{ list: TAppointmentConflict[]; values: TCreateAppointmentInput } | null>(null);
  const [seenSlot, setSeenSlot] = useState<AppointmentSlot | null>(null);
  const { staff, nameOf } = useStaffDirectory();
  const checkConflicts = useConflictCheck();
  const types = APPOINTMENT_TYPES_BY_PLATFORM[identity.platform];
  const pending = create.isPending;

  // A slot picked on the calendar opens the dialog with its times.
  if (slot && slot !== seenSlot) {
    setSeenSlot(slot);
    form.reset({ ...EMPTY, startTime: slot.startTime, endTime: slot.endTime });
    setAttendeeIds(slot.attendeeId ? [slot.attendeeId] : []);
  }
  const open = ownOpen || (slot != null && slot === seenSlot);
  const resetAll = () => {
    form.reset(EMPTY);
    setAttendeeIds([]);
    setAttendeeError(undefined);
    setPickedCase(null);
    setConflicts(null);
  };
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    if (!next) {
      resetAll();
      if (slot) onSlotDone?.();
    }
  };

  const save = async (values: TCreateAppointmentInput) => {
    try {
      await create.mutateAsync(values);
      toast({
        title: 'Success',
        description: 'Appointment created successfully',
      });
      void queryClient.invalidateQueries({
        queryKey: trpc.appointments.pathKey(),
      });
      if (kase)
        void queryClient.invalidateQueries({
          queryKey: trpc.timeline.pathKey(),
        });
      setOpen(false);
    } catch (error) {
      setConflicts(null);
      if (applyServerErrors(error, form.setError, ['title', 'startTime', 'endTime', 'appointmentType', 'location', 'description'])) return;
      const fields = (error as { data?: { fields?: Record<string, string> } }).data?.fields;
      if (fields?.attendeeIds) return setAttendeeError(fields.attendeeIds);
      toast({
        title: 'Error',
        description: 'Failed to create appointment',
        variant: 'destructive',
      });
    }
  };

  const onSubmit = form.handleSubmit(async (parsed) => {
    const values: TCreateAppointmentInput = { ...parsed, attendeeIds, caseId: kase ? kase.id : (pickedCase?.id ?? null) };
    setAttendeeError(undefined);
    let found: TAppointmentConflict[] = [];
    try {
      found = await checkConflicts(values);
    } catch {
      // The check is advice: when it cannot be asked, the write's answer still names what overlaps.
    }
    if (found.length > 0) return setConflicts({ list: found, values });
    await save(values);
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {slot === undefined && (
        <DialogTrigger asChild>
          <Button>
            <Plus aria-hidden="true" />
            {kase ? 'Book appointment' : 'New Appointment'}
          </Button>
        </DialogTrigger>
      )}
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{kase ? 'Book appointment' : 'New Appointment'}</DialogTitle>
          <DialogDescription>
            {kase ? `For ${kase.name}. ` : ''}Book a consultation, follow-up or meeting. Fields marked * are required.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate>
            <fieldset disabled={pending} className="grid gap-4">
              <legend className="sr-only">New appointment</legend>
              <TextField control={form.control} name="title" label="Title" required autoComplete="off" maxLength={200} />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField control={form.control} name="startTime" label="Start time" required type="datetime-local" />
                <TextField control={form.control} name="endTime" label="End time" required type="datetime-local" />
              </div>
              <SelectField control={form.control} name="appointmentType" label="Type" options={types} disabled={pending} />
              <TextField control={form.control} name="location" label="Location" placeholder="e.g. Consulting Room 2" maxLength={200} />
              {staff.length > 0 && <AttendeePicker staff={staff} value={attendeeIds} onChange={setAttendeeIds} disabled={pending} error={attendeeError} />}
              {!kase && can(identity, 'search.use') && <CaseSearchPicker label="Case" value={pickedCase} onChange={setPickedCase} disabled={pending} />}
              <TextareaField control={form.control} name="description" label="Description" rows={3} maxLength={5000} />
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit">{pending ? 'Creating...' : 'Create Appointment'}</Button>
              </DialogFooter>
            </fieldset>
          </form>
        </Form>
        <ConflictWarning
          conflicts={conflicts?.list ?? null}
          nameOf={nameOf}
          room={conflicts?.values.location}
          action="Book anyway"
          pending={pending}
          onConfirm={() => conflicts && void save(conflicts.values)}
          onCancel={() => setConflicts(null)}
        />
      </DialogContent>
    </Dialog>
  );
}
