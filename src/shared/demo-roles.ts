import type { TPlatform } from './platform';
import type { TRole } from './roles';

// The role cards of the demo role picker (SPEC §3.8, §9: 8 roles per platform, four permission
// phrases each). A card's title is what the visitor picks; `productRole` is the capability-matrix
// role (src/shared/roles.ts) stored as the demo role, so navigation and fixtures follow the same
// matrix as signed-in users. Icons are lucide-react names so this file stays free of React and
// can be read by the server, the demo fixtures and the client alike.

export const DEMO_ROLE_ICONS = [
  'Stethoscope', 'HeartPulse', 'Syringe', 'FlaskConical', 'ScanLine', 'Pill', 'Building2', 'Ambulance',
  'Crown', 'Scale', 'Briefcase', 'FileText', 'ClipboardList', 'Gavel', 'BookOpen', 'ShieldCheck',
  'Landmark', 'Microscope', 'Fingerprint', 'Calculator', 'ClipboardCheck', 'Handshake',
] as const;

export type TDemoRoleIcon = (typeof DEMO_ROLE_ICONS)[number];

export type TDemoRoleColor =
  | 'teal' | 'emerald' | 'sky' | 'cyan' | 'blue' | 'indigo' | 'violet' | 'purple' | 'fuchsia'
  | 'rose' | 'amber' | 'orange' | 'slate';

export interface DemoRoleCard {
  /** Stable id, stored as the demo user id (SPEC §3.9 demo_user_id). */
  id: string;
  /** Display name of the role, e.g. 'Chief Medical Officer'. */
  name: string;
  /** Role title shown under the name (SPEC §3.8 "role (title)"). */
  title: string;
  /** The persona the visitor becomes; stored as demo_user_name. */
  personName: string;
  description: string;
  /** Exactly four descriptive phrases; the picker shows the first three (SPEC §9). */
  permissions: readonly [string, string, string, string];
  icon: TDemoRoleIcon;
  color: TDemoRoleColor;
  /** SPEC §3.8: no role card grants super-admin rights. */
  isSuperAdmin: false;
  /** Capability-matrix role stored as demo_user_role. */
  productRole: Exclude<TRole, 'Super Admin'>;
}

const HEALTHCARE: DemoRoleCard[] = [
  {
    id: 'chief_medical_officer', name: 'Chief Medical Officer', title: 'Chief Medical Officer', personName: 'Dr Thandiwe Mokoena',
    description: 'Leads clinical governance across the hospital and signs off on care standards.',
    permissions: ['Clinical oversight', 'Medical staff management', 'Quality assurance', 'Patient safety protocols'],
    icon: 'Stethoscope', color: 'teal', isSuperAdmin: false, productRole: 'Director',
  },
  {
    id: 'attending_physician', name: 'Attending Physician', title: 'Attending Physician', personName: 'Dr Pieter van der Merwe',
    description: 'Runs the ward round and owns the treatment plans of admitted patients.',
    permissions: ['Patient diagnosis', 'Treatment planning', 'Prescription authority', 'Case documentation'],
    icon: 'HeartPulse', color: 'rose', isSuperAdmin: false, productRole: 'Doctor',
  },
  {
    id: 'registered_nurse', name: 'Registered Nurse', title: 'Registered Nurse', personName: 'Nomvula Dlamini',
    description: 'Delivers bedside care, tracks observations and keeps beds moving.',
    permissions: ['Patient care coordination', 'Medication administration', 'Vital signs monitoring', 'Bed allocation'],
    icon: 'Syringe', color: 'sky', isSuperAdmin: false, productRole: 'Nurse',
  },
  {
    id: 'laboratory_technician', name: 'Laboratory Technician', title: 'Laboratory Technician', personName: 'Sipho Khumalo',
    description: 'Processes specimens and reports pathology results back to the clinical team.',
    permissions: ['Specimen processing', 'Test result reporting', 'Equipment calibration', 'Sample tracking'],
    icon: 'FlaskConical', color: 'amber', isSuperAdmin: false, productRole: 'Diagnostic Services',
  },
  {
    id: 'radiologist', name: 'Radiologist', title: 'Radiologist', personName: 'Dr Ayesha Patel',
    description: 'Reads imaging studies and advises on diagnosis from X-ray, CT and MRI.',
    permissions: ['Imaging interpretation', 'Diagnostic reporting', 'Imaging scheduling', 'Radiation safety'],
    icon: 'ScanLine', color: 'indigo', isSuperAdmin: false, productRole: 'Diagnostic Services',
  },
  {
    id: 'pharmacist', name: 'Pharmacist', title: 'Pharmacist', personName: 'Lerato Nkosi',
    description: 'Dispenses medication and checks prescriptions for safety and interactions.',
    permissions: ['Medication dispensing', 'Prescription review', 'Drug interaction checks', 'Stock management'],
    icon: 'Pill', color: 'emerald', isSuperAdmin: false, productRole: 'Clinical Staff',
  },
  {
    id: 'hospital_administrator', name: 'Hospital Administrator', title: 'Hospital Administrator', personName: 'Johan Botha',
    description: 'Manages operations, staffing costs and the systems the hospital runs on.',
    permissions: ['Operations management', 'Cost management', 'Staff scheduling', 'System configuration'],
    icon: 'Building2', color: 'slate', isSuperAdmin: false, productRole: 'Administrator',
  },
  {
    id: 'emergency_medic', name: 'Emergency Medic', title: 'Emergency Medical Technician', personName: 'Bongani Mthembu',
    description: 'Responds to emergencies and hands patients over to the receiving unit.',
    permissions: ['Emergency response', 'Patient transport', 'Pre-hospital care', 'Handover reporting'],
    icon: 'Ambulance', color: 'orange', isSuperAdmin: false, productRole: 'Ambulance Services',
  },
];

