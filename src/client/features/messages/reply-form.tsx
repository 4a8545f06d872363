import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZReplyMessageInput } from '../../../shared/domain/messages';
import { Button } from '../../components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/textarea';
import { errorMessage } from '../../components/shell/data-states';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

const ZReplyForm = ZReplyMessageInput.pick({ content: true });
type FormValues = z.input<typeof ZReplyForm>;

/**
 * An answer to whoever sent this message — how staff answer a patient's portal message — or, for a
 * message sent to people, to its sender and everyone else it went to. It threads under the message.
 */
export function ReplyForm({ messageId, senderName, offerReplyAll = false, onSent }: { messageId: string; senderName: string; offerReplyAll?: boolean; onSent: () => void }) {
  const trpc = useTRPC();
  const id = useId();
  const queryClient = useQueryClient();
  const [replyAll, setReplyAll] = useState(false);
  const form = useForm<FormValues, unknown, z.output<typeof ZReplyForm>>({ resolver: zodResolver(ZReplyForm), defaultValues: { content: '' } });
  const reply = useMutation(
    trpc.messages.reply.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Success', description: replyAll ? 'Reply sent to all' : `Reply sent to ${senderName}` });
        void queryClient.invalidateQueries({ queryKey: trpc.messages.list.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() });
        form.reset();
        setReplyAll(false);
        onSent();
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
    }),
  );
  return (
    <Form {...form}>
      <form noValidate className="grid gap-3 border-t pt-4" onSubmit={form.handleSubmit(({ content }) => reply.mutate({ id: messageId, content, replyAll }))}>
        <FormField
          control={form.control}
          name="content"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{replyAll ? 'Reply to all' : `Reply to ${senderName}`}</FormLabel>
              <FormControl>
                <Textarea rows={3} {...field} disabled={reply.isPending} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          {offerReplyAll ? (
            <label htmlFor={`${id}-all`} className="flex items-center gap-2 text-sm">
              <input id={`${id}-all`} type="checkbox" className="size-4 accent-primary" checked={replyAll} onChange={(e) => setReplyAll(e.target.checked)} />
              Reply to everyone it went to
            </label>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={reply.isPending}>
            {reply.isPending ? 'Sending...' : 'Send Reply'}
          </Button>
        </div>
      </form>
    </Form>
  );
}
