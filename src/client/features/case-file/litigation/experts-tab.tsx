import type { TCaseShown as TCase } from '../../../../shared/domain/cases';

// Expert witnesses (issue 20) — placeholder of the foundation commit; its owner replaces it.
export function ExpertsTab({ item }: { item: TCase }) {
  return <p className="text-sm text-muted-foreground">Expert witnesses (issue 20) of {item.patientName}: coming in this issue.</p>;
}
