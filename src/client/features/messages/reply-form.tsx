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

/** A direct answer to whoever sent this message — how staff answer a patient's portal message. */
export function ReplyForm({ messageId, senderName, onSent }: { messageId: string; senderName: string; onSent: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<FormValues, unknown, z.output<typeof ZReplyForm>>({ resolver: zodResolver(ZReplyForm), defaultValues: { content: '' } });
  const reply = useMutation(
    trpc.messages.reply.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Success', description: `Reply sent to ${senderName}` });
        void queryClient.invalidateQueries({ queryKey: trpc.messages.list.queryKey() });
        onSent();
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
    }),
  );
  return (
    <Form {...form}>
      <form noValidate className="grid gap-3 border-t pt-4" onSubmit={form.handleSubmit(({ content }) => reply.mutate({ id: messageId, content }))}>
        <FormField
          control={form.control}
          name="content"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Reply to {senderName}</FormLabel>
              <FormControl>
                <Textarea rows={3} {...field} disabled={reply.isPending} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="justify-self-end" disabled={reply.isPending}>
          {reply.isPending ? 'Sending...' : 'Send Reply'}
        </Button>
      </form>
    </Form>
  );
}
