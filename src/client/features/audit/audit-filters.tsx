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

/** A labelled select whose first choice, "any", is the empty value. */
function ChoiceField({
  id,
  label,
  any,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  any: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <Field id={id} label={label}>
      <select
        id={id}
        className={selectClass}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      >
        <option value="">{any}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
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
    <form
      className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-6"
      aria-label="Filter the audit trail"
      onSubmit={(e) => e.preventDefault()}
    >
      {organizations && (
        <ChoiceField
          id="audit-organization"
          label="Organization"
          any="All organisations"
          value={search.organizationId}
          options={organizations.map((o) => ({ value: o.id, label: o.name }))}
          onChange={(organizationId) => set({ organizationId, userId: undefined })}
        />
      )}
      <ChoiceField
        id="audit-person"
        label="Person"
        any="Everyone"
        value={search.userId}
        options={people.map((p) => ({ value: p.userId, label: `${p.name} (${p.email})` }))}
        onChange={(userId) => set({ userId })}
      />
      <ChoiceField
        id="audit-entity"
        label="Record type"
        any="Any record"
        value={search.entityType}
        options={AUDIT_ENTITY_TYPES.map((t) => ({ value: t, label: ENTITY_LABELS[t] }))}
        onChange={(entityType) => set({ entityType: entityType as AuditSearch['entityType'] })}
      />
      <ChoiceField
        id="audit-action"
        label="Action"
        any="Any action"
        value={search.action}
        options={AUDIT_ACTIONS.map((a) => ({ value: a, label: ACTION_LABELS[a] }))}
        onChange={(action) => set({ action: action as AuditSearch['action'] })}
      />
      <Field id="audit-from" label="From">
        <Input
          id="audit-from"
          type="date"
          value={search.from ?? ''}
          max={search.to}
          onChange={(e) => set({ from: blankToUndefined(e.target.value) })}
        />
      </Field>
      <Field id="audit-to" label="To">
        <Input
          id="audit-to"
          type="date"
          value={search.to ?? ''}
          min={search.from}
          onChange={(e) => set({ to: blankToUndefined(e.target.value) })}
        />
      </Field>
      <div className="flex items-end">
        <Button type="button" variant="ghost" onClick={() => onChange({})}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
