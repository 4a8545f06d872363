import type { TResource } from '../../../shared/domain/education';

// SPEC §3.4: shown only when the organisation has no resources of its own, and labelled as samples
// on screen, so a new organisation sees what the library is for without mistaking these for its own.
const STAMP = '2026-01-15T08:00:00.000Z';

function sample(id: string, fields: Pick<TResource, 'title' | 'description' | 'type' | 'category' | 'duration'>): TResource {
  return { id: `sample-${id}`, targetRoles: [], url: null, createdAt: STAMP, updatedAt: STAMP, ...fields };
}

export const SAMPLE_RESOURCES: readonly TResource[] = [
  sample('popia', {
    title: 'POPIA essentials for case records',
    description: 'What the Protection of Personal Information Act asks of everyone who reads or writes a case file.',
    type: 'course', category: 'compliance', duration: 45,
  }),
  sample('hand-hygiene', {
    title: 'Hand hygiene: the five moments',
    description: 'A short refresher on when and how to clean hands around patients and shared equipment.',
    type: 'video', category: 'safety', duration: 12,
  }),
  sample('handover', {
    title: 'Structured handover with SBAR',
    description: 'Situation, background, assessment and recommendation: a shared shape for passing on a case.',
    type: 'article', category: 'clinical', duration: 10,
  }),
  sample('passwords', {
    title: 'Keeping your account secure',
    description: 'Strong passwords, signing out on shared computers and spotting phishing messages.',
    type: 'pdf', category: 'technology', duration: 8,
  }),
];
