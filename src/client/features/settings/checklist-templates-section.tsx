import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ListChecks, Pencil, Plus, Trash2, X } from 'lucide-react';
import { CHECKLIST_ITEMS_MAX, type TChecklistTemplate, type TChecklistTemplates, ZSaveChecklistTemplateInput } from '../../../shared/domain/checklists';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { can } from '../../../shared/roles';
import { StaleRecordAlert } from '../../components/forms/stale-record-alert';
import { ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { SettingsSection } from './settings-section';

// Compliance checklist templates on /settings (issue 20), for Administrators (checklists.manage):
// the organisation's own templates per case type, over the platform's shipped one, which is the
// default for every other case. A case takes its items when its checklist is first opened, so an
// edit here changes the checklists of cases opened from now on, not those already under way.

export function ChecklistTemplatesSection() {
  const identity = useIdentity();
  // The Super Admin holds every capability but no organisation of their own: templates are an organisation's.
  const allowed = !identity.isSuperAdmin && can(identity, 'checklists.manage') && PLATFORM_CONFIG[identity.platform].features.compliance;
  if (!allowed) return null;
  return (
    <SettingsSection
      id="checklist-templates"
      title="Compliance checklist templates"
      description="The checklist each case gets, by case type. Cases of a type no template names get the default. Changes apply to cases whose checklist is opened from now on."
    >
      <Templates />
    </SettingsSection>
  );
}

type Editing = { template: TChecklistTemplate | null } | null;

function Templates() {
  const trpc = useTRPC();
  const templates = useQuery(trpc.checklists.templates.queryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TChecklistTemplate | null>(null);
  if (templates.isPending) return <ListSkeleton rows={3} label="Loading the checklist templates" />;
  if (templates.isError) return <ErrorState title="Could not load the checklist templates" error={templates.error} onRetry={() => void templates.refetch()} />;
  const { items, shipped } = templates.data;
  return (
    <div className="grid gap-4">
      <ul className="grid gap-3" aria-label="Checklist templates">
        {items.map((t) => (
          <TemplateCard key={t.id} name={t.name} caseTypes={t.caseTypes} items={t.items}>
            <Button variant="ghost" size="icon" className="size-8" aria-label={`Edit ${t.name}`} title="Edit" onClick={() => setEditing({ template: t })}>
              <Pencil aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="icon" className="size-8" aria-label={`Delete ${t.name}`} title="Delete" onClick={() => setDeleting(t)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </TemplateCard>
        ))}
        <TemplateCard name={shipped.name} caseTypes={null} items={shipped.items}>
          <Badge variant="secondary">Default (shipped)</Badge>
        </TemplateCard>
      </ul>
      <div>
        <Button onClick={() => setEditing({ template: null })}>
          <Plus aria-hidden="true" /> New template
        </Button>
      </div>
      <TemplateDialog editing={editing} shipped={shipped} onClose={() => setEditing(null)} />
      <DeleteTemplateDialog template={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function TemplateCard({ name, caseTypes, items, children }: { name: string; caseTypes: string[] | null; items: string[]; children: React.ReactNode }) {
  return (
    <li className="grid gap-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <span className="font-medium">{name}</span>
          <span className="flex flex-wrap gap-1 text-xs text-muted-foreground">
            {caseTypes === null ? (
              'Every case no other template names'
            ) : caseTypes.length === 0 ? (
              'Every case type'
            ) : (
              <>
                Case types:
                {caseTypes.map((c) => (
                  <Badge key={c} variant="outline">
                    {c}
                  </Badge>
                ))}
              </>
            )}
          </span>
        </div>
        <div className="flex items-center gap-1">{children}</div>
      </div>
      <ol className="grid list-decimal gap-0.5 pl-5 text-sm">
        {items.map((label, i) => (
          <li key={`${i}-${label}`}>{label}</li>
        ))}
      </ol>
    </li>
  );
}

interface Draft {
  name: string;
  caseTypes: string;
  items: string[];
}

const draftOf = (template: TChecklistTemplate | null, shipped: TChecklistTemplates['shipped']): Draft =>
  template ? { name: template.name, caseTypes: template.caseTypes.join(', '), items: [...template.items] } : { name: '', caseTypes: '', items: [...shipped.items] };

function TemplateDialog({ editing, shipped, onClose }: { editing: Editing; shipped: TChecklistTemplates['shipped']; onClose: () => void }) {
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-xl">
        {editing && <TemplateForm key={editing.template?.id ?? 'new'} template={editing.template} shipped={shipped} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function TemplateForm({ template, shipped, onClose }: { template: TChecklistTemplate | null; shipped: TChecklistTemplates['shipped']; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState(template);
  const [draft, setDraft] = useState<Draft>(() => draftOf(template, shipped));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState<TChecklistTemplate | null>(null);
  const save = useMutation(trpc.checklists.saveTemplate.mutationOptions());

  const setItem = (index: number, value: string) => setDraft((d) => ({ ...d, items: d.items.map((v, i) => (i === index ? value : v)) }));
  const move = (index: number, by: -1 | 1) =>
    setDraft((d) => {
      const items = [...d.items];
      const [moved] = items.splice(index, 1);
      items.splice(index + by, 0, moved!);
      return { ...d, items };
    });
  const remove = (index: number) => setDraft((d) => ({ ...d, items: d.items.filter((_, i) => i !== index) }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = {
      ...(current ? { id: current.id, expectedVersion: current.version } : {}),
      name: draft.name,
      caseTypes: draft.caseTypes.split(',').map((c) => c.trim()).filter(Boolean),
      items: draft.items,
    };
    const parsed = ZSaveChecklistTemplateInput.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      await queryClient.invalidateQueries({ queryKey: trpc.checklists.templates.queryKey() });
      toast({ title: current ? 'Template saved' : 'Template created', description: draft.name.trim() });
      onClose();
    } catch (error) {
      const data = (error as { data?: { code?: string; current?: TChecklistTemplate; fields?: Record<string, string> } }).data;
      if (data?.code === 'CONFLICT' && data.current) setStale(data.current);
      else if (data?.fields) setErrors(data.fields);
      else toast({ title: 'Could not save the template', description: errorMessage(error), variant: 'destructive' });
    }
  };

  const itemErrors = Object.entries(errors).filter(([k]) => k.startsWith('items'));
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{current ? `Edit ${current.name}` : 'New checklist template'}</DialogTitle>
        <DialogDescription>Name it, say which case types get it, and list its items in order.</DialogDescription>
      </DialogHeader>
      {stale && (
        <StaleRecordAlert
          what="This template"
          onReload={() => {
            setCurrent(stale);
            setDraft(draftOf(stale, shipped));
            setStale(null);
          }}
        />
      )}
      <fieldset disabled={save.isPending} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="template-name">Name</Label>
          <Input id="template-name" value={draft.name} maxLength={120} aria-invalid={Boolean(errors.name) || undefined} aria-describedby={errors.name ? 'template-name-error' : undefined} onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))} />
          {errors.name && <p id="template-name-error" className="text-sm text-destructive">{errors.name}</p>}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="template-case-types">Case types</Label>
          <Input id="template-case-types" value={draft.caseTypes} placeholder="e.g. Birth injury, Surgical negligence" aria-describedby="template-case-types-help" onChange={(e) => setDraft((d) => ({ ...d, caseTypes: e.target.value }))} />
          <p id="template-case-types-help" className="text-xs text-muted-foreground">
            Separated by commas, matched without regard to capitals. Leave empty for every case type.
          </p>
          {errors.caseTypes && <p className="text-sm text-destructive">{errors.caseTypes}</p>}
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Items</legend>
          <ol className="grid gap-2">
            {draft.items.map((label, index) => (
              <li key={index} className="flex items-center gap-1">
                <span className="w-5 shrink-0 text-right text-xs text-muted-foreground tabular-nums">{index + 1}.</span>
                <Input value={label} maxLength={300} aria-label={`Item ${index + 1}`} aria-invalid={Boolean(errors[`items.${index}`]) || undefined} onChange={(e) => setItem(index, e.target.value)} />
                <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Move item ${index + 1} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Move item ${index + 1} down`} disabled={index === draft.items.length - 1} onClick={() => move(index, 1)}>
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Remove item ${index + 1}`} onClick={() => remove(index)}>
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ol>
          {itemErrors.length > 0 && (
            <ul className="grid gap-0.5 text-sm text-destructive">
              {itemErrors.map(([key, message]) => (
                <li key={key}>{key === 'items' ? message : `Item ${Number(key.split('.')[1]) + 1}: ${message}`}</li>
              ))}
            </ul>
          )}
          <div>
            <Button type="button" variant="outline" size="sm" disabled={draft.items.length >= CHECKLIST_ITEMS_MAX} onClick={() => setDraft((d) => ({ ...d, items: [...d.items, ''] }))}>
              <ListChecks aria-hidden="true" /> Add item
            </Button>
          </div>
        </fieldset>
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save template'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function DeleteTemplateDialog({ template, onClose }: { template: TChecklistTemplate | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.checklists.deleteTemplate.mutationOptions());
  const confirm = async () => {
    if (!template) return;
    try {
      await remove.mutateAsync({ id: template.id });
      await queryClient.invalidateQueries({ queryKey: trpc.checklists.templates.queryKey() });
      toast({ title: 'Template deleted', description: template.name });
      onClose();
    } catch (error) {
      toast({ title: 'Could not delete the template', description: errorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <Dialog open={template !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {template?.name}?</DialogTitle>
          <DialogDescription>Cases that already have this checklist keep their items. Cases opened from now on get another template or the default.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => void confirm()}>
            Delete template
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
