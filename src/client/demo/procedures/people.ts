import {
  type TPerson,
  type TPersonAccessEntry,
  type TPersonMatch,
  ZCreatePersonInput,
  ZMergePeopleInput,
  ZPersonIdInput,
  ZPersonListInput,
  ZPersonMatchesInput,
  ZUpdatePersonInput,
  personConsistencyIssues,
  personFullName,
} from '../../../shared/domain/people';
import { NAME_SIMILARITY_THRESHOLD, nameSimilarity } from '../../../shared/name-similarity';
import { type DemoContext, myName } from '../context';
import { DemoError, badRequest, conflict, notFound } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';
import { allAppointments } from './appointments';
import { sampleTrail } from './audit';
import { appendEvent, mayRead } from './case-file-state';
import { allCases, visibleCases } from './cases';
import { demoDocuments } from './documents';
import { allParties, casesOfPerson, createDemoPerson, findPerson, livePeople, putParty, putPerson, refuseInconsistent, refuseTakenIdNumber, seesIdNumbers, shownPerson, withIdFacts } from './people-state';
import { partiesProcedures } from './parties';
import { searchProcedures } from './search';

// The person registry in demo mode (issue 19), with the server's rules: an SA ID number fills date
// of birth and sex and must agree with them, a stale version is refused with the current record,
// the duplicate check is exact ID number or a similar name whose known birth date agrees, and a
// merge moves cases and parties and shows on the timelines. Writes go to the session overlay.

const MATCH_LIMIT = 10;

const requirePerson = (ctx: DemoContext, id: string): TPerson => {
  const person = findPerson(ctx, id);
  if (!person) throw notFound('Person');
  return person;
};

interface PersonReadRow {
  id: string;
  personId: string;
  at: string;
}

/** Reads of a person page in this session: the per-person access report lists them, as the server's audit does. */
function recordPersonRead(ctx: DemoContext, personId: string): void {
  ctx.overlay.put<PersonReadRow>('personReads', { id: ctx.newId(), personId, at: ctx.nowIso() });
}

