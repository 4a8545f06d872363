import type { TCaseShown as TCase } from '../../../../shared/domain/cases';
import { CaseDeadlinesPanel } from './case-deadlines-panel';
import { ReadinessPanel } from './readiness-panel';

// The Court tab of a legal or medicolegal case (issue 20): the court matter, its hearings, the
// deadlines the rules give, and the trial-readiness summary. Placeholder of the foundation commit.
export function CourtTab({ item }: { item: TCase }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">The court matter and hearings of {item.patientName}: coming in this issue.</p>
      <CaseDeadlinesPanel item={item} />
      <ReadinessPanel item={item} />
    </div>
  );
}
