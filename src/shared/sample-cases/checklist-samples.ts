import { SHIPPED_CHECKLISTS } from '../domain/checklists';
import type { TPlatform } from '../platform';

// One compliance checklist template of its own per sample organisation (issue 20), shared by the
// seed (db/seed/seed-checklists.ts) and demo mode (src/client/demo/fixtures/checklists.ts): a few
// case types get it; every other case gets the platform's shipped template.

export interface TSampleChecklistTemplate {
  name: string;
  caseTypes: readonly string[];
  items: readonly string[];
}

const [S3, CONDONATION, HOD_MANDATE, RECORDS_ASKED, RECORDS_IN, , MERITS_EXPERT, , , FORM_10] = SHIPPED_CHECKLISTS.medicolegal.items as readonly string[];
const [CONFLICT, ENGAGEMENT, FICA] = SHIPPED_CHECKLISTS.legal.items as readonly string[];
const [CONSENT, POPIA] = SHIPPED_CHECKLISTS.healthcare.items as readonly string[];

export const SAMPLE_CHECKLIST_ITEMS = {
  ctg: 'Maternity records and CTG tracings obtained',
  demand: 'Letter of demand sent',
  summons: 'Summons issued and served',
  birthPlan: 'Birth plan and birth companion recorded',
} as const;

export const SAMPLE_CHECKLIST_TEMPLATES: Record<TPlatform, TSampleChecklistTemplate> = {
  medicolegal: {
    name: 'Obstetric claim',
    caseTypes: ['Cerebral Palsy Claim', 'Birth Injury (Erb’s Palsy)', 'Birth Injury Claim'],
    // The Head of Department's mandate is on every claim's checklist: the dashboard counts those awaited.
    items: [S3!, CONDONATION!, HOD_MANDATE!, RECORDS_ASKED!, RECORDS_IN!, SAMPLE_CHECKLIST_ITEMS.ctg, MERITS_EXPERT!, FORM_10!],
  },
  legal: {
    name: 'Litigation matter',
    caseTypes: ['Personal Injury (RAF Claim)', 'Commercial Contract Dispute', 'Labour Court Review'],
    items: [CONFLICT!, ENGAGEMENT!, FICA!, SAMPLE_CHECKLIST_ITEMS.demand, SAMPLE_CHECKLIST_ITEMS.summons],
  },
  healthcare: { name: 'Maternity admission', caseTypes: ['Maternity'], items: [CONSENT!, POPIA!, SAMPLE_CHECKLIST_ITEMS.birthPlan] },
};
