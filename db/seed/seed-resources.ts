import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DB } from '../schema';
import type { TOrganizationRole } from '../../src/shared/roles';
import type { DemoOrganization } from './demo-organizations';
import type { Rng, SeedClock } from './seed-helpers';
import type { SeededOrganization } from './seed-people';

// Educational resources per organisation (SPEC §3.4): six, with a POPIA course, for the hospital and
// the firm; none for the litigation unit.

type ResourceType = 'video' | 'pdf' | 'article' | 'course';
type ResourceCategory = 'compliance' | 'clinical' | 'safety' | 'technology';

interface ResourceTemplate {
  title: string;
  description: string;
  type: ResourceType;
  category: ResourceCategory;
  minutes: number | null;
  roles: TOrganizationRole[];
  slug: string;
}

const CLINICAL_TEAM: TOrganizationRole[] = ['Doctor', 'Nurse', 'Clinical Staff', 'Diagnostic Services', 'Case Manager'];
const HOSPITAL_ALL: TOrganizationRole[] = [...CLINICAL_TEAM, 'Administrator', 'Security Guard', 'Hospital Cleaner', 'Kitchen Worker'];
const FIRM_ALL: TOrganizationRole[] = ['Administrator', 'Director', 'Legal Consultants', 'Admin Staff', 'Finance Staff', 'Expert/Witness'];

const RESOURCES: Record<DemoOrganization['key'], readonly ResourceTemplate[]> = {
  thornhill: [
    { slug: 'popia-for-healthcare-workers', title: 'POPIA for healthcare workers', description: 'Protecting patient information under the Protection of Personal Information Act: consent, special personal information, breaches and the Information Officer.', type: 'course', category: 'compliance', minutes: 45, roles: HOSPITAL_ALL },
    { slug: 'hand-hygiene-five-moments', title: 'Hand hygiene: the five moments', description: 'The WHO five moments for hand hygiene, demonstrated on a general ward.', type: 'video', category: 'safety', minutes: 12, roles: [...CLINICAL_TEAM, 'Hospital Cleaner', 'Kitchen Worker'] },
    { slug: 'sepsis-one-hour-bundle', title: 'Sepsis recognition and the one-hour bundle', description: 'Early warning scores, lactate, cultures and antibiotics within the first hour.', type: 'course', category: 'clinical', minutes: 60, roles: ['Doctor', 'Nurse', 'Clinical Staff'] },
    { slug: 'fire-safety-evacuation', title: 'Fire safety and ward evacuation', description: 'Fire classes, extinguishers, and horizontal evacuation of bed-bound patients.', type: 'video', category: 'safety', minutes: 20, roles: HOSPITAL_ALL },
    { slug: 'bed-management-in-casebridge', title: 'Using bed management in CaseBridge', description: 'Assigning, releasing and reserving beds, and keeping the bed board current.', type: 'article', category: 'technology', minutes: 10, roles: ['Nurse', 'Administrator', 'Case Manager'] },
    { slug: 'national-core-standards', title: 'National Core Standards for health establishments', description: 'The Office of Health Standards Compliance domains and how Thornhill is assessed.', type: 'pdf', category: 'compliance', minutes: 30, roles: ['Administrator', 'Case Manager', 'Doctor', 'Nurse'] },
  ],
  mokoena: [
    { slug: 'popia-for-law-firms', title: 'POPIA for law firms', description: 'Lawful processing of client information, the Information Officer\'s duties and reporting a breach to the Information Regulator.', type: 'course', category: 'compliance', minutes: 40, roles: FIRM_ALL },
    { slug: 'trust-account-rules', title: 'Legal Practice Council: trust account rules', description: 'Section 86 trust accounts, reconciliations and the annual audit.', type: 'pdf', category: 'compliance', minutes: 25, roles: ['Director', 'Finance Staff', 'Administrator'] },
    { slug: 'fica-client-verification', title: 'FICA client verification checklist', description: 'Customer due diligence for individuals, trusts and companies.', type: 'article', category: 'compliance', minutes: 10, roles: FIRM_ALL },
    { slug: 'caselines-e-filing', title: 'CaseLines e-filing for the High Court', description: 'Uploading, indexing and sharing court bundles on CaseLines.', type: 'video', category: 'technology', minutes: 18, roles: ['Legal Consultants', 'Admin Staff', 'Director'] },
    { slug: 'phishing-awareness', title: 'Spotting phishing and payment-diversion e-mails', description: 'How criminals change banking details on conveyancing transfers, and how to verify them.', type: 'video', category: 'safety', minutes: 15, roles: FIRM_ALL },
    { slug: 'time-recording-in-casebridge', title: 'Time recording and billing in CaseBridge', description: 'Starting and stopping time entries on a matter and reviewing case costs.', type: 'course', category: 'technology', minutes: 25, roles: FIRM_ALL },
  ],
  // None: the unit has no library of its own yet, so its Education screen shows the labelled
  // sample resources (SPEC §3.4).
  gauteng: [],
};

export function buildResources(org: SeededOrganization, clock: SeedClock, rng: Rng): Insertable<DB['educational_resources']>[] {
  return RESOURCES[org.def.key].map((t) => {
    const created = clock.at(-rng.int(60, 200), '09:00');
    const updated = rng.chance(0.5) ? clock.at(-rng.int(5, 50), '14:00') : created;
    return {
      id: randomUUID(),
      organization_id: org.id,
      title: t.title,
      description: t.description,
      type: t.type,
      duration_minutes: t.minutes,
      category: t.category,
      target_roles: JSON.stringify(t.roles),
      url: `https://learn.casebridge.example/${t.slug}`,
      created_at: created,
      updated_at: updated,
    };
  });
}
