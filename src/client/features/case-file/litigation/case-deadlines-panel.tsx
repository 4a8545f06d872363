import type { TCaseShown as TCase } from '../../../../shared/domain/cases';

// Deadlines computed from South African rules (issue 20) — placeholder of the foundation commit; its owner replaces it.
export function CaseDeadlinesPanel({ item }: { item: TCase }) {
  return <p className="text-sm text-muted-foreground">Deadlines computed from South African rules (issue 20) of {item.patientName}: coming in this issue.</p>;
}
