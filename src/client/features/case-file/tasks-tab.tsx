import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { ZCreateTaskInput, type TCaseTask } from '../../../shared/domain/case-tasks';
import { CASE_PRIORITIES, type TCasePriority, type TCaseShown as TCase } from '../../../shared/domain/cases';
import { can } from '../../../shared/roles';
import { CaseTaskRow } from '../../components/tasks/case-task-row';
import { EmptyState, ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { caseTasksQuery, teamQuery } from './case-queries';
import { useStaffOptions } from './staff-options';

// Tasks on a case (issue 18): created here for a colleague (or oneself), listed open first with the
// overdue ones marked, completed with a tick — by the assignee, or anyone who works the file.

const UNASSIGNED = 'none';

export function TasksTab({ item }: { item: TCase }) {
  const trpc = useTRPC();
  const identity = useIdentity();
  const tasks = useQuery(caseTasksQuery(trpc, item.id));
  const mayWrite = can(identity, 'caseFile.write');
  const mayToggle = (task: TCaseTask) => mayWrite || task.assigneeId === identity.userId;
  const sorted = [...(tasks.data?.items ?? [])].sort((a, b) => (a.status === b.status ? 0 : a.status === 'open' ? -1 : 1));
  return (
    <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
      <div className="min-w-0">
        {tasks.isPending ? (
          <ListSkeleton rows={4} label="Loading the tasks" />
        ) : tasks.isError ? (
          <ErrorState title="Could not load the tasks" error={tasks.error} onRetry={() => void tasks.refetch()} />
        ) : sorted.length === 0 ? (
          <EmptyState icon={ListChecks} title="No tasks on this case">
            {mayWrite ? 'Create a task for yourself or a colleague.' : 'Tasks the team sets on this case show here.'}
          </EmptyState>
        ) : (
          <Card className="gap-2 py-3">
            <CardContent className="px-4">
              <ul className="divide-y" aria-label="Tasks">
                {sorted.map((task) => (
                  <li key={task.id}>
                    <CaseTaskRow task={task} mayToggle={mayToggle(task)} />
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        )}
      </div>
      {mayWrite && <CreateTask caseId={item.id} />}
    </div>
  );
}

function CreateTask({ caseId }: { caseId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const team = useQuery(teamQuery(trpc, caseId));
  const staff = useStaffOptions(caseId, team.data);
  const [title, setTitle] = useState('');
  const [assigneeId, setAssigneeId] = useState(UNASSIGNED);
  const [dueDate, setDueDate] = useState('');
  const [priority, setPriority] = useState<TCasePriority>('Medium');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = {
    title: useId(),
    assignee: useId(),
    due: useId(),
    priority: useId(),
  };
  const create = useMutation(
    trpc.tasks.create.mutationOptions({
      onSuccess: (task) => {
        toast({
          title: 'Task created',
          description: task.assigneeName ? `For ${task.assigneeName}` : task.title,
        });
        setTitle('');
        setDueDate('');
        setAssigneeId(UNASSIGNED);
        setPriority('Medium');
        setErrors({});
        void queryClient.invalidateQueries({ queryKey: trpc.tasks.pathKey() });
        void queryClient.invalidateQueries({
          queryKey: trpc.timeline.pathKey(),
        });
        void queryClient.invalidateQueries({
          queryKey: trpc.dashboard.pathKey(),
        });
      },
      onError: (error) => {
        const fields = (error.data as { fields?: Record<string, string> } | undefined)?.fields;
        if (fields && Object.keys(fields).length > 0) setErrors(fields);
        else
          toast({
            title: 'Could not create the task',
            description: errorMessage(error),
            variant: 'destructive',
          });
      },
    }),
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZCreateTaskInput.safeParse({
      caseId,
      title,
      assigneeId: assigneeId === UNASSIGNED ? null : assigneeId,
      dueDate,
      priority,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      return setErrors(next);
    }
    create.mutate(parsed.data);
  };
  const fieldError = (name: string, id: string) =>
    errors[name] ? (
      <p id={`${id}-error`} className="text-sm text-destructive">
        {errors[name]}
      </p>
    ) : null;
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle asHeading="h2" className="text-base">
          New task
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.title}>Title</Label>
            <Input
              id={ids.title}
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? `${ids.title}-error` : undefined}
            />
            {fieldError('title', ids.title)}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.assignee}>Assignee</Label>
            <Select value={assigneeId} onValueChange={setAssigneeId}>
              <SelectTrigger id={ids.assignee} className="w-full" aria-invalid={errors.assigneeId ? true : undefined}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={UNASSIGNED}>Nobody yet</SelectItem>
                {staff.options.map((option) => (
                  <SelectItem key={option.userId} value={option.userId}>
                    {option.name}
                    {option.role ? ` · ${option.role}` : ''}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {fieldError('assigneeId', ids.assignee)}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={ids.due}>Due date</Label>
              <Input
                id={ids.due}
                type="date"
                value={dueDate}
                onChange={(e) => setDueDate(e.target.value)}
                aria-invalid={errors.dueDate ? true : undefined}
              />
              {fieldError('dueDate', ids.due)}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.priority}>Priority</Label>
              <Select value={priority} onValueChange={(value) => setPriority(value as TCasePriority)}>
                <SelectTrigger id={ids.priority} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {CASE_PRIORITIES.map((p) => (
                    <SelectItem key={p} value={p}>
                      {p}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          <Button type="submit" className="w-fit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create task'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
