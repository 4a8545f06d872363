import type { TPlatform } from '../../../../shared/platform';
import type { TCapability } from '../../../../shared/roles';

// One passage of the help knowledge base: short text written for this product, searched by the
// assistant. Text may hold {cases} / {Cases} / {case} / {client}, filled in with the asker's
// platform terminology (SPEC §1: 'patient cases' on healthcare, 'client cases' on legal and
// medicolegal) when the answer is composed.

export interface Passage {
  id: string;
  /** The screen or topic, as the user sees it named. */
  title: string;
  /** Where it lives; null for topics that are not one screen. */
  route: string | null;
  tags: string[];
  /** The capability a role needs to see this screen (src/shared/roles.ts); absent: everyone. */
  capability?: TCapability;
  /** The platforms that have this screen (SPEC §3.6 feature flags); absent: all three. */
  platforms?: TPlatform[];
  /** True for pages that need no sign-in. */
  public?: boolean;
  text: string;
}
