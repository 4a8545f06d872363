import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema';
import type { Context } from '../trpc';
import { pdfText } from './pdf-text';

// The canaries and inputs of the need-to-know walk (src/server/need-to-know-walk.test.ts).

export const CANARY = 'CANARY_';
// pdf-lib writes text as hex strings: "CANARY_" in the standard fonts' encoding.
const CANARY_HEX = Buffer.from(CANARY, 'latin1').toString('hex').toUpperCase();

/**
 * The free-text columns of every table bound to a case (by `case_id` / `patient_case_id`), and of
 * the tables bound to those. A table found bound to a case that is in neither list fails the walk
 * until someone decides which of its columns are narrative.
 */
const CANARY_COLUMNS: Record<string, string[]> = {
  cases: ['case_type', 'description', 'department', 'treatment_plan', 'notes', 'bed_number'],
  appointments: ['title', 'description', 'location'],
  case_notes: ['body'],
  case_parties: ['notes'],
  case_events: ['summary'],
  case_conflict_checks: ['note'],
  case_deadlines: ['explanation'],
  deadline_outcomes: ['reason'],
  case_experts: ['discipline', 'registration_number'],
  checklist_items: ['label'],
  court_matters: ['case_number', 'caselines_reference'],
  documents: ['file_name', 'source_facility'],
  encounters: ['subjective', 'objective', 'assessment', 'plan'],
  hearings: ['venue', 'judge', 'outcome', 'notes'],
  medications: ['name', 'dosage', 'frequency', 'instructions'],
  medication_administrations: ['dose', 'not_given_reason'],
  messages: ['subject', 'content'],
  settlement_events: ['note'],
  tasks: ['title'],
  test_results: ['test_name', 'result_summary', 'reference_range', 'value'],
  time_entries: ['description'],
  // Issue 33: a charge's code description, modifier, authorisation number and void reason are the case's (what was done
  // for the patient); its ICD-10 codes are JSON the walk leaves parseable.
  charges: ['description', 'modifier', 'authorisation_number', 'void_reason'],
  // Issue 34: what was paid out on the matter, and the client's name and address on its fee notes.
  disbursements: ['description'],
  fee_notes: ['client_name', 'client_address'],
  // Issue 34: how the matter's normal fees are reckoned, in the contingency-fee agreement.
  contingency_agreements: ['normal_fee_basis'],
};
/** Bound to a case but holding no narrative, or the security record itself. */
// conflict_checks (issue 32): the parties searched for (names, ID numbers: identity, not narrative) and
// the matter it was attached to; its hits name their matter by matched_case_id and are read through it.
const NO_NARRATIVE = new Set(['admissions', 'bed_assignments', 'case_team', 'break_glass_grants', 'audit_events', 'observations', 'conflict_checks',
  // Issue 33: an account is a number, a date and sums; its lines' narrative is the charge's (CANARY_COLUMNS.charges).
  'accounts', 'account_sums',
  // Issue 34: a matter's trust balances are sums; trust entries are append-only in the database itself (a trigger
  // refuses the canaries' UPDATE) and are read only through trust.ledger, which passes requireMatterFees (the team
  // rule) and requireCaseAccess (restriction) like every fee read; an investment's narrative is its bank's name.
  'trust_balances', 'trust_entries', 'trust_investments']);

const canaryOf = (table: string, column: string) => `${CANARY}${table}_${column}`;

export interface BoundTable {
  name: string;
  columns: string[];
}

/**
 * Makes every case restricted and plants the canaries; answers the case-bound tables (the audit
 * trail and break-glass grants left out: refusals are recorded there, as they should be).
 */
