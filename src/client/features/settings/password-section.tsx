import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Resolver, useForm } from 'react-hook-form';
import { PASSWORD_MAX, ZChangePasswordForm } from '../../../shared/domain/account';
import { PASSWORD_MIN_LENGTH } from '../../../shared/domain/auth';
import { TextField } from '../../components/forms/form-rows';
import { errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form-field';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { applyServerErrors } from '../../lib/server-errors';
import { SettingsSection } from './settings-section';

interface PasswordFields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
const EMPTY: PasswordFields = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'newPassword'] as const;

export function PasswordSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<PasswordFields>({
    resolver: zodResolver(ZChangePasswordForm as never) as unknown as Resolver<PasswordFields>,
    defaultValues: EMPTY,
  });
  const change = useMutation(trpc.account.changePassword.mutationOptions());

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const result = await change.mutateAsync({ currentPassword, newPassword });
      form.reset(EMPTY);
      // The other sessions are gone: the list below must say so.
      await queryClient.invalidateQueries({ queryKey: trpc.account.sessions.queryKey() });
      toast({ title: 'Password changed', description: result.message });
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
      toast({ title: 'Password not changed', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <SettingsSection
      id="password"
      title="Password"
      description="Changing your password signs you out everywhere else; this device stays signed in."
    >
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate>
          <fieldset disabled={change.isPending} className="grid max-w-md gap-4">
            <legend className="sr-only">Change password</legend>
            <TextField control={form.control} name="currentPassword" label="Current password" type="password" required autoComplete="current-password" maxLength={PASSWORD_MAX} />
            <TextField
              control={form.control}
              name="newPassword"
              label="New password"
              type="password"
              required
              autoComplete="new-password"
              maxLength={PASSWORD_MAX}
              description={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong one.`}
            />
            <TextField control={form.control} name="confirmPassword" label="Confirm new password" type="password" required autoComplete="new-password" maxLength={PASSWORD_MAX} />
            <div>
              <Button type="submit">{change.isPending ? 'Changing...' : 'Change password'}</Button>
            </div>
          </fieldset>
        </form>
      </Form>
    </SettingsSection>
  );
}
