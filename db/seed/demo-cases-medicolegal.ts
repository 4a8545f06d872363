import type { CaseTemplate } from './case-template';

// Gauteng State Litigation Unit: medical negligence claims against the provincial health
// department. 7 in progress, 4 scheduled, 4 completed. lead = attorney, support = advocate or
// medical expert, manager = Special Litigation Unit or records administrator.

export const MEDICOLEGAL_CASES: readonly CaseTemplate[] = [
  // In progress
  {
    patient: 'Zinhle Khanye obo minor child', caseType: 'Birth Injury Claim', department: 'Obstetric Claims', priority: 'High', status: 'In Progress',
    lead: 'pnaidoo', support: 'pretorius', manager: 'ngcobo', days: 365,
    description: 'Cerebral palsy allegedly caused by a delayed caesarean section at a district hospital; claim of R 24 million.',
    plan: 'Obtain CTG tracings and maternity register; instruct independent obstetrician and paediatric neurologist; explore Rule 41A mediation.',
    notes: 'Plaintiff\'s experts filed reports; joint minutes outstanding.',
    flags: ['Trial date allocated in the Pretoria High Court'],
  },
  {
    patient: 'Thulani Mnguni', caseType: 'Surgical Negligence', department: 'Surgical Claims', priority: 'High', status: 'In Progress',
    lead: 'mahlangu', support: 'pretorius', manager: 'ngcobo', days: 300,
    description: 'Surgical swab retained after an emergency laparotomy; claim of R 3.6 million.',
    plan: 'Merits likely to be conceded; quantum experts: general surgeon, industrial psychologist, actuary.',
    notes: 'Head of Department approval needed before any settlement offer.',
    flags: ['Settlement offer due to the plaintiff within 14 days'],
  },
  {
    patient: 'Estate Late Samuel Rakgoale', caseType: 'Wrongful Death Claim', department: 'General Negligence', priority: 'Medium', status: 'In Progress',
    lead: 'mahlangu', support: 'cassim', manager: 'mashaba', days: 330,
    description: 'Death after an alleged nine-hour delay in emergency care; dependants\' claim of R 2.1 million.',
    plan: 'Reconstruct the triage timeline from emergency unit records; expert emergency physician report.',
    notes: 'Emergency unit register for the night in question is incomplete.',
  },
  {
    patient: 'Mary-Anne Oosthuizen', caseType: 'Misdiagnosis Claim', department: 'General Negligence', priority: 'Medium', status: 'In Progress',
    lead: 'pnaidoo', support: 'cassim', manager: 'mashaba', days: 300,
    description: 'Breast cancer allegedly missed for 14 months at a community health centre.',
    plan: 'Obtain mammography reports and referral letters; oncologist opinion on prognosis with earlier diagnosis.',
    notes: '',
  },
  {
    patient: 'Lerato Phiri obo minor child', caseType: 'Birth Injury Claim', department: 'Obstetric Claims', priority: 'High', status: 'In Progress',
    lead: 'pnaidoo', support: 'cassim', manager: 'ngcobo', days: 365,
    description: 'Hypoxic-ischaemic encephalopathy after prolonged second stage of labour; claim of R 18.5 million.',
    plan: 'Expert obstetric review; consider public healthcare defence (treatment in kind) for future medical costs.',
    notes: 'Records request to the hospital CEO sent twice.',
    flags: ['Maternity records still outstanding from the hospital'],
  },
  {
    patient: 'Sifiso Mabuza', caseType: 'Medication Error Claim', department: 'General Negligence', priority: 'Low', status: 'In Progress',
    lead: 'mahlangu', manager: 'mashaba', days: 240,
    description: 'Ten-fold warfarin dosing error leading to a gastrointestinal bleed; claim of R 450 000.',
    plan: 'Pharmacy dispensing records; nursing medication charts; settlement recommendation.',
    notes: '',
  },
  {
    patient: 'Ayanda Nkosi', caseType: 'Delayed Treatment Claim', department: 'Surgical Claims', priority: 'Medium', status: 'In Progress',
    lead: 'mahlangu', support: 'pretorius', manager: 'mashaba', days: 300,
    description: 'Delayed diagnosis of compartment syndrome ending in a below-knee amputation.',
    plan: 'Orthopaedic expert opinion on causation; prosthetics cost report.',
    notes: '',
  },
  // Scheduled
  {
    patient: 'Rebecca Molepo obo minor child', caseType: 'Birth Injury Claim', department: 'Obstetric Claims', priority: 'Medium', status: 'Scheduled',
    lead: 'pnaidoo', support: 'cassim', manager: 'ngcobo', days: 365,
    description: 'Summons served on the MEC for Health; alleged brachial plexus injury at birth.',
    plan: 'File notice of intention to defend; request records; brief an advocate.',
    notes: '',
  },
  {
    patient: 'David Mokgadi', caseType: 'Anaesthetic Complication Claim', department: 'Surgical Claims', priority: 'Medium', status: 'Scheduled',
    lead: 'mahlangu', support: 'pretorius', manager: 'mashaba', days: 300,
    description: 'Hypoxic brain injury during anaesthesia for a routine procedure.',
    plan: 'Initial consultation with the hospital\'s clinical manager; secure anaesthetic records.',
    notes: '',
  },
  {
    patient: 'Phindile Ndaba', caseType: 'Misdiagnosis Claim', department: 'General Negligence', priority: 'Low', status: 'Scheduled',
    lead: 'pnaidoo', manager: 'mashaba', days: 240,
    description: 'Notice under the Institution of Legal Proceedings against Certain Organs of State Act received.',
    plan: 'Assess whether the notice was served in time; request clinic records.',
    notes: '',
  },
  {
    patient: 'Estate Late Grace Matlala', caseType: 'Wrongful Death Claim', department: 'General Negligence', priority: 'High', status: 'Scheduled',
    lead: 'mahlangu', support: 'pretorius', manager: 'ngcobo', days: 330,
    description: 'Post-operative sepsis alleged to have gone untreated; claim by the surviving spouse and children.',
    plan: 'Case strategy meeting; instruct infectious diseases expert.',
    notes: 'High media interest: communications through the department spokesperson only.',
  },
  // Completed
  {
    patient: 'Sarah Mokoka obo minor child', caseType: 'Birth Injury Claim', department: 'Obstetric Claims', priority: 'High', status: 'Completed',
    lead: 'pnaidoo', support: 'pretorius', manager: 'ngcobo', days: 360,
    description: 'Settled for R 9.2 million, future medical costs to be provided in kind by the department.',
    plan: 'Settlement made an order of court; payment instruction sent to Treasury.',
    notes: '',
  },
  {
    patient: 'Tebogo Seleka', caseType: 'Surgical Negligence', department: 'Surgical Claims', priority: 'Medium', status: 'Completed',
    lead: 'mahlangu', support: 'pretorius', manager: 'mashaba', days: 300,
    description: 'Claim dismissed with costs: the plaintiff failed to prove causation.',
    plan: 'Taxation of the bill of costs.',
    notes: '',
  },
  {
    patient: 'Nandi Gumede', caseType: 'Misdiagnosis Claim', department: 'General Negligence', priority: 'Low', status: 'Completed',
    lead: 'pnaidoo', manager: 'mashaba', days: 200,
    description: 'Claim withdrawn by the plaintiff after the department\'s expert report was served.',
    plan: 'File closed.',
    notes: '',
  },
  {
    patient: 'Vusi Shongwe', caseType: 'Medication Error Claim', department: 'General Negligence', priority: 'Medium', status: 'Completed',
    lead: 'mahlangu', support: 'cassim', manager: 'mashaba', days: 200,
    description: 'Settled for R 850 000 after merits were conceded.',
    plan: 'Settlement paid.',
    notes: '',
  },
];