export async function plantCanaries(db: Kysely<DB>): Promise<BoundTable[]> {
  const tables = (await db.introspection.getTables()).map((table) => ({ name: table.name, columns: table.columns.map((c) => c.name) }));
  const bound = tables.filter((table) => table.columns.includes('case_id') || table.columns.includes('patient_case_id') || table.name === 'cases');
  const undecided = bound.map((table) => table.name).filter((table) => !CANARY_COLUMNS[table] && !NO_NARRATIVE.has(table));
  if (undecided.length > 0) throw new Error(`Tables bound to a case with no canary columns decided: ${undecided.join(', ')}`);
  await db.updateTable('cases').set({ restricted: 1 }).execute();
  for (const [table, columns] of Object.entries(CANARY_COLUMNS)) {
    const sets = columns.map((column) => sql`${sql.ref(column)} = ${canaryOf(table, column)}`);
    // Only the rows bound to a case: a message or appointment about no case is not the case's.
    const caseColumn = table === 'cases' ? 'id' : table === 'messages' ? 'patient_case_id' : 'case_id';
    await sql`update ${sql.table(table)} set ${sql.join(sets)} where ${sql.ref(caseColumn)} is not null`.execute(db);
  }
  // JSON text a screen shows: the case's urgent flags, the timeline's old → new values, diagnoses.
  await db.updateTable('cases').set({ urgent_flags: JSON.stringify([canaryOf('cases', 'urgent_flags')]) }).execute();
  await db.updateTable('case_events').set({ details: JSON.stringify({ changes: [{ field: 'notes', label: 'Notes', from: canaryOf('case_events', 'from'), to: canaryOf('case_events', 'to') }] }) }).execute();
  await db.updateTable('encounter_diagnoses').set({ description: canaryOf('encounter_diagnoses', 'description') }).execute();
  return bound.filter((table) => table.name !== 'audit_events' && table.name !== 'break_glass_grants');
}

/** Every canary found in an answer (a value, or bytes: JSON, CSV, .ics, PDF). */
export function canariesIn(answer: unknown): string[] {
  // A PDF's words are in deflated streams: read its drawn text too (issue 31 found the bytes alone blind).
  const text = Buffer.isBuffer(answer) ? `${answer.toString('latin1')}\n${answer.subarray(0, 5).toString() === '%PDF-' ? pdfText(answer) : ''}` : JSON.stringify(answer ?? null);
  const found = new Set(text.match(/CANARY_[a-z0-9_]+/gi) ?? []);
  if (text.toUpperCase().includes(CANARY_HEX)) found.add('CANARY (hex, in a PDF)');
  return [...found];
}

/** Which table's row an id field names, by the field's name. */
const KIND_OF_KEY: Record<string, string> = {
  caseId: 'cases', patientCaseId: 'cases', noteId: 'case_notes', appointmentId: 'appointments', partyId: 'case_parties',
  encounterId: 'encounters', taskId: 'tasks', documentId: 'documents', reportDocumentId: 'documents', hearingId: 'hearings',
  expertId: 'case_experts', settlementId: 'settlement_events', messageId: 'messages', parentId: 'messages', admissionId: 'admissions',
  resultId: 'test_results', medicationId: 'medications', personId: 'person', bedId: 'bed', itemId: 'checklist_items',
  chatId: 'none', userId: 'self', duplicateId: 'person', templateId: 'none',
};
/** Which table the `id` of a router group's procedures names, besides (or instead of) the case. */
const KIND_OF_GROUP: Record<string, string> = {
  appointments: 'appointments', notes: 'case_notes', tasks: 'tasks', messages: 'messages', documents: 'documents',
  hearings: 'hearings', experts: 'case_experts', settlements: 'settlement_events', checklists: 'checklist_items', deadlines: 'case_deadlines',
  encounters: 'encounters', results: 'test_results', medications: 'medications', admissions: 'admissions', costs: 'time_entries',
  parties: 'case_parties', people: 'person', beds: 'bed', notifications: 'none', education: 'none', crm: 'none', support: 'none',
  users: 'self', organizations: 'none', platform: 'none', invitations: 'none', account: 'none',
};
/** The kinds of row an id field (or path parameter) of a procedure of `group` is tried with. */
function kindsOf(key: string, group: string, all: string[]): string[] {
  if (key === 'id') return KIND_OF_GROUP[group] === 'none' ? ['none'] : KIND_OF_GROUP[group] ? [KIND_OF_GROUP[group]!, 'cases'] : all;
  return KIND_OF_KEY[key] ? [KIND_OF_KEY[key]!] : all;
}

