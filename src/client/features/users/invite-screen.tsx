import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CircleAlert } from 'lucide-react';
import { ZInviteUserInput } from '../../../shared/domain/users';
import { can, isOrganizationRole } from '../../../shared/roles';
import { ROLE_DESCRIPTIONS } from '../../../shared/role-descriptions';
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
import { type SharedLink, SharedLinkDialog } from './shared-link-dialog';
import { failureOf, roleChoices } from './user-helpers';

const TITLE = 'Invite user';
const FIELDS = ['email', 'role', 'firstName', 'lastName'] as const;

type InviteFields = z.input<typeof ZInviteUserInput>;

/** /users/invite: e-mail, role and optional names; the server sends the link (or, without a mail server, shows it) and holds the seat. */
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
  // Issue 32 (decision 0057): without a mail server the invitation's link is shown here to pass on.
  const [shownLink, setShownLink] = useState<SharedLink | null>(null);
  const form = useForm<InviteFields, unknown, z.output<typeof ZInviteUserInput>>({
    resolver: zodResolver(ZInviteUserInput),
    defaultValues: { email: '', role: undefined, firstName: '', lastName: '' },
  });
  const chosenRole = form.watch('role');
  const invite = useMutation(trpc.users.invite.mutationOptions());
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (input) => {
    setError(null);
    try {
      const sent = await invite.mutateAsync(input);
      // Without a mail server nothing is e-mailed: say "created" and show the link to pass on.
      const delivered = sent.mail.status === 'sent' ? 'sent to' : sent.mail.status === 'failed' ? 'created, but the e-mail could not be sent to' : 'created for';
      toast({ title: sent.link ? 'Invitation created' : 'Invitation sent', description: `Invitation ${delivered} ${sent.invitation.email}.` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.users.invitations.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.users.seats.queryKey() }),
      ]);
      if (sent.link) {
        const name = [sent.invitation.firstName, sent.invitation.lastName].filter(Boolean).join(' ');
        setShownLink({ kind: 'invitation', recipient: name || sent.invitation.email, url: sent.link, expiresAt: sent.expiresAt });
        return;
      }
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
    <AppPage
      title={TITLE}
      description={
        identity.mailServer
          ? 'They receive an e-mail with a link to set their name and password. The link works for 7 days.'
          : 'No mail server is set up: after you invite them, you are shown their link to copy and give to them yourself. With it they set their name and password. The link works for 7 days.'
      }
    >
      <SharedLinkDialog
        link={shownLink}
        onClose={() => {
          setShownLink(null);
          void navigate({ to: '/users' });
        }}
      />
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
              <SelectField
                control={form.control}
                name="role"
                label="Role"
                required
                placeholder="Choose a role"
                options={roleChoices(identity.platform)}
                disabled={submitting}
                // Whom the chosen role is for (issue 32: Legal Consultants are the fee-earning attorneys).
                description={chosenRole && isOrganizationRole(chosenRole) ? ROLE_DESCRIPTIONS[chosenRole] : undefined}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField control={form.control} name="firstName" label="First name (optional)" autoComplete="off" disabled={submitting} />
                <TextField control={form.control} name="lastName" label="Last name (optional)" autoComplete="off" disabled={submitting} />
              </div>
              <div className="flex justify-end gap-2">
                <Button asChild variant="outline">
                  <Link to="/users">Cancel</Link>
                </Button>
                <Button type="submit" disabled={submitting}>
                  {submitting ? (identity.mailServer ? 'Sending...' : 'Creating...') : identity.mailServer ? 'Send invitation' : 'Create invitation'}
                </Button>
              </div>
            </form>
          </Form>
        </CardContent>
      </Card>
    </AppPage>
  );
}
