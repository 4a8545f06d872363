import type { TCaseShown as TCase } from '../../../../shared/domain/cases';

// Trial readiness (issue 20) — placeholder of the foundation commit; its owner replaces it.
export function ReadinessPanel({ item }: { item: TCase }) {
  return <p className="text-sm text-muted-foreground">Trial readiness (issue 20) of {item.patientName}: coming in this issue.</p>;
}