export const peopleProcedures = {
  'people.list': procedure({
    input: ZPersonListInput,
    capability: 'people.view',
    run(ctx, input) {
      const term = input.search?.toLowerCase();
      const digits = term?.replace(/\s+/g, '');
      const byId = digits !== undefined && /^\d+$/.test(digits);
      // As on the server: a role that sees masked numbers finds nobody by one (decision 0042).
      if (byId && !seesIdNumbers(ctx)) return { items: [], total: 0, page: input.page, pageSize: input.pageSize };
      const matching = livePeople(ctx)
        .filter((p) => !input.kind || p.kind === input.kind)
        .filter((p) => !term || (byId ? (p.idNumber ?? '').startsWith(digits) : p.fullName.toLowerCase().includes(term) || p.passportNumber?.toLowerCase() === term))
        .sort((a, b) => a.lastName.localeCompare(b.lastName) || (a.firstName ?? '').localeCompare(b.firstName ?? '') || a.id.localeCompare(b.id));
      const from = (input.page - 1) * input.pageSize;
      return { items: matching.slice(from, from + input.pageSize).map((p) => shownPerson(ctx, p)), total: matching.length, page: input.page, pageSize: input.pageSize };
    },
  }),

  'people.matches': procedure({
    input: ZPersonMatchesInput,
    capability: 'people.view',
    run(ctx, input) {
      const idNumber = seesIdNumbers(ctx) ? input.idNumber?.replace(/\s+/g, '') : undefined;
      const people = livePeople(ctx);
      const cases = visibleCases(ctx);
      const items: TPersonMatch[] = [];
      if (idNumber) for (const person of people.filter((p) => p.idNumber === idNumber)) items.push({ person, reason: 'idNumber', cases: casesOfPerson(ctx, person.id, cases) });
      if (input.name) {
        const name = input.name;
        const similar = people
          .filter((p) => !items.some((m) => m.person.id === p.id))
          // A known birth date that differs from the one typed is another person of a similar name.
          .filter((p) => !(input.dateOfBirth && p.dateOfBirth && p.dateOfBirth !== input.dateOfBirth))
          .map((p) => ({ p, score: nameSimilarity(p.fullName, name) }))
          .filter(({ score }) => score >= NAME_SIMILARITY_THRESHOLD)
          .sort((a, b) => b.score - a.score || a.p.fullName.localeCompare(b.p.fullName));
        for (const { p } of similar) items.push({ person: p, reason: 'name', cases: casesOfPerson(ctx, p.id, cases) });
      }
      return { items: items.slice(0, MATCH_LIMIT).map((m) => ({ ...m, person: shownPerson(ctx, m.person) })) };
    },
  }),

  'people.get': procedure({
    input: ZPersonIdInput,
    capability: 'people.view',
    run(ctx, input) {
      const person = requirePerson(ctx, input.id);
      const visible = visibleCases(ctx);
      const cases = casesOfPerson(ctx, person.id, visible);
      // A restricted case without need to know is listed, but its appointments and documents are not.
      const readable = new Set(visible.filter((c) => cases.some((pc) => pc.id === c.id) && mayRead(ctx, c)).map((c) => c.id));
      const appointments = allAppointments(ctx)
        .filter((a) => a.caseId !== null && readable.has(a.caseId))
        .map((a) => ({ id: a.id, caseId: a.caseId, title: a.title, startTime: a.startTime, status: a.status }));
      const documents = demoDocuments(ctx)
        .filter((d) => readable.has(d.caseId))
        .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt))
        .map((d) => ({ id: d.id, caseId: d.caseId, fileName: d.fileName, uploadedAt: d.uploadedAt }));
      recordPersonRead(ctx, person.id);
      return { ...shownPerson(ctx, person), cases, appointments, documents };
    },
  }),

  'people.create': procedure({
    input: ZCreatePersonInput,
    capability: 'people.manage',
    run: (ctx, input) => createDemoPerson(ctx, input),
  }),

  'people.update': procedure({
    input: ZUpdatePersonInput,
    capability: 'people.manage',
    run(ctx, input) {
      const current = requirePerson(ctx, input.id);
      if (current.mergedIntoId) {
        const survivor = findPerson(ctx, current.mergedIntoId);
        throw new DemoError('CONFLICT', `This record was merged into ${survivor?.fullName ?? 'another person'}; edit that one.`, undefined, { current });
      }
      if (input.expectedVersion !== current.version) {
        throw new DemoError('CONFLICT', 'This person was changed by someone else. Reload to see the changes.', undefined, { current });
      }
      const { id: _id, expectedVersion: _version, ...changes } = input;
      const next: TPerson = { ...current };
      for (const [key, value] of Object.entries(changes)) if (value !== undefined) (next as Record<string, unknown>)[key] = value;
      const filled = withIdFacts(next);
      refuseInconsistent(filled);
      if (filled.idNumber !== current.idNumber) refuseTakenIdNumber(ctx, filled.idNumber, current.id);
      return putPerson(ctx, { ...filled, fullName: personFullName(filled), version: current.version + 1, updatedAt: ctx.nowIso() });
    },
  }),

  'people.merge': procedure({
    input: ZMergePeopleInput,
    capability: 'people.merge',
    run(ctx, input) {
      if (input.id === input.duplicateId) throw badRequest('Input validation failed', { duplicateId: 'Choose another record to merge into this one' });
      const survivor = requirePerson(ctx, input.id);
      const duplicate = requirePerson(ctx, input.duplicateId);
      if (survivor.mergedIntoId || duplicate.mergedIntoId) throw conflict('One of these records has already been merged into another person.');
      if (survivor.idNumber && duplicate.idNumber && survivor.idNumber !== duplicate.idNumber) {
        throw conflict('The two records have different ID numbers: they are not the same person.');
      }
      // The survivor keeps what it has and takes what only the duplicate knows.
      const merged: TPerson = { ...survivor };
      const fillable = ['userId', 'idNumber', 'passportNumber', 'passportCountry', 'dateOfBirth', 'sex', 'phone', 'email', 'address', 'preferredLanguage', 'medicalAid', 'notes'] as const;
      for (const key of fillable) if (merged[key] === null && duplicate[key] !== null) (merged as Record<string, unknown>)[key] = duplicate[key];
      if (personConsistencyIssues(merged).length > 0) throw conflict('The two records disagree on date of birth or sex: they are not the same person.');
      const now = ctx.nowIso();

      let movedCases = 0;
      for (const kase of allCases(ctx).filter((c) => c.personId === duplicate.id)) {
        // The case keeps the name it was opened under.
        ctx.overlay.put('cases', { ...kase, personId: survivor.id });
        movedCases += 1;
      }
      let movedParties = 0;
      const parties = allParties(ctx);
      for (const row of parties.filter((p) => p.personId === duplicate.id)) {
        const twin = parties.some((p) => p.caseId === row.caseId && p.personId === survivor.id && p.role === row.role);
        if (twin) putParty(ctx, { ...row, removed: true });
        else {
          putParty(ctx, { ...row, personId: survivor.id });
          movedParties += 1;
        }
      }
      const person = putPerson(ctx, { ...merged, version: survivor.version + 1, updatedAt: now });
      putPerson(ctx, { ...duplicate, userId: merged.userId === duplicate.userId ? null : duplicate.userId, mergedIntoId: survivor.id, version: duplicate.version + 1, updatedAt: now });
      const touched = new Set(casesOfPerson(ctx, survivor.id, allCases(ctx)).map((c) => c.id));
      for (const caseId of touched) appendEvent(ctx, caseId, 'person.merged', `Person records merged: ${duplicate.fullName} into ${survivor.fullName}`);
      return { person, movedCases, movedParties };
    },
  }),

  'people.accessReport': procedure({
    input: ZPersonIdInput,
    capability: 'audit.view',
    run(ctx, input) {
      const person = requirePerson(ctx, input.id);
      // As the server: the audit entries of the cases that are this person's, and reads of the person record.
      const cases = new Map(allCases(ctx).filter((c) => c.personId === person.id).map((c) => [c.id, c]));
      const items: TPersonAccessEntry[] = sampleTrail(ctx)
        .filter((e) => e.caseId !== null && cases.has(e.caseId))
        .map((e) => ({
          at: e.occurredAt, userId: e.userId, userName: e.userName ?? 'Unknown user', role: e.role, action: e.action, entityType: e.entityType,
          caseId: e.caseId, caseReference: cases.get(e.caseId!)?.reference ?? null, outcome: e.outcome,
        }));
      for (const read of ctx.overlay.rows<PersonReadRow>('personReads').filter((r) => r.personId === person.id)) {
        items.push({ at: read.at, userId: ctx.me.id, userName: myName(ctx), role: ctx.me.role, action: 'read', entityType: 'person', caseId: null, caseReference: null, outcome: 'success' });
      }
      return { person: { id: person.id, fullName: person.fullName }, items: items.sort((a, b) => a.at.localeCompare(b.at)) };
    },
  }),

  ...partiesProcedures,
  ...searchProcedures,
} satisfies Partial<DemoProcedures>;
