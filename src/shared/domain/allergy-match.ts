import type { TAllergySeverity } from './allergies';

// Does a medication about to be prescribed match a recorded allergy (issue 31)? A plain substring
// test misses the commonest case — "Penicillin" recorded, amoxicillin prescribed — so drugs are
// grouped in classes: an allergy that names a class or any member of it matches every member
// (a reaction to amoxicillin is a penicillin allergy), and a few classes warn of known
// cross-reactivity with another (penicillins and cephalosporins). The table is a safety net for the
// warning a prescriber confirms, not a formulary: a name it does not know still matches itself.

interface DrugClass {
  name: string;
  /** Normalised words (lower case): the class's own names, generics and common South African brands. */
  members: readonly string[];
  /** Classes with known cross-reactivity: warned of as "may cross-react". */
  crossReactsWith?: readonly string[];
}

export const DRUG_CLASSES: readonly DrugClass[] = [
  {
    name: 'penicillins',
    members: [
      'penicillin', 'amoxicillin', 'amoxycillin', 'ampicillin', 'co-amoxiclav', 'coamoxiclav', 'augmentin', 'flucloxacillin', 'cloxacillin',
      'benzylpenicillin', 'phenoxymethylpenicillin', 'benzathine', 'piperacillin', 'tazocin', 'moxypen', 'amoclan',
    ],
    crossReactsWith: ['cephalosporins'],
  },
  {
    name: 'cephalosporins',
    members: [
      'cephalosporin', 'cefalexin', 'cephalexin', 'cefazolin', 'cefuroxime', 'ceftriaxone', 'cefotaxime', 'ceftazidime', 'cefepime', 'cefixime',
      'cefpodoxime', 'cefadroxil', 'cefaclor', 'rocephin', 'zinnat',
    ],
    crossReactsWith: ['penicillins'],
  },
  {
    name: 'sulfonamides',
    members: ['sulfonamide', 'sulphonamide', 'sulfa', 'sulpha', 'co-trimoxazole', 'cotrimoxazole', 'bactrim', 'sulfamethoxazole', 'sulfasalazine', 'sulfadiazine'],
  },
  {
    name: 'NSAIDs',
    members: [
      'nsaid', 'anti-inflammatory', 'ibuprofen', 'diclofenac', 'naproxen', 'indomethacin', 'ketorolac', 'mefenamic', 'meloxicam', 'celecoxib',
      'etoricoxib', 'piroxicam', 'aspirin', 'acetylsalicylic', 'voltaren', 'nurofen', 'ponstan',
    ],
  },
  { name: 'macrolides', members: ['macrolide', 'erythromycin', 'azithromycin', 'clarithromycin', 'zithromax'] },
  { name: 'fluoroquinolones', members: ['quinolone', 'ciprofloxacin', 'levofloxacin', 'moxifloxacin', 'ofloxacin', 'norfloxacin'] },
  { name: 'tetracyclines', members: ['tetracycline', 'doxycycline', 'minocycline'] },
  { name: 'opioids', members: ['opioid', 'opiate', 'codeine', 'morphine', 'pethidine', 'tramadol', 'oxycodone', 'fentanyl', 'tilidine', 'methadone'] },
];

export interface RecordedAllergy {
  substance: string;
  severity: TAllergySeverity;
  enteredInError?: unknown;
}

export interface AllergyMatch {
  substance: string;
  severity: TAllergySeverity;
  /** same: the drug is the substance; class: both are of one class; cross-reactive: related classes. */
  kind: 'same' | 'class' | 'cross-reactive';
  className: string | null;
}

const normalise = (text: string) => ` ${text.toLowerCase().replace(/[^a-z0-9-]+/g, ' ').trim()} `;
const mentions = (text: string, word: string) => text.includes(word);
const classesOf = (text: string) => DRUG_CLASSES.filter((c) => c.members.some((m) => mentions(text, m)));

/** The active allergies a medication name matches, most direct first. Entered-in-error entries never match. */
export function allergyMatches(medication: string, allergies: readonly RecordedAllergy[]): AllergyMatch[] {
  const drug = normalise(medication);
  const drugClasses = classesOf(drug);
  const matches: AllergyMatch[] = [];
  for (const allergy of allergies) {
    if (allergy.enteredInError) continue;
    const substance = normalise(allergy.substance);
    const words = substance.trim().split(' ').filter((w) => w.length >= 4);
    const base = { substance: allergy.substance, severity: allergy.severity };
    if (words.some((w) => mentions(drug, w))) {
      matches.push({ ...base, kind: 'same', className: null });
      continue;
    }
    const allergyClasses = classesOf(substance);
    const shared = allergyClasses.find((c) => drugClasses.includes(c));
    if (shared) {
      matches.push({ ...base, kind: 'class', className: shared.name });
      continue;
    }
    const cross = drugClasses.find((d) => allergyClasses.some((a) => a.crossReactsWith?.includes(d.name)));
    if (cross) matches.push({ ...base, kind: 'cross-reactive', className: cross.name });
  }
  const order = { same: 0, class: 1, 'cross-reactive': 2 } as const;
  return matches.sort((a, b) => order[a.kind] - order[b.kind]);
}

/** The warning a prescriber reads before confirming. */
export function allergyWarning(medication: string, matches: readonly AllergyMatch[]): string {
  const parts = matches.map((m) => {
    const what = `${m.substance} (${m.severity})`;
    if (m.kind === 'same') return `recorded allergy: ${what}`;
    if (m.kind === 'class') return `recorded allergy: ${what}; ${medication} is one of the ${m.className}`;
    return `recorded allergy: ${what}; ${medication} is one of the ${m.className}, which may cross-react`;
  });
  const text = parts.join('. ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}. Confirm to prescribe anyway.`;
}
