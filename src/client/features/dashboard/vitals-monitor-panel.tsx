import { useQuery } from '@tanstack/react-query';
import { isVitalConcern, type TLatestVitals } from '../../../shared/domain/clinical-results';
import { formatDateTime } from '../../../shared/format';
import { can } from '../../../shared/roles';
import { CaseLink } from '../../components/cases/case-link';
import { News2Badge } from '../../components/data/news2-badge';
import { StatusBadge } from '../../components/data/status-badge';
import { useIdentity } from '../../lib/identity';
import { cn } from '../../lib/utils';
import { useTRPC } from '../../trpc';
import { VitalsWatchList, WatchListItems } from './case-panels';
import { DashboardPanel, PanelEmpty, PanelQuery } from './dashboard-panel';

// SPEC §2.9 "vitals monitor" (clinical only), with real rows (issue 22): each active patient's
// newest vitals from the observations and encounters clinicians record, a value outside the adult
// early-warning band marked; the highest NEWS2 first (issue 31). A role that does not read the clinical record sees the patients flagged for attention.

export function VitalsMonitorPanel() {
  const identity = useIdentity();
  if (!can(identity, 'records.view')) return <VitalsWatchList />;
  return <LatestVitalsPanel />;
}

function LatestVitalsPanel() {
  const trpc = useTRPC();
  const vitals = useQuery(trpc.results.latestVitals.queryOptions());
  return (
    <DashboardPanel title="Vitals Monitor" description="Each patient's latest vitals, the highest NEWS2 first; values outside the early-warning band in red" link={{ to: '/patients', label: 'All patients' }}>
      <PanelQuery query={vitals} what="the latest vitals">
        {(data) =>
          data.items.length === 0 ? (
            <PanelEmpty>No vitals recorded yet: they show here as clinicians record observations and encounters.</PanelEmpty>
          ) : (
            <ul className="divide-y" aria-label="Latest vitals">
              {data.items.map((v) => (
                <VitalsRow key={v.caseId} vitals={v} />
              ))}
            </ul>
          )
        }
      </PanelQuery>
      <section className="grid gap-1" aria-label="Flagged for attention">
        <h3 className="text-sm font-semibold">Flagged for attention</h3>
        <WatchListItems />
      </section>
    </DashboardPanel>
  );
}

function Reading({ label, value, unit, concern }: { label: string; value: string | null; unit?: string; concern: boolean }) {
  if (value === null) return null;
  return (
    <span className={cn('whitespace-nowrap', concern ? 'font-semibold text-red-700 dark:text-red-300' : 'text-foreground')}>
      <span className="text-muted-foreground">{label} </span>
      {value}
      {unit ? <span className="text-muted-foreground"> {unit}</span> : null}
      {concern && <span className="sr-only"> (outside the early-warning band)</span>}
    </span>
  );
}

function VitalsRow({ vitals: v }: { vitals: TLatestVitals }) {
  const bp = v.systolic !== null && v.diastolic !== null ? `${v.systolic}/${v.diastolic}` : v.systolic !== null ? String(v.systolic) : null;
  return (
    <li className="grid gap-1 py-2.5">
      <div className="flex items-center justify-between gap-3">
        <CaseLink caseId={v.caseId} className="min-w-0 block truncate text-sm font-medium text-foreground hover:text-primary">
          {v.patientName}
        </CaseLink>
        <span className="flex shrink-0 items-center gap-1.5">
          {v.news2 !== null && v.band !== null && <News2Badge score={v.news2} band={v.band} />}
          <StatusBadge value={v.priority} />
        </span>
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs tabular-nums">
        <Reading label="BP" value={bp} unit="mmHg" concern={isVitalConcern('systolic', v.systolic)} />
        <Reading label="Pulse" value={v.pulse === null ? null : String(v.pulse)} unit="/min" concern={isVitalConcern('pulse', v.pulse)} />
        <Reading label="Temp" value={v.temperatureC === null ? null : v.temperatureC.toFixed(1)} unit="°C" concern={isVitalConcern('temperatureC', v.temperatureC)} />
        <Reading label="RR" value={v.respiratoryRate === null ? null : String(v.respiratoryRate)} unit="/min" concern={isVitalConcern('respiratoryRate', v.respiratoryRate)} />
        <Reading label="SpO₂" value={v.spo2 === null ? null : String(v.spo2)} unit={v.onOxygen ? '% on O₂' : '%'} concern={isVitalConcern('spo2', v.spo2)} />
        {v.consciousness && v.consciousness !== 'A' && <Reading label="ACVPU" value={v.consciousness} concern />}
        <Reading label="Weight" value={v.weightKg === null ? null : String(v.weightKg)} unit="kg" concern={false} />
      </p>
      <p className="truncate text-xs text-muted-foreground">
        {v.bedNumber ? `Bed ${v.bedNumber}${v.ward ? `, ${v.ward}` : ''} · ` : ''}
        {formatDateTime(v.recordedAt)}
      </p>
    </li>
  );
}
