import type { CaseTemplate } from './case-template';

// Mokoena & Partners Attorneys: 7 in progress, 4 scheduled, 4 completed client matters.
// lead = practitioner in charge, support = expert or second practitioner, manager = file administrator.

export const LEGAL_CASES: readonly CaseTemplate[] = [
  // In progress
  {
    patient: 'Ubuntu Logistics (Pty) Ltd', caseType: 'Commercial Contract Dispute', department: 'Commercial Litigation', priority: 'High', status: 'In Progress',
    lead: 'kmokoena', support: 'essop', manager: 'sithole', days: 240,
    description: 'Claim of R 4.8 million for breach of a warehousing and distribution agreement.',
    plan: 'Close of pleadings; discovery; forensic accountant report on quantum; pre-trial conference.',
    notes: 'Client prefers mediation if the defendant tenders at least 60% of the claim.',
    flags: ['Discovery affidavit due within 10 court days'],
  },
  {
    patient: 'Sibongile Dlamini', caseType: 'Unfair Dismissal (CCMA)', department: 'Labour Law', priority: 'Medium', status: 'In Progress',
    lead: 'patel', manager: 'sithole', days: 90,
    description: 'Dismissed after 11 years of service for alleged misconduct; procedural unfairness claimed.',
    plan: 'Con-arb at CCMA Johannesburg; prepare bundle and witness statements; compute compensation claim.',
    notes: 'Referral lodged within 30 days of dismissal.',
  },
  {
    patient: 'Estate Late Jacobus Nel', caseType: 'Deceased Estate', department: 'Wills & Estates', priority: 'Low', status: 'In Progress',
    lead: 'khumalo', manager: 'sithole', days: 270,
    description: 'Winding up of an intestate estate with two immovable properties in Pretoria East.',
    plan: 'Letters of executorship obtained; section 29 notice to creditors; liquidation and distribution account.',
    notes: 'Heirs: three adult children; one lives in Perth, Australia.',
  },
  {
    patient: 'Karoo Fresh Produce CC', caseType: 'Debt Recovery', department: 'Commercial Litigation', priority: 'Medium', status: 'In Progress',
    lead: 'kmokoena', manager: 'sithole', days: 120,
    description: 'Recovery of R 612 000 in unpaid invoices from a retail customer.',
    plan: 'Letter of demand issued; summons served; apply for summary judgment if a plea is filed.',
    notes: 'Debtor has offered payment in 12 instalments; client considering.',
  },
  {
    patient: 'Thandeka Mkhabela', caseType: 'Divorce Settlement', department: 'Family Law', priority: 'Medium', status: 'In Progress',
    lead: 'khumalo', manager: 'sithole', days: 180,
    description: 'Contested divorce; care and contact of two minor children and division of the joint estate.',
    plan: 'Family Advocate enquiry; draft parenting plan; negotiate settlement agreement.',
    notes: 'Married in community of property.',
    flags: ['Rule 43 interim maintenance hearing scheduled'],
  },
  {
    patient: 'Ikhaya Properties (Pty) Ltd', caseType: 'Lease Dispute', department: 'Commercial Litigation', priority: 'Low', status: 'In Progress',
    lead: 'patel', manager: 'sithole', days: 150,
    description: 'Eviction of a commercial tenant for arrear rental of R 380 000.',
    plan: 'Notice of cancellation served; eviction application in the Johannesburg High Court.',
    notes: '',
  },
  {
    patient: 'Rivonia Tech Solutions (Pty) Ltd', caseType: 'Trademark Infringement', department: 'Intellectual Property', priority: 'High', status: 'In Progress',
    lead: 'kmokoena', support: 'patel', manager: 'sithole', days: 120,
    description: 'Competitor trading under a confusingly similar mark in the same software market.',
    plan: 'Cease-and-desist letter sent; urgent interdict papers drafted; CIPC records obtained.',
    notes: 'Competitor ignored the letter of demand.',
    flags: ['Urgent interdict to be launched this week'],
  },
  // Scheduled
  {
    patient: 'Mpumi Zondo', caseType: 'Personal Injury (RAF Claim)', department: 'Personal Injury', priority: 'Medium', status: 'Scheduled',
    lead: 'patel', manager: 'sithole', days: 365,
    description: 'Pedestrian injured by a minibus taxi in Soweto; claim against the Road Accident Fund.',
    plan: 'Obtain hospital records from Chris Hani Baragwanath; lodge RAF 1 claim form; appoint orthopaedic expert.',
    notes: 'Intake consultation booked.',
  },
  {
    patient: 'Goldreef Engineering (Pty) Ltd', caseType: 'Shareholder Dispute', department: 'Commercial Litigation', priority: 'High', status: 'Scheduled',
    lead: 'kmokoena', support: 'essop', manager: 'sithole', days: 200,
    description: 'Minority shareholder relief for oppressive conduct under section 163 of the Companies Act.',
    plan: 'Review shareholders\' agreement and three years of financial statements; forensic review of related-party payments.',
    notes: 'Conflict check cleared.',
  },
  {
    patient: 'Agnes Mokwena', caseType: 'Will Drafting', department: 'Wills & Estates', priority: 'Low', status: 'Scheduled',
    lead: 'khumalo', manager: 'sithole', days: 21,
    description: 'New will and living will after remarriage.',
    plan: 'Consultation; draft will; signing with two witnesses.',
    notes: '',
  },
  {
    patient: 'Lucky Maluleke', caseType: 'Unfair Dismissal (CCMA)', department: 'Labour Law', priority: 'Medium', status: 'Scheduled',
    lead: 'patel', manager: 'sithole', days: 90,
    description: 'Challenge to a retrenchment process under section 189 of the Labour Relations Act.',
    plan: 'Consultation; obtain section 189(3) notice and consultation minutes.',
    notes: '',
  },
  // Completed
  {
    patient: 'Kwanele Trading CC', caseType: 'Commercial Contract Dispute', department: 'Commercial Litigation', priority: 'Medium', status: 'Completed',
    lead: 'kmokoena', support: 'essop', manager: 'sithole', days: 150,
    description: 'Supply agreement dispute settled at mediation for R 1.2 million.',
    plan: 'Settlement agreement made an order of court.',
    notes: 'Final account issued.',
  },
  {
    patient: 'Estate Late Margaret Fortuin', caseType: 'Deceased Estate', department: 'Wills & Estates', priority: 'Low', status: 'Completed',
    lead: 'khumalo', manager: 'sithole', days: 240,
    description: 'Testate estate wound up; final liquidation and distribution account accepted by the Master.',
    plan: 'Distribution to heirs completed.',
    notes: '',
  },
  {
    patient: 'Johan Venter', caseType: 'Property Transfer (Conveyancing)', department: 'Conveyancing', priority: 'Low', status: 'Completed',
    lead: 'khumalo', manager: 'sithole', days: 75,
    description: 'Transfer of a sectional title unit in Fourways registered at the Johannesburg Deeds Office.',
    plan: 'Registration confirmed; keys handed over.',
    notes: '',
  },
  {
    patient: 'Nosipho Mthethwa', caseType: 'Unfair Dismissal (CCMA)', department: 'Labour Law', priority: 'High', status: 'Completed',
    lead: 'patel', manager: 'sithole', days: 100,
    description: 'Arbitration award in the employee\'s favour: reinstatement with six months\' back pay.',
    plan: 'Award served on the employer; compliance confirmed.',
    notes: '',
  },
];
