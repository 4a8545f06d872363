import { sampleCasesFor } from '../../src/shared/sample-cases/catalogue';
import type { CaseTemplate } from './case-template';
import { templateOf } from './sample-case-template';

// The medicolegal organisation's cases come from the catalogue the demo shares (src/shared/sample-cases).
export const MEDICOLEGAL_CASES: readonly CaseTemplate[] = sampleCasesFor('medicolegal', 'seed').map((sample) => templateOf('medicolegal', sample));
