import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Stethoscope } from 'lucide-react';
import { ENCOUNTER_TYPE_LABELS, type TEncounter, type TVitals, VITAL_RANGES } from '../../../../shared/domain/encounters';
import { formatDateTime } from '../../../../shared/format';
import { can } from '../../../../shared/roles';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/shell/data-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { useIdentity } from '../../../lib/identity';
import { useTRPC } from '../../../trpc';
import { EncounterDialog } from './encounter-dialog';

// Encounters on a healthcare case (issue 22): newest first, vitals as chips, diagnoses with the
// primary one marked; append-only, so an amended encounter stays, struck through, linked to its
// newer version.

export function EncountersTab({ caseId }: { caseId: string }) {
  const trpc = useTRPC();
  const identity = useIdentity();
  const encounters = useQuery(trpc.encounters.list.queryOptions({ id: caseId }));
  const [dialog, setDialog] = useState<{ amend: TEncounter | null } | null>(null);
  const mayWrite = can(identity, 'records.write');
  return (
    <div className="grid gap-4">
      {mayWrite && (
        <Button className="w-fit" onClick={() => setDialog({ amend: null })}>
          <Stethoscope className="size-4" aria-hidden="true" /> Record encounter
        </Button>
      )}
      {encounters.isPending ? (
        <ListSkeleton rows={3} label="Loading the encounters" />
      ) : encounters.isError ? (
        <ErrorState title="Could not load the encounters" error={encounters.error} onRetry={() => void encounters.refetch()} />
      ) : encounters.data.items.length === 0 ? (
        <EmptyState icon={Stethoscope} title="No encounters yet">
          {mayWrite
            ? 'Record the first consultation, ward round, theatre case or emergency visit: the SOAP note, vitals and ICD-10 diagnoses.'
            : 'Consultations, ward rounds, theatre and emergency visits the clinicians record show here.'}
        </EmptyState>
      ) : (
        <ol className="grid gap-3" aria-label="Encounters, newest first">
          {encounters.data.items.map((encounter) => (
            <EncounterCard
              key={encounter.id}
              encounter={encounter}
              mayAmend={mayWrite && encounter.amendedById === null && (encounter.clinicianId === identity.userId || can(identity, 'encounters.amendAny'))}
              onAmend={() => setDialog({ amend: encounter })}
            />
          ))}
        </ol>
      )}
      {dialog && <EncounterDialog caseId={caseId} amend={dialog.amend} onClose={() => setDialog(null)} />}
    </div>
  );
}

function vitalChips(v: TVitals): string[] {
  const chips: string[] = [];
  if (v.systolic !== null || v.diastolic !== null) chips.push(`BP ${v.systolic ?? '–'}/${v.diastolic ?? '–'} mmHg`);
  if (v.pulse !== null) chips.push(`Pulse ${v.pulse} bpm`);
  if (v.temperatureC !== null) chips.push(`Temp ${v.temperatureC} °C`);
  if (v.respiratoryRate !== null) chips.push(`RR ${v.respiratoryRate}/min`);
  if (v.spo2 !== null) chips.push(`SpO2 ${v.spo2} %`);
  if (v.weightKg !== null) chips.push(`Weight ${v.weightKg} ${VITAL_RANGES.weightKg.unit}`);
  return chips;
}

const SOAP: Array<[keyof Pick<TEncounter, 'subjective' | 'objective' | 'assessment' | 'plan'>, string]> = [
  ['subjective', 'Subjective'],
  ['objective', 'Objective'],
  ['assessment', 'Assessment'],
  ['plan', 'Plan'],
];

function EncounterCard({ encounter, mayAmend, onAmend }: { encounter: TEncounter; mayAmend: boolean; onAmend: () => void }) {
  const amended = encounter.amendedById !== null;
  const chips = vitalChips(encounter.vitals);
  return (
    <li id={`encounter-${encounter.id}`} className="scroll-mt-20" aria-label={`${ENCOUNTER_TYPE_LABELS[encounter.type]}, ${formatDateTime(encounter.occurredAt)}${amended ? ', amended' : ''}`}>
      <Card className={amended ? 'gap-2 py-3 opacity-75' : 'gap-2 py-3'}>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 px-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="accent">{ENCOUNTER_TYPE_LABELS[encounter.type]}</Badge>
            {amended && <Badge variant="outline">Amended</Badge>}
            {encounter.amendsId && (
              <a href={`#encounter-${encounter.amendsId}`} className="text-xs text-primary underline-offset-4 hover:underline">
                Amends an earlier version
              </a>
            )}
          </div>
          <p className="text-xs text-muted-foreground">
            {encounter.clinicianName} · {formatDateTime(encounter.occurredAt)}
          </p>
        </CardHeader>
        <CardContent className={amended ? 'grid gap-3 px-4 line-through decoration-muted-foreground' : 'grid gap-3 px-4'}>
          {chips.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Vitals">
              {chips.map((chip) => (
                <li key={chip}>
                  <Badge variant="secondary" className="font-normal tabular-nums">
                    {chip}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
          {encounter.diagnoses.length > 0 && (
            <ul className="grid gap-1 text-sm" aria-label="Diagnoses">
              {encounter.diagnoses.map((d) => (
                <li key={d.code} className="flex flex-wrap items-baseline gap-2">
                  <span className="font-mono font-medium">{d.code}</span>
                  <span>{d.description}</span>
                  {d.primary && <Badge className="px-1.5 py-0 text-[11px]">Primary</Badge>}
                </li>
              ))}
            </ul>
          )}
          <dl className="grid gap-1.5 text-sm sm:grid-cols-[7rem_1fr]">
            {SOAP.filter(([key]) => encounter[key]).map(([key, label]) => (
              <div key={key} className="contents">
                <dt className="font-medium text-muted-foreground">{label}</dt>
                <dd className="break-words whitespace-pre-wrap">{encounter[key]}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
        {(amended || mayAmend) && (
          <CardContent className="grid gap-2 px-4">
            {amended && (
              <p className="text-xs font-medium text-muted-foreground">
                Amended by a later version ·{' '}
                <a href={`#encounter-${encounter.amendedById}`} className="text-primary underline-offset-4 hover:underline">
                  read the newer version
                </a>
              </p>
            )}
            {mayAmend && (
              <Button size="sm" variant="outline" className="w-fit" onClick={onAmend}>
                Amend
              </Button>
            )}
          </CardContent>
        )}
      </Card>
    </li>
  );
}
