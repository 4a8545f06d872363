import { CASE_NOTE_KINDS, type TCaseNote } from '../../../shared/domain/case-notes';
import type { TCase } from '../../../shared/domain/cases';
import type { TPerson } from '../../../shared/domain/people';
import { SEARCH_RESULTS_PER_KIND, type TSearchResult, ZSearchInput } from '../../../shared/domain/search';
import { type TCapability, can } from '../../../shared/roles';
import type { DemoContext } from '../context';
import { type DemoProcedures, procedure } from '../procedure';
import { fixtureNotes, readableCases } from './case-file-state';
import { demoDocuments } from './documents';
import { livePeople } from './people-state';

// The header search in demo mode (issue 19): people (name, ID number), cases (name, reference,
// type), documents (file name) and notes (text), each kind only for a role that may read it, and
// only from cases the visitor may read (a restricted case of another team stays out, as openCase).

const casePath = (ctx: DemoContext, caseId: string) => `/${ctx.platform === 'healthcare' ? 'patients' : 'clients'}/${caseId}`;
const caseTitle = (kase: TCase) => (kase.reference ? `${kase.reference} · ${kase.patientName}` : kase.patientName);

function personSubtitle(person: TPerson): string {
  if (person.kind === 'organization') return 'Organisation';
  const parts = [
    person.idNumber ? `ID ${person.idNumber.slice(0, 6)}…` : null,
    !person.idNumber && person.passportNumber ? `Passport (${person.passportCountry ?? 'foreign'})` : null,
    person.dateOfBirth ? `born ${person.dateOfBirth}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Person';
}

function snippet(body: string, term: string): string {
  const at = body.toLowerCase().indexOf(term);
  const from = Math.max(0, at - 40);
  const text = body.slice(from, from + 120).replace(/\s+/g, ' ').trim();
  return `${from > 0 ? '…' : ''}${text}${from + 120 < body.length ? '…' : ''}`;
}

type NoteRow = TCaseNote & { caseId: string };

export const searchProcedures = {
  'search.search': procedure({
    input: ZSearchInput,
    capability: 'search.use',
    run(ctx, input) {
      const term = input.q.toLowerCase();
      const may = (capability: TCapability) => can({ role: ctx.identity.role, isSuperAdmin: ctx.isSuperAdmin }, capability);
      const cases = readableCases(ctx).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
      const caseById = new Map(cases.map((c) => [c.id, c]));
      const items: TSearchResult[] = [];
      const take = <T>(rows: T[], toResult: (row: T) => TSearchResult) => items.push(...rows.slice(0, SEARCH_RESULTS_PER_KIND).map(toResult));

      if (may('people.view')) {
        const digits = term.replace(/\s+/g, '');
        const byId = /^\d+$/.test(digits);
        // As on the server: an ID-shaped term finds nobody for a role that sees masked numbers.
        if (!byId || may('people.idNumbers')) take(
          livePeople(ctx)
            .filter((p) => (byId ? (p.idNumber ?? '').startsWith(digits) : p.fullName.toLowerCase().includes(term)))
            .sort((a, b) => a.lastName.localeCompare(b.lastName) || (a.firstName ?? '').localeCompare(b.firstName ?? '')),
          (p) => ({ kind: 'person', id: p.id, title: p.fullName, subtitle: personSubtitle(p), href: `/people/${p.id}` }),
        );
      }
      if (may('cases.view')) {
        take(
          cases.filter((c) => [c.patientName, c.reference ?? '', c.caseType].some((text) => text.toLowerCase().includes(term))),
          (c) => ({ kind: 'case', id: c.id, title: caseTitle(c), subtitle: `${c.caseType} · ${c.status}`, href: casePath(ctx, c.id) }),
        );
      }
      if (may('legalDocuments.view') || may('caseFile.view')) {
        take(
          demoDocuments(ctx)
            .filter((d) => caseById.has(d.caseId) && d.fileName.toLowerCase().includes(term))
            .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt)),
          (d) => ({ kind: 'document', id: d.id, title: d.fileName, subtitle: caseTitle(caseById.get(d.caseId)!), href: `${casePath(ctx, d.caseId)}?tab=documents` }),
        );
      }
      if (may('caseFile.view')) {
        // The latest version of each note: an amended one is found through its amendment.
        const base: NoteRow[] = cases.flatMap((kase) => fixtureNotes(ctx, kase).map((note) => ({ ...note, caseId: kase.id })));
        take(
          ctx.overlay
            .merge<NoteRow>('caseNotes', base)
            .filter((n) => caseById.has(n.caseId) && !n.amendedById && n.body.toLowerCase().includes(term))
            .sort((a, b) => b.at.localeCompare(a.at)),
          (n) => ({
            kind: 'note', id: n.id, title: `${CASE_NOTE_KINDS[n.kind]} · ${caseById.get(n.caseId)!.patientName}`, subtitle: snippet(n.body, term),
            href: `${casePath(ctx, n.caseId)}?tab=notes`,
          }),
        );
      }
      return { items };
    },
  }),
} satisfies Partial<DemoProcedures>;
