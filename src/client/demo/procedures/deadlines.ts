import { computeDeadline, listDeadlineRules } from '../../../shared/deadlines/deadline-engine';
import { ZDeadlinePreviewInput } from '../../../shared/domain/deadlines';
import { type DemoProcedures, procedure } from '../procedure';

// The deadline calculator (issue 20) answers in the browser exactly as on the server: the engine
// is the same pure code in src/shared.
export const deadlinesProcedures = {
  'deadlines.preview': procedure({ input: ZDeadlinePreviewInput, run: (_ctx, input) => computeDeadline(input.rule, input.trigger) }),
  'deadlines.rules': procedure({ input: null, run: () => ({ items: listDeadlineRules() }) }),
} satisfies Partial<DemoProcedures>;
