import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CircleAlert } from 'lucide-react';
import { ZInviteUserInput } from '../../../shared/domain/users';
import { can } from '../../../shared/roles';
import { SelectField, TextField } from '../../components/forms/form-rows';
import { AppPage } from '../../components/shell/app-page';
import { RestrictedState } from '../../components/shell/data-states';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Form } from '../../components/ui/form-field';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { failureOf, roleChoices } from './user-helpers';

const TITLE = 'Invite user';
const FIELDS = ['email', 'role', 'firstName', 'lastName'] as const;

type InviteFields = z.input<typeof ZInviteUserInput>;

/** /users/invite: e-mail, role and optional names; the server sends the link and holds the seat. */
export function InviteScreen() {
  const identity = useIdentity();
  if (!can(identity, 'users.manage')) {
    return (
      <AppPage title={TITLE}>
        <RestrictedState>Only the organisation's Administrators can invite users.</RestrictedState>
      </AppPage>
    );
  }
  return <InviteForm />;
}

function InviteForm() {
  const trpc = useTRPC();
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<InviteFields, unknown, z.output<typeof ZInviteUserInput>>({
    resolver: zodResolver(ZInviteUserInput),
    defaultValues: { email: '', role: undefined, firstName: '', lastName: '' },
  });
  const invite = useMutation(trpc.users.invite.mutationOptions());
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (input) => {
    setError(null);
    try {
      const sent = await invite.mutateAsync(input);
      // Without SMTP the message waits in the outbox for the Super Admin (stored), so say "created".
      const delivered = sent.mail.status === 'sent' ? 'sent to' : sent.mail.status === 'failed' ? 'created, but the e-mail could not be sent to' : 'created for';
      toast({ title: 'Invitation sent', description: `Invitation ${delivered} ${sent.invitation.email}.` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.users.invitations.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.users.seats.queryKey() }),
      ]);
      await navigate({ to: '/users' });
    } catch (caught) {
      const failure = failureOf(caught);
      for (const [field, message] of Object.entries(failure.fields)) {
        if ((FIELDS as readonly string[]).includes(field)) form.setError(field as (typeof FIELDS)[number], { type: 'server', message });
      }
      setError(failure.message);
    }
  });

  return (
    <AppPage title={TITLE} description="They receive an e-mail with a link to set their name and password. The link works for 7 days.">
      <Card className="max-w-xl">
        <CardContent className="grid gap-4">
          {error && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          <Form {...form}>
            <form className="grid gap-4" onSubmit={onSubmit} noValidate>
              <TextField control={form.control} name="email" label="Email" type="email" autoComplete="off" required disabled={submitting} />
              <SelectField control={form.control} name="role" label="Role" required placeholder="Choose a role" options={roleChoices(identity.platform)} disabled={submitting} />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField control={form.control} name="firstName" label="First name (optional)" autoComplete="off" disabled={submitting} />
                <TextField control={form.control} name="lastName" label="Last name (optional)" autoComplete="off" disabled={submitting} />
              </div>
              <div className="flex justify-end gap-2">
                <Button asChild variant="outline">
                  <Link to="/users">Cancel</Link>
                </Button>
                <Button type="submit" disabled={submitting}>
                  {submitting ? 'Sending...' : 'Send invitation'}
                </Button>
              </div>
            </form>
          </Form>
        </CardContent>
      </Card>
    </AppPage>
  );
}
