// The durable work of the baseline server (issue 30: an honest baseline). The product writes an
// audit entry, chained with HMAC-SHA256 under the audit key, for every audited call — every route
// of the bench table — and opens a case as several rows in one transaction. A baseline without
// that work measured the wrong question ("is an audited product slower than one without an audit
// trail?"), so the baseline does the same durable work, written the way a careful engineer would
// by hand, one request at a time:
// - an audited read: the read, then one transaction appending the entry — lock the chain head
//   (Postgres: SELECT … FOR UPDATE), compute the HMAC, insert the entry and move the head (one
//   statement on Postgres, a CTE);
// - opening a case: one transaction — the reference counter (one upsert … RETURNING), the person,
//   the case, its timeline line and its audit entry (Postgres: one CTE statement for all of them after
//   the counter and the head lock), every statement prepared; the organisation's reference prefix is
//   read once at start, as it never changes once set.
// What it does not do: sessions, validation, roles, need-to-know, batching of audit entries.
import { randomUUID } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { keyedAuditHash } from '../src/server/audit/audit-chain';
import { fieldsOf } from '../src/server/audit/audit-log';
import type { TAuditAction, TAuditEntityType } from '../src/shared/domain/audit';
import { formatCaseReference } from '../src/shared/domain/case-reference';
import { yearKey } from '../src/shared/calendar';

export interface AuditedAction {
  userId: string;
  action: string;
  entityType: string;
  entityId: string | null;
  caseId: string | null;
  details: Record<string, unknown>;
}

export interface NewCase {
  organizationId: string;
  userId: string;
  patientName: string;
  caseType: string;
}

export interface Durable {
  audit(entry: AuditedAction): Promise<void>;
  createCase(input: NewCase): Promise<{ id: string; reference: string; createdAt: string }>;
}

const AUDIT_COLUMNS = ['id', 'seq', 'occurred_at', 'organization_id', 'user_id', 'role', 'action', 'entity_type', 'entity_id', 'case_id', 'outcome', 'ip', 'user_agent', 'details', 'prev_hash', 'hash'] as const;

/** The entry's columns, chained after `head`: the product's own fields (fieldsOf) and hash. */
function chained(key: Buffer, organizationId: string, entry: AuditedAction, head: { seq: number; hash: string }, now: string) {
  const fields = {
    ...fieldsOf({
      actor: { userId: entry.userId, role: 'Administrator', organizationId },
      action: entry.action as TAuditAction,
      entityType: entry.entityType as TAuditEntityType,
      entityId: entry.entityId,
      caseId: entry.caseId,
      outcome: 'success',
      client: { ip: '127.0.0.1', userAgent: 'autocannon' },
      details: entry.details,
    }),
    occurred_at: now,
    seq: head.seq + 1,
    prev_hash: head.hash,
  };
  return { ...fields, hash: keyedAuditHash(key, fields) };
}
const valuesOf = (row: Record<(typeof AUDIT_COLUMNS)[number], unknown>) => AUDIT_COLUMNS.map((c) => row[c]);

function caseRows(input: NewCase, reference: string, now: string) {
  const id = randomUUID();
  const personId = randomUUID();
  const space = input.patientName.indexOf(' ');
  return {
    id,
    person: [personId, input.organizationId, 'person', space > 0 ? input.patientName.slice(0, space) : null, space > 0 ? input.patientName.slice(space + 1) : input.patientName, input.patientName, input.userId, now, now],
    kase: [id, input.organizationId, personId, input.patientName, input.caseType, 'Medium', 'Scheduled', '[]', reference, input.userId, now, now],
    event: [randomUUID(), input.organizationId, id, now, input.userId, 'case.created', `Case ${reference} opened (${input.caseType})`, JSON.stringify({ reference })],
  };
}

const PERSON_COLUMNS = '(id, organization_id, kind, first_name, last_name, full_name, created_by, created_at, updated_at)';
const CASE_COLUMNS = '(id, organization_id, person_id, patient_name, case_type, priority, status, urgent_flags, reference, created_by, created_at, updated_at)';
const EVENT_COLUMNS = '(id, organization_id, case_id, at, actor_id, kind, summary, details)';
const COUNTER = `insert into case_reference_counters (organization_id, year, last_number) values (?, ?, 1)
  on conflict (organization_id, year) do update set last_number = case_reference_counters.last_number + 1 returning last_number`;
const marks = (n: number, from = 1, postgres = false) => Array.from({ length: n }, (_, i) => (postgres ? `$${from + i}` : '?')).join(', ');

