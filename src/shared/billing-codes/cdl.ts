// The Chronic Disease List (Medical Schemes Act 131 of 1998, Regulations, Annexure A): conditions a
// scheme must cover as prescribed minimum benefits (PMB) whatever the option. Sources count it as 25
// conditions (diabetes mellitus types 1 and 2 as one), or 26 or 27 with HIV/AIDS, which schemes list
// beside it as a PMB; here diabetes is two entries and HIV/AIDS is in: 27 entries. Each condition with
// the ICD-10 code prefixes that identify it in the CMS's CDL coding (a code matches when it equals a
// prefix or continues it after a dot or a further character, so I10 matches I10 and E11 matches E11.9).
// A charge carrying any such diagnosis is flagged PMB (issue 33, decision 0061). The scheme's own PMB
// rules (the treatment algorithms, designated service providers) still apply; this is the flag only.

export interface CdlCondition {
  id: string;
  name: string;
  /** ICD-10 code prefixes: a 3-character category (E11) or a subcategory (E27.1). */
  prefixes: readonly string[];
}

/** I20–I21, B20–B24 and so on spelled out as categories. */
const range = (letter: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${letter}${String(from + i).padStart(2, '0')}`);

export const CDL_CONDITIONS: readonly CdlCondition[] = [
  { id: 'addisons-disease', name: "Addison's disease", prefixes: ['E27.1', 'E27.2'] },
  { id: 'asthma', name: 'Asthma', prefixes: ['J45', 'J46'] },
  { id: 'bipolar-mood-disorder', name: 'Bipolar mood disorder', prefixes: ['F31'] },
  { id: 'bronchiectasis', name: 'Bronchiectasis', prefixes: ['J47'] },
  { id: 'cardiac-failure', name: 'Cardiac failure', prefixes: ['I50'] },
  { id: 'cardiomyopathy', name: 'Cardiomyopathy', prefixes: ['I42'] },
  { id: 'copd', name: 'Chronic obstructive pulmonary disease', prefixes: ['J44'] },
  { id: 'chronic-renal-disease', name: 'Chronic renal disease', prefixes: ['N18'] },
  { id: 'coronary-artery-disease', name: 'Coronary artery disease', prefixes: ['I25', ...range('I', 20, 21)] },
  { id: 'crohns-disease', name: "Crohn's disease", prefixes: ['K50'] },
  { id: 'diabetes-insipidus', name: 'Diabetes insipidus', prefixes: ['E23.2'] },
  { id: 'diabetes-type-1', name: 'Diabetes mellitus type 1', prefixes: ['E10'] },
  { id: 'diabetes-type-2', name: 'Diabetes mellitus type 2', prefixes: ['E11'] },
  { id: 'dysrhythmias', name: 'Dysrhythmias', prefixes: range('I', 47, 49) },
  { id: 'epilepsy', name: 'Epilepsy', prefixes: ['G40'] },
  { id: 'glaucoma', name: 'Glaucoma', prefixes: ['H40'] },
  { id: 'haemophilia', name: 'Haemophilia', prefixes: ['D66', 'D67', 'D68.0'] },
  { id: 'hiv', name: 'HIV/AIDS', prefixes: [...range('B', 20, 24), 'Z21'] },
  { id: 'hyperlipidaemia', name: 'Hyperlipidaemia', prefixes: ['E78'] },
  { id: 'hypertension', name: 'Hypertension', prefixes: range('I', 10, 15) },
  { id: 'hypothyroidism', name: 'Hypothyroidism', prefixes: ['E03'] },
  { id: 'multiple-sclerosis', name: 'Multiple sclerosis', prefixes: ['G35'] },
  { id: 'parkinsons-disease', name: "Parkinson's disease", prefixes: ['G20'] },
  { id: 'rheumatoid-arthritis', name: 'Rheumatoid arthritis', prefixes: ['M05', 'M06'] },
  { id: 'schizophrenia', name: 'Schizophrenia', prefixes: ['F20'] },
  { id: 'sle', name: 'Systemic lupus erythematosus', prefixes: ['M32'] },
  { id: 'ulcerative-colitis', name: 'Ulcerative colitis', prefixes: ['K51'] },
];

function matches(code: string, prefix: string): boolean {
  if (code === prefix) return true;
  if (!code.startsWith(prefix)) return false;
  // E11 matches E11.9; E27.1 matches E27.1 and a longer E27.1x; I10 does not match I100 (no such code) by accident only.
  const next = code[prefix.length];
  return prefix.includes('.') ? /[0-9A-Z]/.test(next ?? '') : next === '.';
}

/** The CDL condition an ICD-10 code belongs to, or null. Case and surrounding spaces are ignored. */
export function cdlConditionOf(icd10Code: string): CdlCondition | null {
  const code = icd10Code.trim().toUpperCase();
  if (code === '') return null;
  return CDL_CONDITIONS.find((c) => c.prefixes.some((p) => matches(code, p))) ?? null;
}

/** True when any of the codes is a CDL condition: the line is a prescribed minimum benefit. */
export function isPmb(icd10Codes: readonly string[]): boolean {
  return icd10Codes.some((c) => cdlConditionOf(c) !== null);
}