const LEGAL: DemoRoleCard[] = [
  {
    id: 'managing_partner', name: 'Managing Partner', title: 'Managing Partner', personName: 'Grace Naidoo',
    description: 'Steers the firm, its practice areas and its client relationships.',
    permissions: ['Firm management', 'Client relationship oversight', 'Financial approval', 'Strategic planning'],
    icon: 'Crown', color: 'indigo', isSuperAdmin: false, productRole: 'Director',
  },
  {
    id: 'senior_advocate', name: 'Senior Advocate', title: 'Senior Advocate', personName: 'Adv. Themba Zulu SC',
    description: 'Argues matters in the High Court and leads trial strategy.',
    permissions: ['Court representation', 'Trial strategy', 'Legal opinions', 'Junior counsel supervision'],
    icon: 'Scale', color: 'violet', isSuperAdmin: false, productRole: 'Advocates',
  },
  {
    id: 'attorney', name: 'Attorney', title: 'Attorney', personName: 'Karabo Molefe',
    description: 'Runs client matters from instruction to settlement or judgment.',
    permissions: ['Case management', 'Client consultations', 'Pleadings drafting', 'Settlement negotiation'],
    icon: 'Briefcase', color: 'blue', isSuperAdmin: false, productRole: 'Attorneys',
  },
  {
    id: 'paralegal', name: 'Paralegal', title: 'Paralegal', personName: 'Zanele Mahlangu',
    description: 'Prepares bundles, tracks deadlines and supports the attorneys on each matter.',
    permissions: ['Document preparation', 'Deadline tracking', 'Evidence organisation', 'Client correspondence'],
    icon: 'FileText', color: 'sky', isSuperAdmin: false, productRole: 'Legal Consultants',
  },
  {
    id: 'legal_secretary', name: 'Legal Secretary', title: 'Legal Secretary', personName: 'Michelle Jacobs',
    description: 'Keeps diaries, filings and client communication running smoothly.',
    permissions: ['Calendar management', 'Court filing', 'Client communication', 'Records administration'],
    icon: 'ClipboardList', color: 'slate', isSuperAdmin: false, productRole: 'Admin Staff',
  },
  {
    id: 'litigation_manager', name: 'Litigation Manager', title: 'Litigation Manager', personName: 'Riaan Pretorius',
    description: 'Allocates litigation work and keeps the firm’s court roll on track.',
    permissions: ['Litigation oversight', 'Resource allocation', 'Court roll management', 'Risk assessment'],
    icon: 'Gavel', color: 'amber', isSuperAdmin: false, productRole: 'Legal Consultants',
  },
  {
    id: 'legal_researcher', name: 'Legal Researcher', title: 'Legal Researcher', personName: 'Naledi Sithole',
    description: 'Researches case law and legislation behind every opinion and argument.',
    permissions: ['Case law research', 'Legislation analysis', 'Research memoranda', 'Precedent tracking'],
    icon: 'BookOpen', color: 'emerald', isSuperAdmin: false, productRole: 'Legal Consultants',
  },
  {
    id: 'compliance_officer', name: 'Compliance Officer', title: 'Compliance Officer', personName: 'Farah Essop',
    description: 'Keeps the firm compliant with the Legal Practice Council and POPIA.',
    permissions: ['Regulatory compliance', 'POPIA monitoring', 'Policy review', 'Audit preparation'],
    icon: 'ShieldCheck', color: 'teal', isSuperAdmin: false, productRole: 'Quality Assurance Team',
  },
];

