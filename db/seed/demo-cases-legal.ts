import { sampleCasesFor } from '../../src/shared/sample-cases/catalogue';
import type { CaseTemplate } from './case-template';
import { templateOf } from './sample-case-template';

// The legal organisation's cases come from the catalogue the demo shares (src/shared/sample-cases).
export const LEGAL_CASES: readonly CaseTemplate[] = sampleCasesFor('legal', 'seed').map((sample) => templateOf('legal', sample));
