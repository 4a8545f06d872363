import { ZCaseIdInput } from '../../../shared/domain/cases';
import { ageInYears } from '../../../shared/domain/patient-banner';
import { type DemoProcedures, procedure } from '../procedure';
import { allAdmissions } from './admissions';
import { demoAllergiesOf } from './allergies';
import { openCase } from './case-file-state';
import { allPeople, idNumberShown } from './people-state';

// The patient banner in demo mode (issue 31), as the server's patient-banner.service.ts answers it.

const feature = 'medicalRecords' as const;

/** A stable folder number per demo person, seven digits as the hospital's seed gives its patients. */
const folderNumberOf = (personId: string): string => String(1_000_000 + ((Number(personId.replace(/\D/g, '')) * 79_193) % 9_000_000));

export const patientBannerProcedures = {
  'cases.banner': procedure({
    input: ZCaseIdInput,
    capability: 'records.view',
    feature,
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      const person = kase.personId ? allPeople(ctx).find((p) => p.id === kase.personId) : undefined;
      const stays = allAdmissions(ctx).filter((a) => a.caseId === kase.id).sort((a, b) => b.admittedAt.localeCompare(a.admittedAt));
      const stay = stays[0];
      return {
        caseId: kase.id,
        personId: person?.id ?? null,
        name: person?.fullName ?? kase.patientName,
        dateOfBirth: person?.dateOfBirth ?? null,
        ageYears: person?.dateOfBirth ? ageInYears(person.dateOfBirth, ctx.nowIso()) : null,
        sex: person?.sex ?? null,
        idNumber: person ? idNumberShown(ctx, person.idNumber) : null,
        passportNumber: person?.passportNumber ?? null,
        folderNumber: person && ctx.platform === 'healthcare' ? folderNumberOf(person.id) : null,
        allergies: person ? demoAllergiesOf(ctx, person.id) : null,
        alerts: kase.urgentFlags,
        bed: stay && !stay.dischargedAt ? { admissionId: stay.id, bedNumber: stay.bedNumber, ward: stay.ward, admittedAt: stay.admittedAt } : null,
        lastDischarge: stay?.dischargedAt ? { at: stay.dischargedAt, disposition: stay.disposition ?? null } : null,
      };
    },
  }),
} satisfies Partial<DemoProcedures>;
