import type { TBillingCode } from '../domain/medical-accounts';

// A STARTER SAMPLE of procedure (tariff) codes for a general practice or a hospital's casualty
// (issue 33, decision 0061). The full coding structure South African schemes use (the CCSA codes,
// and CPT for some specialists) is licensed: the practice imports its own list with its own prices
// (POST /api/tariff-codes/import, CSV `code,description,price,needs_authorisation`), which replaces
// this list for the organisation. The prices here are ILLUSTRATIVE round figures in cents — not a
// scheme's rate, not the old NHRPL, not advice — so a new practice can try the flow end to end.

export const STARTER_TARIFFS: readonly TBillingCode[] = [
  { code: '0190', description: 'Consultation: new or established patient, history and examination of low complexity', priceCents: 520_00, needsAuthorisation: false },
  { code: '0191', description: 'Consultation: new or established patient, history and examination of moderate complexity', priceCents: 680_00, needsAuthorisation: false },
  { code: '0192', description: 'Consultation: new or established patient, history and examination of high complexity', priceCents: 890_00, needsAuthorisation: false },
  { code: '0193', description: 'Consultation: prolonged, of very high complexity', priceCents: 1_150_00, needsAuthorisation: false },
  { code: '0145', description: 'After-hours consultation (emergency, outside normal working hours)', priceCents: 310_00, needsAuthorisation: false },
  { code: '0146', description: 'Unscheduled emergency consultation at the rooms', priceCents: 350_00, needsAuthorisation: false },
  { code: '0147', description: 'Emergency consultation away from the rooms (home visit)', priceCents: 560_00, needsAuthorisation: false },
  { code: '0130', description: 'Telephone or video consultation', priceCents: 300_00, needsAuthorisation: false },
  { code: '0173', description: 'Hospital follow-up visit (ward round), per day', priceCents: 450_00, needsAuthorisation: true },
  { code: '0174', description: 'Hospital admission consultation', priceCents: 780_00, needsAuthorisation: true },
  { code: '0109', description: 'Certificate of illness or fitness, with examination', priceCents: 150_00, needsAuthorisation: false },
  { code: '1232', description: 'Electrocardiogram (ECG), 12-lead, with interpretation', priceCents: 420_00, needsAuthorisation: false },
  { code: '4188', description: 'Urine dipstick analysis', priceCents: 60_00, needsAuthorisation: false },
  { code: '4050', description: 'Blood glucose, finger-prick strip test', priceCents: 55_00, needsAuthorisation: false },
  { code: '1186', description: 'Nebulisation, per session', priceCents: 180_00, needsAuthorisation: false },
  { code: '0300', description: 'Suturing of a small wound (up to 5 cm)', priceCents: 640_00, needsAuthorisation: false },
  { code: '0301', description: 'Suturing of a large or complex wound', priceCents: 980_00, needsAuthorisation: false },
  { code: '0307', description: 'Removal of a foreign body, superficial', priceCents: 420_00, needsAuthorisation: false },
  { code: '0255', description: 'Incision and drainage of an abscess', priceCents: 590_00, needsAuthorisation: false },
  { code: '0205', description: 'Intravenous infusion, setting up', priceCents: 260_00, needsAuthorisation: false },
  { code: '0206', description: 'Intramuscular or subcutaneous injection, administration', priceCents: 90_00, needsAuthorisation: false },
  { code: '0211', description: 'Plaster of Paris cast, forearm', priceCents: 750_00, needsAuthorisation: false },
  { code: '0215', description: 'Wound dressing, large', priceCents: 210_00, needsAuthorisation: false },
  { code: '3621', description: 'Spirometry (lung function), before and after bronchodilator', priceCents: 540_00, needsAuthorisation: false },
  { code: '5101', description: 'X-ray of the chest, one view (in the rooms)', priceCents: 480_00, needsAuthorisation: false },
  { code: '0613', description: 'Minor procedure in theatre, under local anaesthetic', priceCents: 2_400_00, needsAuthorisation: true },
];
