import { useQuery } from '@tanstack/react-query';
import { can } from '../../../../shared/roles';
import { PLATFORM_CONFIG } from '../../../../shared/platform';
import { Progress } from '../../../components/ui/progress';
import { useIdentity } from '../../../lib/identity';
import { useTRPC } from '../../../trpc';
import { checklistQuery } from './checklist-queries';

// The compliance percentage on the case header (issue 20), from the same query as the Checklist tab.
// Nothing while it loads or if it cannot be read: the header stays what it was.
export function ChecklistPercent({ caseId }: { caseId: string }) {
  const identity = useIdentity();
  const shown = PLATFORM_CONFIG[identity.platform].features.compliance && can(identity, 'caseFile.view');
  const trpc = useTRPC();
  const checklist = useQuery({ ...checklistQuery(trpc, caseId), enabled: shown, retry: false });
  if (!shown || !checklist.data) return null;
  const { percent, items } = checklist.data;
  const done = items.filter((i) => i.done).length;
  const labelId = `compliance-${caseId}`;
  return (
    <div className="grid gap-1.5" data-testid="case-compliance-percent">
      <div className="flex items-center justify-between text-xs text-muted-foreground">
        <span id={labelId}>Compliance checklist</span>
        <span className="tabular-nums" title={`${done} of ${items.length} items done`}>
          {percent}%
        </span>
      </div>
      <Progress value={percent} aria-labelledby={labelId} aria-valuetext={`${percent}% (${done} of ${items.length} items done)`} />
    </div>
  );
}
