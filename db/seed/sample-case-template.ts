import type { TPlatform } from '../../src/shared/platform';
import { type TSampleCase, samplePerson } from '../../src/shared/sample-cases/sample-case';
import type { CaseTemplate } from './case-template';

/** A catalogue case as the seed's CaseTemplate: its sample people mapped to the organisation's person keys. */
export function templateOf(platform: TPlatform, sample: TSampleCase): CaseTemplate {
  const person = (key: string | undefined) => (key ? samplePerson(platform, key, 'seed') : undefined);
  if (!sample.manager) throw new Error(`Seeded sample case ${sample.patient} needs a manager`);
  return {
    patient: sample.patient,
    caseType: sample.caseType,
    department: sample.department,
    priority: sample.priority,
    status: sample.status,
    lead: samplePerson(platform, sample.lead, 'seed'),
    ...(sample.support ? { support: person(sample.support) } : {}),
    manager: samplePerson(platform, sample.manager, 'seed'),
    days: sample.days,
    description: sample.description,
    plan: sample.plan,
    notes: sample.notes,
    ...(sample.flags ? { flags: sample.flags } : {}),
    ...(sample.bed ? { bed: sample.bed } : {}),
    ...(sample.patientUser ? { patientUser: person(sample.patientUser) } : {}),
  };
}
