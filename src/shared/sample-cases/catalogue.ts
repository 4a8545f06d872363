import type { TPlatform } from '../platform';
import { HEALTHCARE_SAMPLE_CASES } from './healthcare';
import { LEGAL_SAMPLE_CASES } from './legal';
import { MEDICOLEGAL_SAMPLE_CASES } from './medicolegal';
import type { TSampleCase, TSampleSide } from './sample-case';

// The one catalogue of sample cases (issue 18). The seed shows its organisations' full case load;
// the demo a smaller set with fixed beds and dates around its anchor. A case both show is written
// once; the order of each side's cases is kept (the demo's case ids and the seed's random draws
// follow it).

export const SAMPLE_CASES: { [P in TPlatform]: readonly TSampleCase<P>[] } = {
  healthcare: HEALTHCARE_SAMPLE_CASES,
  legal: LEGAL_SAMPLE_CASES,
  medicolegal: MEDICOLEGAL_SAMPLE_CASES,
};

/** The sample cases one side shows, in that side's order. */
export function sampleCasesFor(platform: TPlatform, side: TSampleSide): TSampleCase[] {
  // Each platform's list is typed with its own people; callers map them with samplePerson().
  return (SAMPLE_CASES[platform] as readonly TSampleCase[]).filter((c) => c.in.includes(side));
}
