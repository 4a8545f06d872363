import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { BED_STATUSES, BED_TYPES, ZCreateBedInput, type TBed } from '../../../shared/domain/beds';
import { fullName } from '../../../shared/format';
import { can } from '../../../shared/roles';
import { SelectField } from '../../components/forms/form-rows';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import type { BedActions } from './use-bed-actions';

type Fields = z.input<typeof ZCreateBedInput>;
type Output = z.output<typeof ZCreateBedInput>;
const resolver = zodResolver(ZCreateBedInput) as Resolver<Fields, unknown, Output>;

// Radix Select items cannot carry an empty value, so 'No assignment' travels as this token.
const NO_NURSE = 'none';

const blank = (bed: TBed | null): Fields => ({
  bedNumber: bed?.bedNumber ?? '',
  ward: bed?.ward ?? '',
  bedType: bed?.bedType ?? 'General',
  status: bed?.status ?? 'Available',
  assignedNurseId: bed?.assignedNurseId ?? null,
  notes: bed?.notes ?? '',
});

interface BedFormDialogProps {
  open: boolean;
  /** The bed being edited, or null to add one. */
  bed: TBed | null;
  actions: BedActions;
  onOpenChange: (open: boolean) => void;
}

/** SPEC §2.11 / §5: 'Add New Bed' or 'Edit Bed'. */
export function BedFormDialog({ open, bed, actions, onOpenChange }: BedFormDialogProps) {
  const trpc = useTRPC();
  const identity = useIdentity();
  // SPEC §5: the nurse options are the organisation's users with role Nurse.
  const nurses = useQuery({ ...trpc.users.list.queryOptions({ role: 'Nurse' }), enabled: open && can(identity, 'users.view') });
  const form = useForm<Fields, unknown, Output>({ resolver, defaultValues: blank(bed) });
  const pending = actions.create.isPending || actions.update.isPending;

  useEffect(() => {
    if (open) form.reset(blank(bed));
  }, [open, bed, form]);

  const onSubmit = form.handleSubmit((values) => {
    const done = { onSuccess: () => onOpenChange(false) };
    if (bed) actions.update.mutate({ id: bed.id, ...values, assignedNurseId: values.assignedNurseId ?? null, notes: values.notes ?? null }, done);
    else actions.create.mutate(values, done);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{bed ? 'Edit Bed' : 'Add New Bed'}</DialogTitle>
          <DialogDescription>Bed number and ward are required.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="bedNumber"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel required>Bed Number</FormLabel>
                    <FormControl>
                      <Input {...field} aria-required="true" placeholder="e.g. A-101" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="ward"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel required>Ward</FormLabel>
                    <FormControl>
                      <Input {...field} aria-required="true" placeholder="e.g. General Ward" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <SelectField control={form.control} name="bedType" label="Bed Type" options={BED_TYPES} />
              <SelectField control={form.control} name="status" label="Status" options={BED_STATUSES} />
            </div>
            <FormField
              control={form.control}
              name="assignedNurseId"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Assigned Nurse</FormLabel>
                  <Select value={field.value || NO_NURSE} onValueChange={(value) => field.onChange(value === NO_NURSE ? null : value)}>
                    <FormControl>
                      <SelectTrigger className="w-full">
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      <SelectItem value={NO_NURSE}>No assignment</SelectItem>
                      {/* A nurse no longer listed keeps showing on an edit rather than an empty picker. */}
                      {bed?.assignedNurseId && !nurses.data?.some((n) => n.id === bed.assignedNurseId) && (
                        <SelectItem value={bed.assignedNurseId}>{bed.assignedNurse ?? 'Current nurse'}</SelectItem>
                      )}
                      {nurses.data?.map((nurse) => (
                        <SelectItem key={nurse.id} value={nurse.id}>
                          {fullName(nurse.firstName, nurse.lastName)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="notes"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Notes</FormLabel>
                  <FormControl>
                    <Textarea {...field} value={field.value ?? ''} rows={3} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? 'Saving...' : 'Save'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
