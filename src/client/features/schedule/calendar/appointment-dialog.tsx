import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Ban, Gavel } from 'lucide-react';
import { isoToSaWallClock, saWallClockToIso } from '../../../../shared/calendar';
import {
  APPOINTMENT_STATUSES,
  APPOINTMENT_TYPES_BY_PLATFORM,
  isHearing,
  type TAppointment,
  type TAppointmentConflict,
  type TScheduleItem,
  type TUpdateAppointmentInput,
} from '../../../../shared/domain/appointments';
import { formatSaDateTime, formatSaTime } from '../../../../shared/format';
import { AttendeePicker } from '../../../components/appointments/attendee-picker';
import { ConflictWarning } from '../../../components/appointments/conflict-warning';
import { useConflictCheck, useStaffDirectory } from '../../../components/appointments/use-conflict-check';
import { CaseLink } from '../../../components/cases/case-link';
import { StatusBadge } from '../../../components/data/status-badge';
import { SelectField, TextareaField, TextField } from '../../../components/forms/form-rows';
import { StaleRecordAlert } from '../../../components/forms/stale-record-alert';
import { errorMessage } from '../../../components/shell/data-states';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Form } from '../../../components/ui/form-field';
import { useIdentity } from '../../../lib/identity';
import { applyServerErrors } from '../../../lib/server-errors';
import { toast } from '../../../lib/use-toast';
import { useTRPC } from '../../../trpc';
import { isStale } from './use-move-appointment';

// An appointment opened from the calendar (issue 21): change it (title, times, attendees, location,
// type, status) or cancel it, with the version it was opened at — a 409 says someone else changed it
// and offers Reload. A new time, room or attendee that would double-book is named first. A court
// hearing is shown read-only, with its case's Court tab, where it is changed.

interface Fields {
  title: string;
  startTime: string;
  endTime: string;
  appointmentType: string;
  location: string;
  status: string;
  description: string;
}
const FIELD_NAMES = ['title', 'startTime', 'endTime', 'appointmentType', 'location', 'status', 'description'] as const;

const fieldsOf = (a: TScheduleItem): Fields => ({
  title: a.title,
  startTime: isoToSaWallClock(a.startTime),
  endTime: isoToSaWallClock(a.endTime),
  appointmentType: a.appointmentType,
  location: a.location ?? '',
  status: a.status,
  description: a.description ?? '',
});

export function AppointmentDialog({ item, canManage, onClose }: { item: TScheduleItem | null; canManage: boolean; onClose: () => void }) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      {item && (isHearing(item) || !canManage ? <ReadOnly item={item} /> : <EditAppointment key={item.id} item={item} onClose={onClose} />)}
    </Dialog>
  );
}

function ReadOnly({ item }: { item: TScheduleItem }) {
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{item.title}</DialogTitle>
        <DialogDescription>
          {formatSaDateTime(item.startTime)} – {formatSaTime(item.endTime)}
          {item.location ? ` · ${item.location}` : ''}
        </DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Type</dt>
        <dd>{item.appointmentType}</dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <StatusBadge value={item.status} />
        </dd>
        {item.attendees.length > 0 && (
          <>
            <dt className="text-muted-foreground">Attendees</dt>
            <dd>{item.attendees.map((a) => a.name).join(', ')}</dd>
          </>
        )}
      </dl>
      {isHearing(item) && <p className="text-sm text-muted-foreground">A court hearing is changed on its case’s Court tab.</p>}
      {item.caseId && (
        <CaseLink caseId={item.caseId} tab={isHearing(item) ? 'court' : 'appointments'} className="inline-flex w-fit items-center gap-1.5 text-sm">
          {isHearing(item) && <Gavel className="size-4" aria-hidden="true" />}
          {isHearing(item) ? 'Open the court tab' : 'Open the case'}
        </CaseLink>
      )}
    </DialogContent>
  );
}