export function sqliteDurable(db: SQLite.Database, key: Buffer, prefix: string, organizationId: string): Durable {
  const head = db.prepare('select seq, hash from audit_chain_head where id = 1');
  const insertAudit = db.prepare(`insert into audit_events (${AUDIT_COLUMNS.join(', ')}) values (${marks(AUDIT_COLUMNS.length)})`);
  // As the product's first append does, a trail without an id gets one, keyed from its first entry.
  const moveHead = db.prepare('update audit_chain_head set seq = ?, hash = ?, trail_id = coalesce(trail_id, ?), keyed_since = coalesce(keyed_since, ?) where id = 1');
  const counter = db.prepare(COUNTER);
  const insertPerson = db.prepare(`insert into people ${PERSON_COLUMNS} values (${marks(9)})`);
  const insertCase = db.prepare(`insert into cases ${CASE_COLUMNS} values (${marks(12)})`);
  const insertEvent = db.prepare(`insert into case_events ${EVENT_COLUMNS} values (${marks(8)})`);
  // better-sqlite3 transactions are synchronous: BEGIN … COMMIT with nothing else in between.
  const append = (entry: AuditedAction, now: string) => {
    const current = head.get() as { seq: number; hash: string };
    const row = chained(key, organizationId, entry, { seq: Number(current.seq), hash: current.hash }, now);
    insertAudit.run(valuesOf(row));
    moveHead.run(row.seq, row.hash, randomUUID(), row.seq);
  };
  const audit = db.transaction((entry: AuditedAction) => append(entry, new Date().toISOString()));
  const create = db.transaction((input: NewCase) => {
    const now = new Date().toISOString();
    const year = Number(yearKey(now));
    const n = (counter.get(organizationId, year) as { last_number: number }).last_number;
    const reference = formatCaseReference(prefix, year, Number(n));
    const rows = caseRows(input, reference, now);
    insertPerson.run(rows.person);
    insertCase.run(rows.kase);
    insertEvent.run(rows.event);
    append({ userId: input.userId, action: 'create', entityType: 'case', entityId: rows.id, caseId: rows.id, details: { procedure: 'cases.create' } }, now);
    return { id: rows.id, reference, createdAt: now };
  });
  return { audit: async (entry) => audit(entry), createCase: async (input) => create(input) };
}

export function postgresDurable(pool: pg.Pool, key: Buffer, prefix: string, organizationId: string): Durable {
  const lockHead = { name: 'lock_head', text: 'select seq, hash from audit_chain_head where id = 1 for update' };
  const auditValues = marks(AUDIT_COLUMNS.length, 1, true);
  const moveHead = 'update audit_chain_head set seq = $2, hash = $16, trail_id = coalesce(trail_id, gen_random_uuid()::text), keyed_since = coalesce(keyed_since, $2) where id = 1';
  const appendText = `with moved as (${moveHead})
    insert into audit_events (${AUDIT_COLUMNS.join(', ')}) values (${auditValues})`;
  const counterText = COUNTER.replace('(?, ?, 1)', '($1, $2, 1)');
  // The person, the case, its timeline line, the audit entry and the head in one statement.
  const createText = `with moved as (${moveHead}),
    person as (insert into people ${PERSON_COLUMNS} values (${marks(9, 17, true)})),
    kase as (insert into cases ${CASE_COLUMNS} values (${marks(12, 26, true)})),
    event as (insert into case_events ${EVENT_COLUMNS} values (${marks(8, 38, true)}))
    insert into audit_events (${AUDIT_COLUMNS.join(', ')}) values (${auditValues})`;
  const inTransaction = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };
  const headOf = async (client: pg.PoolClient) => {
    const row = (await client.query(lockHead)).rows[0] as { seq: string | number; hash: string };
    return { seq: Number(row.seq), hash: row.hash };
  };
  return {
    audit: (entry) =>
      inTransaction(async (client) => {
        const row = chained(key, organizationId, entry, await headOf(client), new Date().toISOString());
        await client.query({ name: 'append_audit', text: appendText, values: valuesOf(row) });
      }),
    createCase: (input) =>
      inTransaction(async (client) => {
        const now = new Date().toISOString();
        const year = Number(yearKey(now));
        const n = (await client.query({ name: 'counter', text: counterText, values: [organizationId, year] })).rows[0].last_number;
        const reference = formatCaseReference(prefix, year, Number(n));
        const rows = caseRows(input, reference, now);
        const entry = chained(key, organizationId, { userId: input.userId, action: 'create', entityType: 'case', entityId: rows.id, caseId: rows.id, details: { procedure: 'cases.create' } }, await headOf(client), now);
        await client.query({ name: 'create_case', text: createText, values: [...valuesOf(entry), ...rows.person, ...rows.kase, ...rows.event] });
        return { id: rows.id, reference, createdAt: now };
      }),
  };
}