const ID_TABLES = ['case_notes', 'appointments', 'case_parties', 'encounters', 'tasks', 'documents', 'hearings', 'case_experts', 'settlement_events', 'messages', 'admissions', 'test_results', 'medications', 'checklist_items', 'time_entries', 'case_deadlines'] as const;

export interface Walker {
  role: string;
  organizationId: string;
  context: Context;
  cookie: string;
  ids: Ids;
}

export interface Ids {
  of(kind: string): string;
  kinds(): string[];
  /** The route with its `:params` filled; `group`: the router group of the procedure behind it. */
  urlsFor(route: string, group?: string): string[];
}

/** One restricted row of each kind in the organisation (the case with the most timeline lines). */
export async function idKinds(db: Kysely<DB>, organizationId: string, selfId = 'none'): Promise<Ids> {
  const byKind = new Map<string, string>();
  const busiest = await db.selectFrom('case_events').select('case_id').where('organization_id', '=', organizationId)
    .groupBy('case_id').orderBy(sql`count(*)`, 'desc').limit(1).executeTakeFirst();
  const kase = busiest?.case_id ?? (await db.selectFrom('cases').select('id').where('organization_id', '=', organizationId).executeTakeFirstOrThrow()).id;
  byKind.set('cases', kase);
  for (const table of ID_TABLES) {
    const row = await sql<{ id: string }>`select id from ${sql.table(table)} where organization_id = ${organizationId} order by id limit 1`.execute(db);
    if (row.rows[0]) byKind.set(table, row.rows[0].id);
  }
  const person = await db.selectFrom('cases').select('person_id').where('organization_id', '=', organizationId).where('person_id', 'is not', null).executeTakeFirst();
  if (person?.person_id) byKind.set('person', person.person_id);
  const bed = await db.selectFrom('beds').select('id').where('organization_id', '=', organizationId).executeTakeFirst();
  if (bed) byKind.set('bed', bed.id);
  byKind.set('self', selfId);
  const kinds_ = [...byKind.keys()];
  return {
    of: (kind) => byKind.get(kind) ?? kase,
    kinds: () => kinds_,
    urlsFor(route, group) {
      const params = route.match(/:\w+/g) ?? [];
      if (params.length === 0) return [route];
      // A route of a procedure (the REST adapter) tries the kinds its procedure would; a plain route every kind.
      let urls = [route];
      for (const param of params) {
        const kinds = group ? kindsOf(param.slice(1), group, kinds_) : kinds_.filter((k) => k !== 'self');
        urls = urls.flatMap((url) => kinds.map((kind) => url.replace(param, encodeURIComponent(byKind.get(kind) ?? 'no-such-row'))));
      }
      return urls;
    },
  };
}

// ---- inputs from a procedure's own schema (zod 4) ----

type ZodLike = { _zod: { def: Record<string, any> }; safeParse(value: unknown): { success: boolean } };
const OMIT = Symbol('omit');
const isIdKey = (key: string) => key === 'id' || /Id$/.test(key) || /Ids$/.test(key);
const isSearchKey = (key: string) => /^(search|q|query|term)$/.test(key);
const STRINGS = ['Walk check text, long enough', '2026-12-01T08:00:00.000Z', '2026-12-01', 'walker@example.com', '08:00', 'E11', 'x', '1', '2026-12'];

function stringFor(schema: ZodLike, key: string): string | undefined {
  const preferred = /email/i.test(key) ? ['walker@example.com'] : /(At|Time|time)$|^(from|to)$/.test(key) ? ['2026-12-01T08:00:00.000Z', '2026-12-01'] : /(Date|On|date)$/.test(key) ? ['2026-12-01'] : [];
  return [...preferred, ...STRINGS].find((value) => schema.safeParse(value).success);
}

interface Fill {
  ids: Record<string, string>;
  optional: boolean;
}

