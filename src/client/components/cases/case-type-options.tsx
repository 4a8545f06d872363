import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';

// The case types offered while typing a case's type (issue 32): the platform's list and the
// organisation's own, as a <datalist> the case-type input names with `list`. Typing another type
// still works — a case's type is its words — and an Administrator adds it to the list at /settings.

export const CASE_TYPE_OPTIONS_ID = 'case-type-options';

export function CaseTypeOptions() {
  const trpc = useTRPC();
  const types = useQuery(trpc.caseTypes.list.queryOptions());
  return (
    <datalist id={CASE_TYPE_OPTIONS_ID}>
      {(types.data?.items ?? []).map((t) => (
        <option key={t.name} value={t.name} />
      ))}
    </datalist>
  );
}
