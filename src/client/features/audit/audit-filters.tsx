import type { ReactNode } from 'react';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type TAuditActor } from '../../../shared/domain/audit';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { ACTION_LABELS, ENTITY_LABELS } from './audit-labels';
import type { AuditSearch } from './audit-search';

// Native selects: an "any" choice is an empty value, which the Radix select cannot hold, and they
// work with every keyboard and screen reader as they are.
const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

export function AuditFilters({
  search,
  people,
  organizations,
  onChange,
}: {
  search: AuditSearch;
  people: readonly TAuditActor[];
  /** Super Admin only: every organisation, to read one's trail. */
  organizations: readonly { id: string; name: string }[] | null;
  onChange: (next: AuditSearch) => void;
}) {
  // Any change of filter starts again at page 1 of a fresh reading.
  const set = (patch: Partial<AuditSearch>) => onChange({ ...search, ...patch, page: undefined, untilSeq: undefined });
  const blankToUndefined = (value: string) => (value === '' ? undefined : value);
  return (
    <form className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-6" aria-label="Filter the audit trail" onSubmit={(e) => e.preventDefault()}>
      {organizations && (
        <Field id="audit-organization" label="Organisation">
          <select id="audit-organization" className={selectClass} value={search.organizationId ?? ''} onChange={(e) => set({ organizationId: blankToUndefined(e.target.value), userId: undefined })}>
            <option value="">All organisations</option>
            {organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field id="audit-person" label="Person">
        <select id="audit-person" className={selectClass} value={search.userId ?? ''} onChange={(e) => set({ userId: blankToUndefined(e.target.value) })}>
          <option value="">Everyone</option>
          {people.map((p) => (
            <option key={p.userId} value={p.userId}>
              {p.name} ({p.email})
            </option>
          ))}
        </select>
      </Field>
      <Field id="audit-entity" label="Record type">
        <select id="audit-entity" className={selectClass} value={search.entityType ?? ''} onChange={(e) => set({ entityType: blankToUndefined(e.target.value) as AuditSearch['entityType'] })}>
          <option value="">Any record</option>
          {AUDIT_ENTITY_TYPES.map((t) => (
            <option key={t} value={t}>
              {ENTITY_LABELS[t]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="audit-action" label="Action">
        <select id="audit-action" className={selectClass} value={search.action ?? ''} onChange={(e) => set({ action: blankToUndefined(e.target.value) as AuditSearch['action'] })}>
          <option value="">Any action</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {ACTION_LABELS[a]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="audit-from" label="From">
        <Input id="audit-from" type="date" value={search.from ?? ''} max={search.to} onChange={(e) => set({ from: blankToUndefined(e.target.value) })} />
      </Field>
      <Field id="audit-to" label="To">
        <Input id="audit-to" type="date" value={search.to ?? ''} min={search.from} onChange={(e) => set({ to: blankToUndefined(e.target.value) })} />
      </Field>
      <div className="flex items-end">
        <Button type="button" variant="ghost" onClick={() => onChange({})}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
