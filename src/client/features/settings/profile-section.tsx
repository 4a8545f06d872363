import { useEffect, useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Resolver, useForm } from 'react-hook-form';
import { DEPARTMENT_MAX, NAME_MAX, type TAccountProfile, type TUpdateAccountProfileInput, ZUpdateAccountProfileInput } from '../../../shared/domain/account';
import { TextField } from '../../components/forms/form-rows';
import { ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { useWords } from '../../lib/words';
import { capitalised } from '../../../shared/platform';
import { applyServerErrors } from '../../lib/server-errors';
import { SettingsSection } from './settings-section';

interface ProfileFields {
  firstName: string;
  lastName: string;
  department: string;
}
const FIELDS = ['firstName', 'lastName', 'department'] as const;

const valuesOf = (profile: TAccountProfile): ProfileFields => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  department: profile.department ?? '',
});

export function ProfileSection() {
  const trpc = useTRPC();
  const profile = useQuery(trpc.account.profile.queryOptions());
  const { unit } = useWords();
  return (
    <SettingsSection id="profile" title="Profile" description={`Your name and ${unit} as colleagues see them.`}>
      {profile.isPending ? (
        <ListSkeleton rows={3} label="Loading your profile" />
      ) : profile.isError ? (
        <ErrorState title="Could not load your profile" error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <ProfileForm profile={profile.data} />
      )}
    </SettingsSection>
  );
}

function ProfileForm({ profile }: { profile: TAccountProfile }) {
  const { unit } = useWords();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const emailId = useId();
  const form = useForm<ProfileFields, unknown, TUpdateAccountProfileInput>({
    resolver: zodResolver(ZUpdateAccountProfileInput as never) as unknown as Resolver<ProfileFields, unknown, TUpdateAccountProfileInput>,
    defaultValues: valuesOf(profile),
  });
  const { reset } = form;
  useEffect(() => reset(valuesOf(profile)), [profile, reset]);
  const save = useMutation(trpc.account.updateProfile.mutationOptions());

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      queryClient.setQueryData(trpc.account.profile.queryKey(), saved);
      // The header shows the name from auth.session: read it again.
      await queryClient.invalidateQueries({ queryKey: trpc.auth.session.queryKey() });
      toast({ title: 'Profile updated', description: 'Your changes were saved.' });
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
      toast({ title: 'Could not save your profile', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={save.isPending} className="grid gap-4">
          <legend className="sr-only">Profile details</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={form.control} name="firstName" label="First name" required autoComplete="given-name" maxLength={NAME_MAX} />
            <TextField control={form.control} name="lastName" label="Last name" required autoComplete="family-name" maxLength={NAME_MAX} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={emailId}>Email</Label>
            <Input id={emailId} value={profile.email} readOnly aria-describedby={`${emailId}-hint`} className="bg-muted/50" />
            <p id={`${emailId}-hint`} className="text-sm text-muted-foreground">
              Your email is your sign-in name and cannot be changed here. Ask your administrator if it must change.
            </p>
          </div>
          <TextField control={form.control} name="department" label={capitalised(unit)} autoComplete="organization-title" maxLength={DEPARTMENT_MAX} />
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">Role</dt>
            <dd data-testid="settings-role">{profile.role}</dd>
            <dt className="text-muted-foreground">Organization</dt>
            <dd>{profile.organization?.name ?? 'CaseBridge platform (no organization)'}</dd>
          </dl>
          <div>
            <Button type="submit">{save.isPending ? 'Saving...' : 'Save profile'}</Button>
          </div>
        </fieldset>
      </form>
    </Form>
  );
}
