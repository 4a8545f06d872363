import { useEffect } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCreateOrganizationInput, type TCreateOrganizationInput, type TOrganization } from '../../../shared/domain/organizations';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Form } from '../../components/ui/form-field';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { OrganizationFields, type OrganizationFormValues } from './organization-fields';

const EMPTY: OrganizationFormValues = {
  name: '', platform: 'healthcare', type: 'Hospital', address: '', city: '', province: '',
  postalCode: '', phone: '', email: '', registrationNumber: '', totalBeds: '0',
};

function toForm(org: TOrganization): OrganizationFormValues {
  return {
    name: org.name, platform: org.platform, type: org.type, address: org.address ?? '', city: org.city ?? '',
    province: org.province ?? '', postalCode: org.postalCode ?? '', phone: org.phone ?? '', email: org.email ?? '',
    registrationNumber: org.registrationNumber ?? '', totalBeds: String(org.totalBeds),
  };
}

// The shared schema does the §5 rules (and turns non-numeric beds into 0); the form keeps raw text,
// so its issues are mapped onto the fields by hand rather than through zodResolver's typing.
const resolver: Resolver<OrganizationFormValues, unknown, TCreateOrganizationInput> = (values) => {
  const result = ZCreateOrganizationInput.safeParse({ ...values, province: values.province || null });
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<OrganizationFormValues> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof OrganizationFormValues;
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The organisation to edit; absent for a new one. */
  organization?: TOrganization | null;
}

/** Create and edit (pre-filled) share one form (SPEC §2.10, §4). */
export function OrganizationFormDialog({ open, onOpenChange, organization }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const editing = !!organization;
  const form = useForm<OrganizationFormValues, unknown, TCreateOrganizationInput>({ resolver, defaultValues: EMPTY });
  useEffect(() => {
    if (open) form.reset(organization ? toForm(organization) : EMPTY);
  }, [open, organization, form]);

  const done = (description: string) => {
    toast({ title: 'Success', description });
    void queryClient.invalidateQueries({ queryKey: trpc.organizations.list.queryKey() });
    onOpenChange(false);
  };
  const failed = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });
  const create = useMutation(
    trpc.organizations.create.mutationOptions({
      onSuccess: () => done('Organization created successfully'),
      onError: () => failed('Failed to create organization'),
    }),
  );
  const update = useMutation(
    trpc.organizations.update.mutationOptions({
      onSuccess: () => done('Organization updated successfully'),
      onError: () => failed('Failed to update organization'),
    }),
  );
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit((values) => {
    if (organization) update.mutate({ ...values, id: organization.id });
    else create.mutate(values);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Organization' : 'Create Organization'}</DialogTitle>
          <DialogDescription>
            {editing ? 'Update the details of this organization.' : 'Add a hospital, clinic, firm or unit to CaseBridge.'}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={submit} className="grid gap-4">
            <fieldset disabled={pending} className="contents">
              <OrganizationFields control={form.control} />
            </fieldset>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? 'Saving...' : editing ? 'Save Changes' : 'Create Organization'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
