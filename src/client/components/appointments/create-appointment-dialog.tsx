import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Plus } from 'lucide-react';
import { APPOINTMENT_TYPES, ZCreateAppointmentInput, type TCreateAppointmentInput } from '../../../shared/domain/appointments';
import { localInputToIso } from '../../../shared/calendar';
import { SelectField, TextareaField, TextField } from '../forms/form-rows';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../ui/dialog';
import { Form } from '../ui/form-field';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

// SPEC §5 'Appointment': title, start and end required, the end after the start (the message sits
// on the end field), type Consultation by default, location and description optional. The inputs
// hold South African wall-clock time (whatever the device's zone); it becomes ISO UTC before the shared schema checks it.

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

/**
 * The schedule's "New Appointment", and the case page's "Book appointment" (issue 18) with the case
 * preselected: the appointment is then the case's, and shows on its page and timeline.
 */
export function CreateAppointmentDialog({ kase }: { kase?: { id: string; name: string } } = {}) {
  const [open, setOpen] = useState(false);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.appointments.create.mutationOptions());
  const form = useForm<AppointmentFields, unknown, TCreateAppointmentInput>({
    resolver: zodResolver(ZAppointmentForm) as unknown as Resolver<AppointmentFields, unknown, TCreateAppointmentInput>,
    defaultValues: EMPTY,
  });
  const pending = create.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(kase ? { ...values, caseId: kase.id } : values);
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
      form.reset(EMPTY);
      setOpen(false);
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to create appointment',
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset(EMPTY);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          {kase ? 'Book appointment' : 'New Appointment'}
        </Button>
      </DialogTrigger>
      <DialogContent>
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
              <SelectField control={form.control} name="appointmentType" label="Type" options={APPOINTMENT_TYPES} disabled={pending} />
              <TextField control={form.control} name="location" label="Location" placeholder="e.g. Consulting Room 2" maxLength={200} />
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
      </DialogContent>
    </Dialog>
  );
}