function sample(schema: ZodLike, key: string, fill: Fill): unknown {
  const def = schema._zod.def;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return fill.optional && (isIdKey(key) || isSearchKey(key)) ? sample(def.innerType, key, fill) : OMIT;
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample(def.innerType, key, fill);
    case 'pipe':
      return sample(def.in, key, fill);
    case 'lazy':
      return sample(def.getter(), key, fill);
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [field, inner] of Object.entries(def.shape as Record<string, ZodLike>)) {
        const v = sample(inner, field, fill);
        if (v !== OMIT) value[field] = v;
      }
      return value;
    }
    case 'array': {
      if (isIdKey(key)) return [fill.ids[key] ?? fill.ids.id];
      if (schema.safeParse([]).success) return [];
      return [sample(def.element, key.replace(/s$/, ''), fill)];
    }
    case 'enum':
      return Object.values(def.entries)[0];
    case 'literal':
      return def.values[0];
    case 'union': {
      for (const option of def.options as ZodLike[]) {
        const v = sample(option, key, fill);
        if (v !== OMIT && option.safeParse(v).success) return v;
      }
      return sample(def.options[0], key, fill);
    }
    case 'boolean':
      return false;
    case 'number':
    case 'int':
      return [1, 0, 10, 2026, 60].find((n) => schema.safeParse(n).success) ?? 1;
    case 'bigint':
      return 1n;
    case 'string':
      if (isIdKey(key)) return fill.ids[key] ?? fill.ids.id;
      if (isSearchKey(key)) return 'CANARY';
      return stringFor(schema, key) ?? 'x';
    case 'record':
      return {};
    default:
      return undefined;
  }
}

function idKeysOf(schema: ZodLike, into = new Set<string>(), key = ''): Set<string> {
  const def = schema._zod.def;
  if (def.type === 'object') for (const [field, inner] of Object.entries(def.shape as Record<string, ZodLike>)) idKeysOf(inner, into, field);
  else if (['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch', 'nonoptional'].includes(def.type)) idKeysOf(def.innerType, into, key);
  else if (def.type === 'pipe') idKeysOf(def.in, into, key);
  else if (def.type === 'array' && isIdKey(key)) into.add(key);
  else if (def.type === 'string' && isIdKey(key)) into.add(key);
  return into;
}

function unwrapped(schema: ZodLike): ZodLike {
  const def = schema._zod.def;
  return ['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch', 'nonoptional'].includes(def.type) ? unwrapped(def.innerType) : schema;
}

/**
 * The inputs to call a procedure with: each id field named by its kind (`id` by the router group:
 * the group's own row and the case; an unknown group or key: every kind), with optional filters
 * left out and filled in.
 */
export function inputsFor(path: string, parsers: unknown[], ids: Ids): unknown[] {
  const schema = parsers.at(-1) as ZodLike | undefined;
  if (!schema?._zod) return [undefined];
  const group = path.split('.')[0]!;
  const keys = [...idKeysOf(schema)];
  const valueOf = (kind: string) => (kind === 'none' ? 'no-such-row' : ids.of(kind));
  let assignments: Record<string, string>[] = [{}];
  if (keys.length <= 2) {
    for (const key of keys) {
      const kinds = kindsOf(key, group, ids.kinds());
      assignments = assignments.flatMap((a) => kinds.map((kind) => ({ ...a, [key]: valueOf(kind) })));
    }
  } else {
    // Three id keys or more (a fee note names a matter, time entries and disbursements): every kind of
    // each key, the others at their first kind — the full product was thousands of real calls per walker.
    const kindsByKey = keys.map((key) => [key, kindsOf(key, group, ids.kinds())] as const);
    const base = Object.fromEntries(kindsByKey.map(([key, kinds]) => [key, valueOf(kinds[0] ?? 'none')]));
    assignments = kindsByKey.flatMap(([key, kinds]) => kinds.map((kind) => ({ ...base, [key]: valueOf(kind) })));
  }
  const inputs: unknown[] = [];
  for (const assignment of assignments) {
    for (const optional of [false, true]) {
      // The top level is always given (an optional or defaulted input: its inner shape).
      const value = sample(unwrapped(schema), '', { ids: assignment, optional });
      if (!inputs.some((i) => JSON.stringify(i) === JSON.stringify(value))) inputs.push(value);
    }
  }
  return inputs;
}