const MEDICOLEGAL: DemoRoleCard[] = [
  {
    id: 'senior_state_advocate', name: 'Senior State Advocate', title: 'Senior Advocate', personName: 'Adv. Mandla Ngcobo',
    description: 'Defends the state in medical negligence claims and leads the litigation team.',
    permissions: ['State litigation', 'Medical negligence defence', 'Court representation', 'Team supervision'],
    icon: 'Landmark', color: 'violet', isSuperAdmin: false, productRole: 'Special Litigation Unit',
  },
  {
    id: 'medical_malpractice_attorney', name: 'Medical Malpractice Attorney', title: 'Medical Malpractice Attorney', personName: 'Priya Govender',
    description: 'Handles malpractice matters from the first claim letter to trial.',
    permissions: ['Malpractice case handling', 'Medical record review', 'Pleadings drafting', 'Expert briefing'],
    icon: 'Briefcase', color: 'indigo', isSuperAdmin: false, productRole: 'Attorneys',
  },
  {
    id: 'medical_expert_witness', name: 'Medical Expert Witness', title: 'Medical Expert Witness', personName: 'Prof. Hendrik Steyn',
    description: 'Gives independent clinical opinion on the standard of care in a claim.',
    permissions: ['Expert medical opinion', 'Standard of care review', 'Court testimony', 'Report writing'],
    icon: 'Stethoscope', color: 'teal', isSuperAdmin: false, productRole: 'Expert/Witness',
  },
  {
    id: 'forensic_investigator', name: 'Forensic Investigator', title: 'Forensic Investigator', personName: 'Lindiwe Cele',
    description: 'Reconstructs what happened from records, interviews and evidence.',
    permissions: ['Incident investigation', 'Evidence collection', 'Witness interviews', 'Forensic reporting'],
    icon: 'Fingerprint', color: 'slate', isSuperAdmin: false, productRole: 'Expert/Witness',
  },
  {
    id: 'insurance_claims_specialist', name: 'Insurance Claims Specialist', title: 'Insurance Claims Specialist', personName: 'Werner Fourie',
    description: 'Quantifies claims and manages the financial exposure of each matter.',
    permissions: ['Claims assessment', 'Quantum calculation', 'Reserve management', 'Insurer liaison'],
    icon: 'Calculator', color: 'amber', isSuperAdmin: false, productRole: 'Finance Staff',
  },
  {
    id: 'case_coordinator', name: 'Case Coordinator', title: 'Medicolegal Case Coordinator', personName: 'Busisiwe Radebe',
    description: 'Coordinates records, experts and court dates across the claim lifecycle.',
    permissions: ['Case coordination', 'Medical records requests', 'Expert scheduling', 'Deadline management'],
    icon: 'ClipboardCheck', color: 'sky', isSuperAdmin: false, productRole: 'Case Manager',
  },
  {
    id: 'regulatory_compliance_officer', name: 'Regulatory Compliance Officer', title: 'Healthcare Regulatory Officer', personName: 'Dr Fatima Adams',
    description: 'Tracks HPCSA and health department requirements raised by each claim.',
    permissions: ['Regulatory compliance', 'HPCSA reporting', 'Clinical audit', 'Risk mitigation'],
    icon: 'ShieldCheck', color: 'emerald', isSuperAdmin: false, productRole: 'Quality Assurance Team',
  },
  {
    id: 'settlement_negotiator', name: 'Settlement Negotiator', title: 'Settlement Negotiator', personName: 'Adv. Sibusiso Ndlovu',
    description: 'Negotiates fair settlements and keeps matters out of court where possible.',
    permissions: ['Settlement negotiations', 'Damage assessment', 'Mediation coordination', 'Agreement drafting'],
    icon: 'Handshake', color: 'purple', isSuperAdmin: false, productRole: 'Advocates',
  },
];

export const DEMO_ROLES: Record<TPlatform, DemoRoleCard[]> = {
  healthcare: HEALTHCARE,
  legal: LEGAL,
  medicolegal: MEDICOLEGAL,
};

/** SPEC §2.2: the identity the landing's 'Patient Portal' button stores. */
export const PATIENT_PORTAL_IDENTITY = {
  userId: 'patient1',
  role: 'Patient',
  name: 'Thabo Mabaso',
  isSuperAdmin: false,
  platform: 'healthcare',
} as const satisfies { userId: string; role: TRole; name: string; isSuperAdmin: boolean; platform: TPlatform };
