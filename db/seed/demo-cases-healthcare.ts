import { sampleCasesFor } from '../../src/shared/sample-cases/catalogue';
import type { CaseTemplate } from './case-template';
import { templateOf } from './sample-case-template';

// The healthcare organisation's cases come from the catalogue the demo shares (src/shared/sample-cases).
export const HEALTHCARE_CASES: readonly CaseTemplate[] = sampleCasesFor('healthcare', 'seed').map((sample) => templateOf('healthcare', sample));
