import type { Passage } from './passage';

// Roles (SPEC §6, src/shared/roles.ts) and the three platforms (SPEC §1, §3.6).

/** The answer for this passage lists the asker's own menu (see compose.ts). */
export const ROLE_MENU_PASSAGE_ID = 'role-features';

export const ROLE_PLATFORM_PASSAGES: Passage[] = [
  {
    id: ROLE_MENU_PASSAGE_ID,
    title: 'Features in your role',
    route: null,
    tags: ['role', 'roles', 'my role', 'features', 'available', 'permissions', 'access', 'what can i', 'menu', 'sidebar', 'navigation'],
    text: "What you see depends on your role and the work it does. Everyone who works in an organisation has the Dashboard, Education, Messages, Support and My Time. The care team of a hospital (doctors, nurses, clinical staff, case managers) also has {Cases}, Schedule, Bed Management, Analytics and CRM Integration; lawyers (directors, legal consultants, attorneys, advocates, the Special Litigation Unit) have {Cases}, Schedule, Legal Documents, Analytics and CRM Integration. Security guards, cleaners, kitchen and support staff see no patient information. Only Administrators see Cost Management and colleagues' figures. A Super Admin works on the platform: organisations, trial and contact requests, support, system settings and the audit trail. Patients see only their Patient portal.",
  },
  {
    id: 'roles-list',
    title: 'Roles',
    route: null,
    tags: ['roles', 'administrator', 'nurse', 'doctor', 'director', 'attorney', 'advocate', 'clinical staff', 'case manager', 'legal consultants', 'special litigation unit', 'finance staff', 'who'],
    text: 'Healthcare roles include Administrator, Clinical Staff, Diagnostic Services, Nurse, Doctor, Case Manager, Support Staff, Ambulance Services, Security Guard, Hospital Cleaner, Kitchen Worker and Patient. Legal roles include Administrator, Director, Legal Consultants, Admin Staff, Expert/Witness, Quality Assurance Team and Finance Staff. Medicolegal has Special Litigation Unit, Attorneys and Advocates besides the legal roles. Super Admin is system-wide. Your Administrator assigns roles.',
  },
  {
    id: 'super-admin',
    title: 'Super Admin',
    route: null,
    tags: ['super admin', 'system', 'all organizations', 'multi organization', 'system configuration'],
    text: 'A Super Admin runs the whole system: every organisation, trial requests, system settings and the live-support queue. Their menu holds the platform screens (Platform Overview, Organizations, Trial Sign-ups, Contact Requests, Support, System Settings, Audit) and the support notification bell, but do not open support chats of their own.',
  },
  {
    id: 'platforms',
    title: 'The three platforms',
    route: null,
    tags: ['platform', 'platforms', 'healthcare', 'legal', 'medicolegal', 'hospital', 'law firm', 'litigation', 'difference', 'variant'],
    text: "CaseBridge comes as three platforms. Healthcare is for hospitals and clinics: patient cases, bed management, medical records and compliance. Legal is for law firms: client cases, court cases, legal documents and expert witnesses. Medicolegal is for state litigation on medical negligence and combines both: court cases, medical records, legal documents, expert witnesses, settlements and compliance. Healthcare says 'patient'; Legal and Medicolegal say 'client'.",
  },
  {
    id: 'security',
    title: 'Security and privacy',
    route: null,
    tags: ['security', 'privacy', 'popia', 'data', 'compliance', 'safe', 'encryption', 'confidential', 'audit'],
    text: "Each organisation's data is kept apart from every other's, and every screen checks your role before it shows anything. Sessions end after a period of inactivity. The assistant never reads patient or case records.",
  },
];
