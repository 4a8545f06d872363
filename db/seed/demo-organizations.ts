import type { TPlatform } from '../../src/shared/platform';
import type { TOrganizationRole } from '../../src/shared/roles';

// The three demo organisations (one per platform) and their people. A person's `key` is how the
// case, schedule and message catalogues refer to them; `signIn` marks the accounts listed as demo
// credentials (the rest exist so lists, workloads and costs look like a real team).

export interface DemoPerson {
  key: string;
  firstName: string;
  lastName: string;
  /** Local part of the e-mail address; the organisation's domain is appended. */
  mailbox: string;
  role: TOrganizationRole;
  department: string | null;
  signIn?: boolean;
}

export interface DemoOrganization {
  key: 'thornhill' | 'mokoena' | 'gauteng';
  slug: string;
  name: string;
  platform: TPlatform;
  type: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  phone: string;
  email: string;
  registrationNumber: string;
  totalBeds: number;
  domain: string;
  people: DemoPerson[];
}

/** The organisation whose presence means the demo has already been seeded. */
export const SENTINEL_ORGANIZATION_SLUG = 'thornhill-community-hospital';

export const SUPER_ADMIN_PERSON = {
  email: 'superadmin@casebridge.example',
  firstName: 'Lindiwe',
  lastName: 'Mahlaba',
  department: 'CaseBridge Platform Operations',
} as const;

