import type { TBillingCode } from '../domain/medical-accounts';

// A STARTER SAMPLE of medicine and consumable items (issue 33, decision 0061). The NAPPI list
// (MediKredit) is licensed: the practice imports its own list with its own prices
// (POST /api/nappi-codes/import, CSV `code,description,price,needs_authorisation`), which replaces
// this list for the organisation. The codes below are ILLUSTRATIVE sample codes in NAPPI's shape
// (product + pack suffix), NOT real NAPPI numbers, and the prices are illustrative figures in cents,
// not the single exit price or a scheme's rate — import the real list before claiming.

export const STARTER_NAPPI: readonly TBillingCode[] = [
  { code: '900101001', description: 'Paracetamol 500 mg tablets, 20', priceCents: 28_50, needsAuthorisation: false },
  { code: '900102001', description: 'Ibuprofen 400 mg tablets, 20', priceCents: 36_00, needsAuthorisation: false },
  { code: '900103001', description: 'Amoxicillin 500 mg capsules, 15', priceCents: 74_00, needsAuthorisation: false },
  { code: '900104001', description: 'Amoxicillin/clavulanic acid 875/125 mg tablets, 10', priceCents: 165_00, needsAuthorisation: false },
  { code: '900105001', description: 'Azithromycin 500 mg tablets, 3', priceCents: 98_00, needsAuthorisation: false },
  { code: '900106001', description: 'Metformin 500 mg tablets, 56', priceCents: 45_00, needsAuthorisation: false },
  { code: '900107001', description: 'Amlodipine 5 mg tablets, 30', priceCents: 52_00, needsAuthorisation: false },
  { code: '900108001', description: 'Enalapril 10 mg tablets, 30', priceCents: 48_00, needsAuthorisation: false },
  { code: '900109001', description: 'Hydrochlorothiazide 12.5 mg tablets, 30', priceCents: 31_00, needsAuthorisation: false },
  { code: '900110001', description: 'Simvastatin 20 mg tablets, 30', priceCents: 58_00, needsAuthorisation: false },
  { code: '900111001', description: 'Salbutamol 100 mcg inhaler, 200 doses', priceCents: 89_00, needsAuthorisation: false },
  { code: '900112001', description: 'Budesonide/formoterol 160/4.5 mcg inhaler, 120 doses', priceCents: 410_00, needsAuthorisation: false },
  { code: '900113001', description: 'Prednisone 5 mg tablets, 30', priceCents: 29_00, needsAuthorisation: false },
  { code: '900114001', description: 'Levothyroxine 100 mcg tablets, 30', priceCents: 44_00, needsAuthorisation: false },
  { code: '900115001', description: 'Insulin glargine 100 U/ml pen, 3 ml', priceCents: 320_00, needsAuthorisation: true },
  { code: '900116001', description: 'Ceftriaxone 1 g injection, vial', priceCents: 68_00, needsAuthorisation: false },
  { code: '900117001', description: 'Diclofenac 75 mg/3 ml injection, ampoule', priceCents: 22_00, needsAuthorisation: false },
  { code: '900118001', description: 'Promethazine 25 mg/ml injection, ampoule', priceCents: 19_00, needsAuthorisation: false },
  { code: '900119001', description: 'Sodium chloride 0.9% infusion, 1 litre', priceCents: 42_00, needsAuthorisation: false },
  { code: '900120001', description: "Ringer's lactate infusion, 1 litre", priceCents: 45_00, needsAuthorisation: false },
  { code: '900121001', description: 'Lidocaine 2% injection, 20 ml vial', priceCents: 38_00, needsAuthorisation: false },
  { code: '900122001', description: 'Suture, nylon 4-0, with needle', priceCents: 55_00, needsAuthorisation: false },
  { code: '900123001', description: 'IV cannula 20 G', priceCents: 24_00, needsAuthorisation: false },
  { code: '900124001', description: 'Crepe bandage 75 mm', priceCents: 18_00, needsAuthorisation: false },
  { code: '900125001', description: 'Plaster of Paris bandage 10 cm', priceCents: 34_00, needsAuthorisation: false },
  { code: '900126001', description: 'Tenofovir/emtricitabine/efavirenz tablets, 30', priceCents: 260_00, needsAuthorisation: true },
];
