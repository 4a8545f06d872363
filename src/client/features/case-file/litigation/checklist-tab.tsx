import type { TCaseShown as TCase } from '../../../../shared/domain/cases';

// The compliance checklist (issue 20) — placeholder of the foundation commit; its owner replaces it.
export function ChecklistTab({ item }: { item: TCase }) {
  return <p className="text-sm text-muted-foreground">The compliance checklist (issue 20) of {item.patientName}: coming in this issue.</p>;
}