export const DEMO_ORGANIZATIONS: readonly DemoOrganization[] = [
  {
    key: 'thornhill',
    slug: SENTINEL_ORGANIZATION_SLUG,
    name: 'Thornhill Community Hospital',
    platform: 'healthcare',
    type: 'Hospital',
    address: '112 Main Road, Observatory',
    city: 'Cape Town',
    province: 'Western Cape',
    postalCode: '7925',
    phone: '+27 21 447 3100',
    email: 'info@thornhill-hospital.example',
    registrationNumber: '2009/014872/08',
    totalBeds: 120,
    domain: 'thornhill-hospital.example',
    people: [
      { key: 'jacobs', firstName: 'Nadia', lastName: 'Jacobs', mailbox: 'admin', role: 'Administrator', department: 'Hospital Administration', signIn: true },
      { key: 'ndlovu', firstName: 'Sipho', lastName: 'Ndlovu', mailbox: 'doctor', role: 'Doctor', department: 'Internal Medicine', signIn: true },
      { key: 'mthembu', firstName: 'Anele', lastName: 'Mthembu', mailbox: 'nurse', role: 'Nurse', department: 'Ward A – General', signIn: true },
      { key: 'duplessis', firstName: 'Riaan', lastName: 'du Plessis', mailbox: 'clinical', role: 'Clinical Staff', department: 'Physiotherapy & Rehabilitation', signIn: true },
      { key: 'adams', firstName: 'Fatima', lastName: 'Adams', mailbox: 'casemanager', role: 'Case Manager', department: 'Case Management', signIn: true },
      { key: 'mabaso', firstName: 'Thabo', lastName: 'Mabaso', mailbox: 'patient', role: 'Patient', department: null, signIn: true },
      { key: 'govender', firstName: 'Anisha', lastName: 'Govender', mailbox: 'anisha.govender', role: 'Doctor', department: 'Cardiology' },
      { key: 'steyn', firstName: 'Willem', lastName: 'Steyn', mailbox: 'willem.steyn', role: 'Doctor', department: 'Orthopaedics' },
      { key: 'zulu', firstName: 'Nokuthula', lastName: 'Zulu', mailbox: 'nokuthula.zulu', role: 'Doctor', department: 'Obstetrics & Gynaecology' },
      { key: 'khoza', firstName: 'Busisiwe', lastName: 'Khoza', mailbox: 'busisiwe.khoza', role: 'Nurse', department: 'ICU' },
      { key: 'fourie', firstName: 'Marelize', lastName: 'Fourie', mailbox: 'marelize.fourie', role: 'Nurse', department: 'Maternity' },
      { key: 'naidoo', firstName: 'Kevin', lastName: 'Naidoo', mailbox: 'kevin.naidoo', role: 'Diagnostic Services', department: 'Radiology' },
      { key: 'mabena', firstName: 'Sizwe', lastName: 'Mabena', mailbox: 'sizwe.mabena', role: 'Security Guard', department: 'Security' },
      { key: 'baloyi', firstName: 'Nomsa', lastName: 'Baloyi', mailbox: 'nomsa.baloyi', role: 'Hospital Cleaner', department: 'Housekeeping' },
      { key: 'petersen', firstName: 'Eunice', lastName: 'Petersen', mailbox: 'eunice.petersen', role: 'Kitchen Worker', department: 'Catering' },
    ],
  },
  {
    key: 'mokoena',
    slug: 'mokoena-partners-attorneys',
    name: 'Mokoena & Partners Attorneys',
    platform: 'legal',
    type: 'Law Firm',
    address: '14 Fricker Road, Illovo',
    city: 'Johannesburg',
    province: 'Gauteng',
    postalCode: '2196',
    phone: '+27 11 880 4521',
    email: 'info@mokoena-attorneys.example',
    registrationNumber: '2014/187452/21',
    totalBeds: 0,
    domain: 'mokoena-attorneys.example',
    people: [
      { key: 'vanwyk', firstName: 'Charlene', lastName: 'van Wyk', mailbox: 'admin', role: 'Administrator', department: 'Practice Management', signIn: true },
      { key: 'kmokoena', firstName: 'Kagiso', lastName: 'Mokoena', mailbox: 'director', role: 'Director', department: 'Commercial Litigation', signIn: true },
      { key: 'patel', firstName: 'Ayesha', lastName: 'Patel', mailbox: 'consultant', role: 'Legal Consultants', department: 'Labour Law', signIn: true },
      { key: 'botha', firstName: 'Pieter', lastName: 'Botha', mailbox: 'finance', role: 'Finance Staff', department: 'Finance', signIn: true },
      { key: 'khumalo', firstName: 'Nomvula', lastName: 'Khumalo', mailbox: 'nomvula.khumalo', role: 'Legal Consultants', department: 'Wills & Estates' },
      { key: 'sithole', firstName: 'Bongani', lastName: 'Sithole', mailbox: 'bongani.sithole', role: 'Admin Staff', department: 'Litigation Support' },
      { key: 'essop', firstName: 'Zaheera', lastName: 'Essop', mailbox: 'zaheera.essop', role: 'Expert/Witness', department: 'Forensic Accounting' },
    ],
  },
  {
    key: 'gauteng',
    slug: 'gauteng-state-litigation',
    name: 'Gauteng State Litigation Unit',
    platform: 'medicolegal',
    type: 'Government',
    address: '255 Francis Baard Street, Pretoria Central',
    city: 'Pretoria',
    province: 'Gauteng',
    postalCode: '0002',
    phone: '+27 12 309 1500',
    email: 'litigation@gauteng-litigation.example',
    registrationNumber: 'GP-DOJ-SLU-0417',
    totalBeds: 0,
    domain: 'gauteng-litigation.example',
    people: [
      { key: 'masilela', firstName: 'Refilwe', lastName: 'Masilela', mailbox: 'admin', role: 'Administrator', department: 'Unit Administration', signIn: true },
      { key: 'ngcobo', firstName: 'Themba', lastName: 'Ngcobo', mailbox: 'slu', role: 'Special Litigation Unit', department: 'Medical Negligence Litigation', signIn: true },
      { key: 'pnaidoo', firstName: 'Priya', lastName: 'Naidoo', mailbox: 'attorney', role: 'Attorneys', department: 'Obstetric Claims', signIn: true },
      { key: 'pretorius', firstName: 'Johan', lastName: 'Pretorius', mailbox: 'advocate', role: 'Advocates', department: 'Trial Advocacy', signIn: true },
      { key: 'mahlangu', firstName: 'Zanele', lastName: 'Mahlangu', mailbox: 'zanele.mahlangu', role: 'Attorneys', department: 'Surgical Claims' },
      { key: 'cassim', firstName: 'Mohammed', lastName: 'Cassim', mailbox: 'mohammed.cassim', role: 'Expert/Witness', department: 'Obstetrics (medical expert)' },
      { key: 'mashaba', firstName: 'Karabo', lastName: 'Mashaba', mailbox: 'karabo.mashaba', role: 'Admin Staff', department: 'Records & Discovery' },
    ],
  },
];

/** ZAR per hour in cents, by membership role (SPEC §2.12 cost screens). */
export const HOURLY_RATE_CENTS: Partial<Record<TOrganizationRole, number>> = {
  Doctor: 85_000,
  Nurse: 32_000,
  'Clinical Staff': 42_000,
  'Diagnostic Services': 48_000,
  'Case Manager': 18_000,
  Administrator: 25_000,
  'Support Staff': 9_000,
  'Ambulance Services': 21_000,
  'Security Guard': 7_500,
  'Hospital Cleaner': 5_500,
  'Kitchen Worker': 6_500,
  Director: 150_000,
  'Legal Consultants': 95_000,
  'Admin Staff': 22_000,
  'Expert/Witness': 220_000,
  'Quality Assurance Team': 40_000,
  'Finance Staff': 38_000,
  'Special Litigation Unit': 110_000,
  Attorneys: 120_000,
  Advocates: 180_000,
};

export function emailOf(organization: DemoOrganization, person: DemoPerson): string {
  return `${person.mailbox}@${organization.domain}`.toLowerCase();
}
