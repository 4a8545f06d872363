import type { TCaseShown as TCase } from '../../../../shared/domain/cases';

// The settlement log (issue 20) — placeholder of the foundation commit; its owner replaces it.
export function SettlementTab({ item }: { item: TCase }) {
  return <p className="text-sm text-muted-foreground">The settlement log (issue 20) of {item.patientName}: coming in this issue.</p>;
}
