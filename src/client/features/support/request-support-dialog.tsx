import { useEffect, useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_PRIORITIES,
  type TSupportCategory,
  type TSupportChat,
  type TSupportPriority,
} from '../../../shared/domain/support';
import { errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

// SPEC §2.14 / §5 / §9: 'Request Support'. A trimmed title and a category are required; priority
// defaults to Medium; an empty description makes the first message 'Support request: {title}' (server).

interface RequestSupportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (chat: TSupportChat) => void;
}

export function RequestSupportDialog({ open, onOpenChange, onCreated }: RequestSupportDialogProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = { title: useId(), category: useId(), priority: useId(), description: useId() };
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState<TSupportCategory | ''>('');
  const [priority, setPriority] = useState<TSupportPriority>('Medium');
  const [description, setDescription] = useState('');
  const [tried, setTried] = useState(false);
  const create = useMutation(
    trpc.support.createChat.mutationOptions({
      onSuccess: async (chat) => {
        toast({ title: 'Support request sent', description: `"${chat.title}" is open; our team replies in this chat.` });
        await queryClient.invalidateQueries({ queryKey: trpc.support.listChats.pathKey() });
        onCreated(chat);
      },
    }),
  );

  useEffect(() => {
    if (!open) return;
    setTitle('');
    setCategory('');
    setPriority('Medium');
    setDescription('');
    setTried(false);
    create.reset();
    // Only a fresh opening clears the form.
  }, [open]);

  const titleMissing = title.trim() === '';
  const categoryMissing = category === '';
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (titleMissing || categoryMissing || create.isPending) return;
    create.mutate({ title: title.trim(), category, priority, description: description.trim() || null });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Request Support</DialogTitle>
          <DialogDescription>Tell our team what you need; we answer in this chat.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={ids.title}>Title</Label>
            <Input
              id={ids.title}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              placeholder="Brief description of your issue"
              maxLength={200}
              aria-invalid={tried && titleMissing}
              aria-describedby={tried && titleMissing ? `${ids.title}-error` : undefined}
            />
            {tried && titleMissing && (
              <p id={`${ids.title}-error`} className="text-xs text-destructive">
                Title is required
              </p>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={ids.category}>Category</Label>
              <Select value={category} onValueChange={(value) => setCategory(value as TSupportCategory)}>
                <SelectTrigger id={ids.category} className="w-full" aria-invalid={tried && categoryMissing}>
                  <SelectValue placeholder="Select a category" />
                </SelectTrigger>
                <SelectContent>
                  {SUPPORT_CATEGORIES.map((value) => (
                    <SelectItem key={value} value={value}>
                      {SUPPORT_CATEGORY_LABELS[value]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {tried && categoryMissing && <p className="text-xs text-destructive">Category is required</p>}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.priority}>Priority</Label>
              <Select value={priority} onValueChange={(value) => setPriority(value as TSupportPriority)}>
                <SelectTrigger id={ids.priority} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {SUPPORT_PRIORITIES.map((value) => (
                    <SelectItem key={value} value={value}>
                      {value}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.description}>Description</Label>
            <Textarea
              id={ids.description}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              placeholder="Provide more details (optional)"
              maxLength={5000}
              rows={4}
            />
          </div>
          {create.isError && (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(create.error)}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Sending...' : 'Start Chat'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
