import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, BedDouble, ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { DISPOSITION_LABELS } from '../../../shared/domain/admissions';
import { ALLERGY_SEVERITY_LABELS, type TAllergyList } from '../../../shared/domain/allergies';
import type { TPatientBanner } from '../../../shared/domain/patient-banner';
import { formatCalendarDay, formatDate } from '../../../shared/format';
import { can } from '../../../shared/roles';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { AllergiesDialog, SEVERITY_TONE } from './allergies-dialog';

// The patient banner (issue 31): who this is, on every screen of a hospital case — as OpenEMR,
// Bahmni and Medplum's patient header put it above everything clinical. Allergies first among the
// facts: "No known allergies" only when someone recorded it; nothing recorded says so in amber.

const SEX_LABEL = { female: 'Female', male: 'Male' } as const;

function AllergySummary({ allergies }: { allergies: TAllergyList }) {
  if (allergies.status === 'none-known') {
    return (
      <Badge variant="outline" className="border-emerald-300 bg-emerald-50 text-emerald-900" data-testid="banner-allergies">
        <ShieldCheck aria-hidden="true" /> No known allergies
      </Badge>
    );
  }
  if (allergies.status === 'not-recorded') {
    return (
      <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-900" data-testid="banner-allergies">
        <ShieldQuestion aria-hidden="true" /> Allergies not recorded
      </Badge>
    );
  }
  const active = allergies.items.filter((a) => a.enteredInError === null);
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Allergies" data-testid="banner-allergies">
      {active.map((a) => (
        <li key={a.id}>
          <Badge variant="outline" className={`h-auto whitespace-normal text-left ${SEVERITY_TONE[a.severity]}`} title={a.reaction ?? undefined}>
            <ShieldAlert aria-hidden="true" /> Allergy: {a.substance} ({ALLERGY_SEVERITY_LABELS[a.severity].toLowerCase()})
          </Badge>
        </li>
      ))}
    </ul>
  );
}

function Identity({ banner }: { banner: TPatientBanner }) {
  const parts = [
    banner.ageYears !== null && banner.dateOfBirth ? `${banner.ageYears} y (${formatCalendarDay(banner.dateOfBirth)})` : 'Date of birth not recorded',
    banner.sex ? SEX_LABEL[banner.sex] : null,
    banner.idNumber ? `ID ${banner.idNumber}` : banner.passportNumber ? `Passport ${banner.passportNumber}` : null,
    banner.folderNumber ? `Folder ${banner.folderNumber}` : null,
  ].filter((p): p is string => p !== null);
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <span className="text-base font-semibold">{banner.name}</span>
      {parts.map((p) => (
        <span key={p} className="text-sm text-muted-foreground">
          {p}
        </span>
      ))}
    </p>
  );
}

function Stay({ banner }: { banner: TPatientBanner }) {
  const text = banner.bed
    ? `Bed ${banner.bed.bedNumber ?? '—'}${banner.bed.ward ? ` · ${banner.bed.ward}` : ''} since ${formatDate(banner.bed.admittedAt)}`
    : banner.lastDischarge
      ? `Discharged ${formatDate(banner.lastDischarge.at)}${banner.lastDischarge.disposition ? ` (${DISPOSITION_LABELS[banner.lastDischarge.disposition]})` : ''}`
      : 'Not admitted';
  return (
    <span className="inline-flex items-center gap-1 text-sm">
      <BedDouble className="size-3.5 text-muted-foreground" aria-hidden="true" /> {text}
    </span>
  );
}

export function PatientBanner({ caseId }: { caseId: string }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const banner = useQuery(trpc.cases.banner.queryOptions({ id: caseId }));
  const [open, setOpen] = useState(false);
  if (!banner.data) return null;
  const b = banner.data;
  return (
    <section aria-label="Patient banner" className="grid gap-2 rounded-xl border-2 border-primary/20 bg-card p-3 sm:p-4" data-testid="patient-banner">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Identity banner={b} />
        <Stay banner={b} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {b.allergies && <AllergySummary allergies={b.allergies} />}
        {b.allergies && b.personId && (
          <Button size="sm" variant="outline" className="h-7" onClick={() => setOpen(true)}>
            {can(identity, 'records.write') ? 'Allergies…' : 'View allergies'}
          </Button>
        )}
        {b.alerts.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Alerts">
            {b.alerts.map((alert) => (
              <li key={alert} className="min-w-0 max-w-full">
                <Badge variant="outline" className="h-auto max-w-full shrink whitespace-normal border-red-200 bg-red-50 text-left text-red-800">
                  <AlertTriangle aria-hidden="true" /> {alert}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      {open && b.allergies && b.personId && (
        <AllergiesDialog personId={b.personId} name={b.name} allergies={b.allergies} canWrite={can(identity, 'records.write') && identity.platform === 'healthcare'} onClose={() => setOpen(false)} />
      )}
    </section>
  );
}
