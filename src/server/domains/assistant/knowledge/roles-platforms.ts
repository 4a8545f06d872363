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
    text: 'What you see depends on your role. Everyone who works in an organisation has the Dashboard, {Cases}, Schedule, Education, Messages, Analytics and CRM Integration. Administrators, Nurses and Directors also get Cost Management, plus Bed Management on Healthcare and Legal Documents on Legal and Medicolegal. A Super Admin also manages Organizations. Patients see only their Patient portal.',
  },
  {
    id: 'roles-list',
    title: 'Roles',
    route: null,
    tags: ['roles', 'administrator', 'nurse', 'doctor', 'director', 'attorney', 'advocate', 'clinical staff', 'case manager', 'legal consultants', 'special litigation unit', 'finance staff', 'who'],
    text: 'Healthcare roles include Administrator, Clinical Staff, Diagnostic Services, Nurse, Doctor, Case Manager, Support Staff, Ambulance Services and Patient. Legal roles include Director, Legal Consultants, Admin Staff, Expert/Witness, Quality Assurance Team and Finance Staff. Medicolegal adds Special Litigation Unit, Attorneys and Advocates. Super Admin is system-wide. Your Administrator assigns roles.',
  },
  {
    id: 'super-admin',
    title: 'Super Admin',
    route: null,
    tags: ['super admin', 'system', 'all organizations', 'multi organization', 'system configuration'],
    text: 'A Super Admin runs the whole system: every organisation, trial requests, system settings and the live-support queue. They see Organizations and all extras, and the support notification bell, but do not open support chats of their own.',
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
