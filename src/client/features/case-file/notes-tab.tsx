import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NotebookPen } from 'lucide-react';
import {
  CASE_NOTE_BODY_MAX,
  CASE_NOTE_KINDS,
  CASE_NOTE_KINDS_BY_PLATFORM,
  type TCaseNote,
  type TCaseNoteKind,
} from '../../../shared/domain/case-notes';
import { can } from '../../../shared/roles';
import { formatDateTime } from '../../../shared/format';
import { EmptyState, ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { notesQuery } from './case-queries';

// Notes on a case (issue 18): dated, authored, of a kind, append-only. Amending writes a new version;
// the old one stays, struck through and linked to the version that replaced it.

function useNoteRefresh(caseId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({
      queryKey: notesQuery(trpc, caseId).queryKey,
    });
    void queryClient.invalidateQueries({ queryKey: trpc.timeline.pathKey() });
  };
}

export function NotesTab({ caseId }: { caseId: string }) {
  const trpc = useTRPC();
  const identity = useIdentity();
  const notes = useQuery(notesQuery(trpc, caseId));
  const [amending, setAmending] = useState<TCaseNote | null>(null);
  const mayWrite = can(identity, 'caseFile.write');
  return (
    <div className="grid gap-4">
      {mayWrite && <WriteNote caseId={caseId} />}
      {notes.isPending ? (
        <ListSkeleton rows={4} label="Loading the notes" />
      ) : notes.isError ? (
        <ErrorState title="Could not load the notes" error={notes.error} onRetry={() => void notes.refetch()} />
      ) : notes.data.items.length === 0 ? (
        <EmptyState icon={NotebookPen} title="No notes yet">
          {mayWrite ? 'Write the first note on this case above.' : 'Notes the team writes on this case show here.'}
        </EmptyState>
      ) : (
        <ol className="grid gap-3" aria-label="Notes, newest first">
          {[...notes.data.items]
            .sort((a, b) => b.at.localeCompare(a.at))
            .map((note) => (
              <NoteCard
                key={note.id}
                note={note}
                mayAmend={mayWrite && note.amendedById === null && (note.authorId === identity.userId || can(identity, 'notes.amendAny'))}
                onAmend={() => setAmending(note)}
              />
            ))}
        </ol>
      )}
      {amending && <AmendNoteDialog caseId={caseId} note={amending} onClose={() => setAmending(null)} />}
    </div>
  );
}

function NoteCard({ note, mayAmend, onAmend }: { note: TCaseNote; mayAmend: boolean; onAmend: () => void }) {
  const amended = note.amendedById !== null;
  return (
    <li id={`note-${note.id}`} className="scroll-mt-20">
      <Card className={amended ? 'gap-2 py-3 opacity-75' : 'gap-2 py-3'}>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 px-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="accent">{CASE_NOTE_KINDS[note.kind]}</Badge>
            {note.amendsId && (
              <a href={`#note-${note.amendsId}`} className="text-xs text-primary underline-offset-4 hover:underline">
                Amends an earlier version
              </a>
            )}
          </div>
          <p className="text-xs text-muted-foreground">
            {note.authorName} · {formatDateTime(note.at)}
          </p>
        </CardHeader>
        <CardContent className="grid gap-2 px-4">
          <p
            className={
              amended
                ? 'text-sm break-words whitespace-pre-wrap line-through decoration-muted-foreground'
                : 'text-sm break-words whitespace-pre-wrap'
            }
          >
            {note.body}
          </p>
          {amended && (
            <p className="text-xs font-medium text-muted-foreground">
              Amended by a later version ·{' '}
              <a href={`#note-${note.amendedById}`} className="text-primary underline-offset-4 hover:underline">
                read the newer version
              </a>
            </p>
          )}
          {mayAmend && (
            <Button size="sm" variant="outline" className="w-fit" onClick={onAmend}>
              Amend
            </Button>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

function WriteNote({ caseId }: { caseId: string }) {
  const trpc = useTRPC();
  const identity = useIdentity();
  const refresh = useNoteRefresh(caseId);
  const kinds = CASE_NOTE_KINDS_BY_PLATFORM[identity.platform];
  const [kind, setKind] = useState<TCaseNoteKind>(kinds[0]!);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { kind: useId(), body: useId(), error: useId() };
  const create = useMutation(
    trpc.notes.create.mutationOptions({
      onSuccess: () => {
        setBody('');
        setError(null);
        toast({ title: 'Note saved' });
        refresh();
      },
      onError: (e) => setError((e.data as { fields?: Record<string, string> } | undefined)?.fields?.body ?? errorMessage(e)),
    }),
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (body.trim() === '') return setError('Write the note');
    create.mutate({ id: caseId, kind, body });
  };
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle asHeading="h2" className="text-base">
          Write a note
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <div className="grid gap-1.5 sm:w-64">
            <Label htmlFor={ids.kind}>Kind</Label>
            <Select value={kind} onValueChange={(value) => setKind(value as TCaseNoteKind)}>
              <SelectTrigger id={ids.kind} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {kinds.map((k) => (
                  <SelectItem key={k} value={k}>
                    {CASE_NOTE_KINDS[k]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.body}>Note</Label>
            <Textarea
              id={ids.body}
              rows={4}
              value={body}
              maxLength={CASE_NOTE_BODY_MAX}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
              onChange={(event) => setBody(event.target.value)}
            />
            {error && (
              <p id={ids.error} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <Button type="submit" className="w-fit" disabled={create.isPending}>
            {create.isPending ? 'Saving...' : 'Save note'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function AmendNoteDialog({ caseId, note, onClose }: { caseId: string; note: TCaseNote; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useNoteRefresh(caseId);
  const [body, setBody] = useState(note.body);
  const [error, setError] = useState<string | null>(null);
  const ids = { body: useId(), error: useId() };
  const amend = useMutation(
    trpc.notes.amend.mutationOptions({
      onSuccess: () => {
        toast({
          title: 'Note amended',
          description: 'The earlier version stays, marked as amended.',
        });
        refresh();
        onClose();
      },
      onError: (e) => setError((e.data as { fields?: Record<string, string> } | undefined)?.fields?.body ?? errorMessage(e)),
    }),
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (body.trim() === '') return setError('Write the amended note');
    amend.mutate({ id: caseId, noteId: note.id, body });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Amend note</DialogTitle>
          <DialogDescription>Your amendment is saved as a new version; this one stays on the file, marked as amended.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.body}>{CASE_NOTE_KINDS[note.kind]}</Label>
            <Textarea
              id={ids.body}
              rows={6}
              value={body}
              maxLength={CASE_NOTE_BODY_MAX}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
              onChange={(event) => setBody(event.target.value)}
            />
            {error && (
              <p id={ids.error} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={amend.isPending}>
              {amend.isPending ? 'Saving...' : 'Save amendment'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
