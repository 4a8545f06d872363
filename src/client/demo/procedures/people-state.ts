import type { TCaseParty } from '../../../shared/domain/case-parties';
import type { TCase } from '../../../shared/domain/cases';
import { type TPerson, type TPersonCase, idNumberTaken, personConsistencyIssues, personFullName } from '../../../shared/domain/people';
import { can } from '../../../shared/roles';
import { checkSaIdNumber, maskSaIdNumber } from '../../../shared/sa/sa-id-number';
import { type DemoContext, nameOf } from '../context';
import { DemoError, badRequest } from '../demo-error';
import { demoCases } from '../fixtures/cases';
import { type DemoPartyRow, demoParties, demoPeople } from '../fixtures/registry';

// The person registry and the case parties of a demo session: fixtures (fixtures/registry.ts) with
// this session's writes laid over them, shared by the people, parties and search procedures.

/** Whether the visitor's role reads full ID numbers (decision 0042), as the server decides it. */
export function seesIdNumbers(ctx: DemoContext): boolean {
  return can({ role: ctx.identity.role, isSuperAdmin: ctx.isSuperAdmin }, 'people.idNumbers');
}

/** The ID number as the visitor may see it: whole, or masked (`550212 **** 08 6`). */
export function idNumberShown(ctx: DemoContext, idNumber: string | null): string | null {
  return idNumber === null || seesIdNumbers(ctx) ? idNumber : maskSaIdNumber(idNumber);
}

/** A person as the visitor may read it. */
export function shownPerson<T extends TPerson>(ctx: DemoContext, person: T): T {
  return { ...person, idNumber: idNumberShown(ctx, person.idNumber) };
}

/** Every person record of the organisation, merged-away ones included. */
export function allPeople(ctx: DemoContext): TPerson[] {
  return ctx.overlay.merge<TPerson>('people', demoPeople(ctx.platform, demoCases(ctx.platform, ctx.anchor, () => null)));
}

/** The records in use: a merged-away record only points at its survivor. */
export const livePeople = (ctx: DemoContext): TPerson[] => allPeople(ctx).filter((p) => !p.mergedIntoId);

export const findPerson = (ctx: DemoContext, id: string): TPerson | undefined => allPeople(ctx).find((p) => p.id === id);

export function putPerson(ctx: DemoContext, person: TPerson): TPerson {
  return ctx.overlay.put<TPerson>('people', person);
}

/** Every party row still on its case. */
export function allParties(ctx: DemoContext): DemoPartyRow[] {
  return ctx.overlay.merge<DemoPartyRow>('caseParties', demoParties(ctx.platform, ctx.anchor)).filter((row) => !row.removed);
}

export function putParty(ctx: DemoContext, row: DemoPartyRow): DemoPartyRow {
  return ctx.overlay.put<DemoPartyRow>('caseParties', row);
}

/** The part the case's own person plays: the patient on healthcare, the client elsewhere. */
export const casePersonRole = (ctx: DemoContext): string => (ctx.platform === 'healthcare' ? 'patient' : 'client');

export function toPersonCase(kase: TCase, role: string): TPersonCase {
  return {
    id: kase.id, reference: kase.reference, patientName: kase.patientName, caseType: kase.caseType, status: kase.status,
    createdAt: kase.createdAt, role, restricted: kase.restricted,
  };
}

/** Every case of `cases` the person is in, as the case's person or as a party (one row per role), newest first. */
export function casesOfPerson(ctx: DemoContext, personId: string, cases: readonly TCase[]): TPersonCase[] {
  const byId = new Map(cases.map((c) => [c.id, c]));
  const rows: TPersonCase[] = cases.filter((c) => c.personId === personId).map((c) => toPersonCase(c, casePersonRole(ctx)));
  for (const party of allParties(ctx)) {
    const kase = party.personId === personId ? byId.get(party.caseId) : undefined;
    if (kase) rows.push(toPersonCase(kase, party.role));
  }
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id) || a.role.localeCompare(b.role));
}

export function toCaseParty(ctx: DemoContext, row: DemoPartyRow): TCaseParty {
  const person = findPerson(ctx, row.personId);
  return {
    id: row.id, caseId: row.caseId, personId: row.personId, name: person?.fullName ?? 'Unknown person', kind: person?.kind ?? 'person',
    role: row.role, idNumber: idNumberShown(ctx, person?.idNumber ?? null), notes: row.notes, addedAt: row.addedAt, addedByName: nameOf(ctx, row.addedById) ?? 'Former member',
  };
}

/** Date of birth and sex from a valid ID number where the record leaves them out. */
export function withIdFacts<T extends { idNumber?: string | null; dateOfBirth?: string | null; sex?: TPerson['sex'] }>(p: T): T {
  const check = p.idNumber ? checkSaIdNumber(p.idNumber) : null;
  if (!check?.ok) return p;
  return { ...p, dateOfBirth: p.dateOfBirth ?? check.facts.dateOfBirth, sex: p.sex ?? check.facts.sex };
}

export function refuseInconsistent(p: Parameters<typeof personConsistencyIssues>[0]): void {
  const issues = personConsistencyIssues(p);
  if (issues.length === 0) return;
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path] ??= issue.message;
  throw badRequest('Input validation failed', fields);
}

/** As the server: an SA ID number another live record holds is a 409 naming that person (issue 32). */
export function refuseTakenIdNumber(ctx: DemoContext, idNumber: string | null | undefined, exceptId?: string): void {
  if (!idNumber) return;
  const holder = livePeople(ctx).find((p) => p.idNumber === idNumber && p.id !== exceptId);
  if (!holder) return;
  const taken = idNumberTaken(holder.fullName);
  throw new DemoError('CONFLICT', taken.message, { idNumber: taken.field }, { existing: { id: holder.id, name: holder.fullName } });
}

/** A person made in this session (people.create, or cases.create from a bare patient name). */
export function createDemoPerson(ctx: DemoContext, fields: Omit<TPerson, 'id' | 'fullName' | 'userId' | 'mergedIntoId' | 'version' | 'createdAt' | 'updatedAt'>, options: { checked?: boolean } = {}): TPerson {
  const now = ctx.nowIso();
  const facts = withIdFacts(fields);
  // A person made from a case's bare patient name is not checked (the server's resolveCasePerson is not either).
  if (options.checked !== false) {
    refuseInconsistent(facts);
    refuseTakenIdNumber(ctx, facts.idNumber);
  }
  return putPerson(ctx, { id: ctx.newId(), ...facts, fullName: personFullName(facts), userId: null, mergedIntoId: null, version: 1, createdAt: now, updatedAt: now });
}

/** For cases.create: the person named, of this organisation and not merged away (else 400 naming personId). */
export function requireCasePerson(ctx: DemoContext, personId: string): TPerson {
  const person = allPeople(ctx).find((p) => p.id === personId);
  if (!person) throw badRequest('Person not found in this organisation', { personId: 'Person not found in this organisation' });
  if (person.mergedIntoId) throw badRequest('This record was merged into another person', { personId: 'This record was merged into another person; choose that one' });
  return person;
}