function EditAppointment({ item, onClose }: { item: TScheduleItem; onClose: () => void }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.appointments.update.mutationOptions());
  const checkConflicts = useConflictCheck();
  const { staff, nameOf } = useStaffDirectory();
  const [seen, setSeen] = useState<TScheduleItem>(item);
  const [stale, setStale] = useState<TAppointment | null>(null);
  const [attendeeIds, setAttendeeIds] = useState(() => item.attendees.map((a) => a.userId));
  const [attendeeError, setAttendeeError] = useState<string>();
  const [warning, setWarning] = useState<{ input: TUpdateAppointmentInput; conflicts: TAppointmentConflict[] } | null>(null);
  const form = useForm<Fields>({ defaultValues: fieldsOf(item) });
  const types = APPOINTMENT_TYPES_BY_PLATFORM[identity.platform];

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.appointments.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() });
    if (seen.caseId) void queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() });
  };

  const send = async (input: TUpdateAppointmentInput, done: string) => {
    setWarning(null);
    try {
      await update.mutateAsync(input);
      toast({ title: done, description: seen.title });
      refresh();
      onClose();
    } catch (error) {
      if (isStale(error)) {
        const current = (error as { data?: { current?: TAppointment } }).data?.current;
        if (current) return setStale(current);
      }
      if (applyServerErrors(error, form.setError, FIELD_NAMES)) return;
      const fields = (error as { data?: { fields?: Record<string, string> } }).data?.fields;
      if (fields?.attendeeIds) return setAttendeeError(fields.attendeeIds);
      toast({ title: 'Could not save the appointment', description: errorMessage(error), variant: 'destructive' });
    }
  };

  const onSubmit = form.handleSubmit(async (fields) => {
    const startTime = saWallClockToIso(fields.startTime);
    const endTime = saWallClockToIso(fields.endTime);
    if (!fields.title.trim()) return form.setError('title', { type: 'validate', message: 'Title is required' }, { shouldFocus: true });
    if (!startTime) return form.setError('startTime', { type: 'validate', message: 'Start time must be a date and time' }, { shouldFocus: true });
    if (!endTime) return form.setError('endTime', { type: 'validate', message: 'End time must be a date and time' }, { shouldFocus: true });
    if (endTime <= startTime) return form.setError('endTime', { type: 'validate', message: 'End time must be after the start time' }, { shouldFocus: true });
    const input: TUpdateAppointmentInput = { id: seen.id, expectedVersion: seen.version };
    if (fields.title.trim() !== seen.title) input.title = fields.title.trim();
    if (startTime !== seen.startTime) input.startTime = startTime;
    if (endTime !== seen.endTime) input.endTime = endTime;
    if (fields.appointmentType !== seen.appointmentType) input.appointmentType = fields.appointmentType as TUpdateAppointmentInput['appointmentType'];
    if ((fields.location.trim() || null) !== seen.location) input.location = fields.location.trim() || null;
    if (fields.status !== seen.status) input.status = fields.status as TUpdateAppointmentInput['status'];
    if ((fields.description.trim() || null) !== seen.description) input.description = fields.description.trim() || null;
    const before = seen.attendees.map((a) => a.userId);
    if (attendeeIds.length !== before.length || attendeeIds.some((id) => !before.includes(id))) input.attendeeIds = attendeeIds;
    if (Object.keys(input).length === 2) return onClose();
    setAttendeeError(undefined);

    const status = input.status ?? seen.status;
    const changesSlot = input.startTime !== undefined || input.endTime !== undefined || input.location !== undefined || input.attendeeIds !== undefined;
    if (changesSlot && status !== 'Cancelled' && status !== 'Completed') {
      try {
        const conflicts = await checkConflicts({ startTime, endTime, attendeeIds, location: fields.location.trim() || null, excludeId: seen.id });
        if (conflicts.length > 0) return setWarning({ input, conflicts });
      } catch {
        // Advice only: the write's answer still names what overlaps.
      }
    }
    await send(input, 'Appointment updated');
  });

  const cancelAppointment = () => void send({ id: seen.id, status: 'Cancelled', expectedVersion: seen.version }, 'Appointment cancelled');

  const reload = () => {
    if (!stale) return;
    setSeen(stale);
    form.reset(fieldsOf(stale));
    setAttendeeIds(stale.attendees.map((a) => a.userId));
    setStale(null);
    refresh();
  };

  const pending = update.isPending;
  return (
    <DialogContent className="sm:max-w-xl">
      <DialogHeader>
        <DialogTitle>{seen.title}</DialogTitle>
        <DialogDescription>
          {formatSaDateTime(seen.startTime)} – {formatSaTime(seen.endTime)}. Change, reschedule or cancel it; times are South African.
        </DialogDescription>
      </DialogHeader>
      {stale && <StaleRecordAlert what="This appointment" onReload={reload} />}
      {seen.caseId && (
        <CaseLink caseId={seen.caseId} tab="appointments" className="w-fit text-sm">
          Open the case
        </CaseLink>
      )}
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate>
          <fieldset disabled={pending} className="grid gap-4">
            <legend className="sr-only">Appointment</legend>
            <TextField control={form.control} name="title" label="Title" required autoComplete="off" maxLength={200} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField control={form.control} name="startTime" label="Start time" required type="datetime-local" />
              <TextField control={form.control} name="endTime" label="End time" required type="datetime-local" />
              <SelectField control={form.control} name="appointmentType" label="Type" options={types} disabled={pending} />
              <SelectField control={form.control} name="status" label="Status" options={APPOINTMENT_STATUSES} disabled={pending} />
            </div>
            <TextField control={form.control} name="location" label="Location" maxLength={200} />
            {staff.length > 0 && <AttendeePicker staff={staff} value={attendeeIds} onChange={setAttendeeIds} disabled={pending} error={attendeeError} />}
            <TextareaField control={form.control} name="description" label="Description" rows={2} maxLength={5000} />
            <DialogFooter className="sm:justify-between">
              {seen.status !== 'Cancelled' ? (
                <Button type="button" variant="outline" className="text-destructive" onClick={cancelAppointment}>
                  <Ban aria-hidden="true" /> Cancel appointment
                </Button>
              ) : (
                <span />
              )}
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <Button type="button" variant="outline" onClick={onClose}>
                  Close
                </Button>
                <Button type="submit">{pending ? 'Saving…' : 'Save changes'}</Button>
              </div>
            </DialogFooter>
          </fieldset>
        </form>
      </Form>
      <ConflictWarning
        conflicts={warning?.conflicts ?? null}
        nameOf={(userId) => nameOf(userId) ?? seen.attendees.find((a) => a.userId === userId)?.name}
        room={warning?.input.location !== undefined ? warning.input.location : seen.location}
        action="Save anyway"
        pending={pending}
        onConfirm={() => warning && void send(warning.input, 'Appointment updated')}
        onCancel={() => setWarning(null)}
      />
    </DialogContent>
  );
}
