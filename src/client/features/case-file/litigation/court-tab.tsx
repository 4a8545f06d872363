import type { TCaseShown as TCase } from '../../../../shared/domain/cases';
import { CaseDeadlinesPanel } from './case-deadlines-panel';
import { CourtMatterCard } from './court-matter-card';
import { HearingsList } from './hearings-list';
import { ReadinessPanel } from './readiness-panel';

// The Court tab of a legal or medicolegal case (issue 20): the court matter, its hearings, the
// deadlines the rules give, and the trial-readiness summary.
export function CourtTab({ item }: { item: TCase }) {
  return (
    <div className="grid gap-4">
      <CourtMatterCard item={item} />
      <HearingsList item={item} />
      <CaseDeadlinesPanel item={item} />
      <ReadinessPanel item={item} />
    </div>
  );
}
