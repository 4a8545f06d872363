import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SA_PHONE_HINT, type TPatientProfile, ZUpdatePatientProfileInput } from '../../../shared/domain/portal';
import { TextField } from '../../components/forms/form-rows';
import { useTRPC } from '../../trpc';
import { PortalFormDialog } from './portal-form-dialog';
import { portalSubmit } from './portal-form';

const FIELDS = [
  'phone', 'address', 'emergencyContactName', 'emergencyContactRelationship', 'emergencyContactPhone',
  'medicalAidScheme', 'medicalAidNumber', 'medicalAidMainMember',
] as const;
type Fields = Record<(typeof FIELDS)[number], string>;

/** The editable parts of My Profile; a field cleared here is cleared on the record. */
export default function EditProfileDialog({ profile, onClose }: { profile: TPatientProfile; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<Fields, unknown, z.output<typeof ZUpdatePatientProfileInput>>({
    resolver: zodResolver(ZUpdatePatientProfileInput) as never,
    defaultValues: Object.fromEntries(FIELDS.map((f) => [f, profile[f] ?? ''])) as Fields,
  });
  const save = useMutation(trpc.portal.updateProfile.mutationOptions());

  const onSubmit = portalSubmit(form, FIELDS, onClose, async (values) => {
    const saved = await save.mutateAsync(values);
    queryClient.setQueryData(trpc.portal.profile.queryKey(), saved);
    return 'Profile updated successfully';
  });

  return (
    <PortalFormDialog
      contentClassName="max-h-[90svh] overflow-y-auto"
      title="Edit Profile"
      description="Your name, e-mail and date of birth are kept by the hospital; ask reception to change them."
      legend="Profile details" submitLabel="Save Changes" pendingLabel="Saving..."
      form={form} pending={save.isPending} onClose={onClose} onSubmit={onSubmit}
    >
      <h3 className="text-sm font-semibold">Contact details</h3>
      <TextField control={form.control} name="phone" label="Phone" type="tel" autoComplete="tel" placeholder="082 555 1234" description={SA_PHONE_HINT} maxLength={30} />
      <TextField control={form.control} name="address" label="Address" autoComplete="street-address" maxLength={300} />
      <h3 className="text-sm font-semibold">Emergency contact</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="emergencyContactName" label="Name" maxLength={100} />
        <TextField control={form.control} name="emergencyContactRelationship" label="Relationship" maxLength={50} />
      </div>
      <TextField control={form.control} name="emergencyContactPhone" label="Emergency contact phone" type="tel" maxLength={30} />
      <h3 className="text-sm font-semibold">Medical aid</h3>
      <TextField control={form.control} name="medicalAidScheme" label="Scheme" placeholder="e.g. Discovery Health" maxLength={100} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="medicalAidNumber" label="Membership number" maxLength={30} />
        <TextField control={form.control} name="medicalAidMainMember" label="Main member" maxLength={100} />
      </div>
    </PortalFormDialog>
  );
}
