import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { saCalendarDay } from '../../../shared/domain/admissions';
import { type TCaseMedication, routeWords } from '../../../shared/domain/clinical-results';
import { formatSaDateTime } from '../../../shared/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { useTRPC } from '../../trpc';
import { RecordDoseDialog } from './record-dose-dialog';

// The medication administration record of a day (issue 31): each prescription running that day
// with the doses given (time, dose, route, by whom) or not given (and why). Nurses record doses on
// today's record; any day before can be looked back at.

const timeOf = (iso: string) => formatSaDateTime(iso).split(', ').at(-1) ?? iso;

export function MarCard({ caseId, mayAdminister }: { caseId: string; mayAdminister: boolean }) {
  const trpc = useTRPC();
  const id = useId();
  const today = saCalendarDay(new Date());
  const [date, setDate] = useState(today);
  const [dosing, setDosing] = useState<{ medication: TCaseMedication; notGiven: boolean } | null>(null);
  const mar = useQuery(trpc.medications.administrations.queryOptions({ id: caseId, date }));
  return (
    <Card className="gap-3 py-4" aria-label="Medication administration record">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 px-4">
        <CardTitle asHeading="h2" className="text-base">
          Medication administration record
        </CardTitle>
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-date`} className="text-sm text-muted-foreground">
            Day
          </label>
          <Input id={`${id}-date`} type="date" className="h-8 w-40" value={date} max={today} onChange={(e) => setDate(e.target.value || today)} />
        </div>
      </CardHeader>
      <CardContent className="px-4">
        {mar.isPending ? (
          <ListSkeleton rows={2} label="Loading the administration record" />
        ) : mar.isError ? (
          <ErrorState title="Could not load the administration record" error={mar.error} onRetry={() => void mar.refetch()} />
        ) : mar.data.items.length === 0 ? (
          <EmptyState icon={ClipboardList} title="No prescriptions on this day">
            Doses are recorded against the prescriptions running on the day.
          </EmptyState>
        ) : (
          <ul className="divide-y" aria-label={`Doses on ${date}`}>
            {mar.data.items.map(({ medication, administrations }) => (
              <li key={medication.id} className="grid gap-2 py-2 sm:grid-cols-[minmax(12rem,1fr)_2fr_auto] sm:items-start" data-testid="mar-row">
                <div>
                  <span className="font-medium">{medication.name}</span>
                  <span className="block text-xs text-muted-foreground">
                    {medication.dose} {routeWords(medication.route)} · {medication.frequency}
                    {medication.status !== 'Active' && ` · ${medication.status}`}
                  </span>
                </div>
                <ul className="flex flex-wrap gap-1.5 text-xs" aria-label={`Doses of ${medication.name}`}>
                  {administrations.length === 0 && <li className="text-muted-foreground">No dose recorded</li>}
                  {administrations.map((a) => (
                    <li
                      key={a.id}
                      className={a.given ? 'rounded-md border border-emerald-300 bg-emerald-50 px-2 py-1 text-emerald-900' : 'rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-amber-900'}
                    >
                      {a.given ? `${timeOf(a.givenAt)} given ${a.dose} ${routeWords(a.route)}` : `${timeOf(a.givenAt)} not given: ${a.notGivenReason}`}
                      {a.byName && <span className="text-muted-foreground"> · {a.byName}</span>}
                    </li>
                  ))}
                </ul>
                {mayAdminister && medication.status === 'Active' && date === today && (
                  <div className="flex gap-1.5">
                    <Button size="sm" variant="outline" onClick={() => setDosing({ medication, notGiven: false })} aria-label={`Record a dose of ${medication.name}`}>
                      Record dose
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setDosing({ medication, notGiven: true })} aria-label={`Record ${medication.name} not given`}>
                      Not given
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {dosing && <RecordDoseDialog medication={dosing.medication} notGiven={dosing.notGiven} onClose={() => setDosing(null)} />}
    </Card>
  );
}
