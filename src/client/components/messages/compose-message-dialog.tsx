import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PenSquare } from 'lucide-react';
import type { z } from 'zod';
import { ZSendMessageInput } from '../../../shared/domain/messages';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../ui/form-field';
import { Input } from '../ui/input';
import { Textarea } from '../ui/textarea';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

type FormValues = z.input<typeof ZSendMessageInput>;

/**
 * SPEC §5: subject and content required; every message goes out as a broadcast to the team. From a
 * case's page (issue 18) the message is about that case (patientCaseId) and joins its thread.
 */
export function ComposeMessageDialog({ kase }: { kase?: { id: string; name: string } } = {}) {
  const [open, setOpen] = useState(false);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<FormValues, unknown, z.output<typeof ZSendMessageInput>>({
    resolver: zodResolver(ZSendMessageInput),
    defaultValues: { subject: '', content: '' },
  });
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
        form.reset();
        setOpen(false);
      },
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to send message',
          variant: 'destructive',
        }),
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <PenSquare aria-hidden="true" />
          {kase ? 'Send message' : 'Compose'}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New Message</DialogTitle>
          <DialogDescription>{kase ? `About ${kase.name}. ` : ''}Sent to everyone in your organisation.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={form.handleSubmit((values) =>
              send.mutate({
                ...values,
                messageType: 'broadcast',
                ...(kase ? { patientCaseId: kase.id } : {}),
              }),
            )}
          >
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
