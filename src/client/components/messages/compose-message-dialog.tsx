import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isTRPCClientError } from '@trpc/client';
import { PenSquare } from 'lucide-react';
import { z } from 'zod';
import { ZMessageContent, ZMessageSubject } from '../../../shared/domain/messages';
import { can, rolesOfPlatform } from '../../../shared/roles';
import { useIdentity } from '../../lib/identity';
import { errorMessage } from '../shell/data-states';
import { CasePicker } from '../time/case-picker';
import { EVERYBODY, RecipientChooser, audienceInput, choiceForCase, choiceProblem, type RecipientChoice } from './recipient-chooser';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../ui/form-field';
import { Input } from '../ui/input';
import { Textarea } from '../ui/textarea';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

// Subject and content are the form's; whom it goes to and the case are chosen beside it.
const ZComposeForm = z.object({ subject: ZMessageSubject, content: ZMessageContent });
type FormValues = z.input<typeof ZComposeForm>;
const NO_CASE = 'none';
const AUDIENCE_FIELDS = ['recipientIds', 'recipientRole', 'toCaseTeam', 'patientCaseId', 'caseId'];

/**
 * SPEC §5: subject and content required. Issue 21: to everybody, named people, a role or the case
 * team. From a case's page (issue 18) the message is about that case (patientCaseId) and joins its
 * thread; elsewhere a case may be picked.
 */
export function ComposeMessageDialog({ kase }: { kase?: { id: string; name: string } } = {}) {
  const [open, setOpen] = useState(false);
  const trpc = useTRPC();
  const identity = useIdentity();
  const queryClient = useQueryClient();
  // A message about a case goes to its team by default; "Everybody" carries no case (issue 28).
  const firstChoice: RecipientChoice = choiceForCase(EVERYBODY, Boolean(kase));
  const [choice, setChoice] = useState<RecipientChoice>(firstChoice);
  const [pickedCase, setPickedCase] = useState(NO_CASE);
  const [audienceError, setAudienceError] = useState<string | null>(null);
  const staff = useQuery({ ...trpc.users.directory.queryOptions(), enabled: open });
  const mayPickCase = !kase && can(identity, 'cases.view');
  const cases = useQuery({ ...trpc.cases.list.queryOptions({ pageSize: 200 }), enabled: open && mayPickCase });
  const caseId = kase?.id ?? (pickedCase === NO_CASE ? null : pickedCase);
  const roles = rolesOfPlatform(identity.platform).filter((role) => role !== 'Patient');
  const form = useForm<FormValues, unknown, z.output<typeof ZComposeForm>>({
    resolver: zodResolver(ZComposeForm),
    defaultValues: { subject: '', content: '' },
  });
  const reset = () => {
    form.reset();
    setChoice(firstChoice);
    setPickedCase(NO_CASE);
    setAudienceError(null);
  };
  const send = useMutation(
    trpc.messages.send.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Success', description: 'Message sent successfully' });
        void queryClient.invalidateQueries({
          queryKey: trpc.messages.list.pathKey(),
        });
        if (kase)
          void queryClient.invalidateQueries({
            queryKey: trpc.timeline.pathKey(),
          });
        void queryClient.invalidateQueries({
          queryKey: trpc.messages.unreadCount.queryKey(),
        });
        reset();
        setOpen(false);
      },
      onError: (error) => {
        // A 400 naming the audience (a person who left, a role nobody holds) shows under "To".
        const fields = isTRPCClientError(error) ? (error.data as { fields?: Record<string, string> } | undefined)?.fields : undefined;
        const field = AUDIENCE_FIELDS.find((f) => fields?.[f]);
        if (field) setAudienceError(fields![field]!);
        toast({ title: 'Error', description: field ? fields![field]! : errorMessage(error), variant: 'destructive' });
      },
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <PenSquare aria-hidden="true" />
          {kase ? 'Send message' : 'Compose'}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[92vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>New Message</DialogTitle>
          <DialogDescription>
            {kase ? `About ${kase.name}. ` : ''}
            {caseId ? 'Choose whom it goes to: the case team, people or a role.' : 'Choose whom it goes to: everybody, people, a role or the case team.'}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={form.handleSubmit((values) => {
              const effective = choiceForCase(choice, caseId !== null);
              const problem = choiceProblem(effective);
              setAudienceError(problem);
              if (problem) return;
              send.mutate({
                subject: values.subject,
                content: values.content,
                messageType: effective.mode === 'broadcast' ? 'broadcast' : 'direct',
                ...(caseId ? { patientCaseId: caseId } : {}),
                ...audienceInput(effective),
              });
            })}
          >
            {mayPickCase && (
              <CasePicker
                id="compose-case"
                label="About a case (optional)"
                value={pickedCase}
                onValueChange={(next) => {
                  setPickedCase(next);
                  setChoice(choiceForCase(choice, next !== NO_CASE));
                }}
                cases={[{ id: NO_CASE, label: 'No case' }, ...(cases.data?.items ?? []).map((c) => ({ id: c.id, label: c.reference ? `${c.patientName} · ${c.reference}` : c.patientName }))]}
                pending={cases.isPending}
                loadError={cases.error}
              />
            )}
            <RecipientChooser
              value={choice}
              onChange={(next) => {
                setChoice(next);
                setAudienceError(null);
              }}
              staff={staff.data?.items.filter((s) => s.userId !== identity.userId)}
              staffPending={staff.isPending}
              roles={roles}
              teamOffered={caseId !== null}
              error={audienceError}
              disabled={send.isPending}
            />
            <FormField
              control={form.control}
              name="subject"
              render={({ field }) => (
                <FormItem>
                  <FormLabel required>Subject</FormLabel>
                  <FormControl>
                    <Input {...field} aria-required="true" disabled={send.isPending} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="content"
              render={({ field }) => (
                <FormItem>
                  <FormLabel required>Message</FormLabel>
                  <FormControl>
                    <Textarea {...field} rows={6} aria-required="true" disabled={send.isPending} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={send.isPending}>
                {send.isPending ? 'Sending...' : 'Send Message'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
