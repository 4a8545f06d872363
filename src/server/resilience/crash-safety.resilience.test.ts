import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../../db/connect';
import { migrateToLatest } from '../../../db/migrate';
import { checkpointFileOf } from '../audit/audit-checkpoints';
import { loadAuditKey } from '../audit/audit-key';
import { verifyAuditChain } from '../audit/audit-verify';
import { type ChildServer, signInOver, startChildServer } from '../test-support/child-server';
import { PASSWORD, createOrganization, createUser } from '../test-support/test-app';

// Issue 9, crash safety: a real server process takes concurrent writes and is killed with SIGKILL in
// the middle of them (a power cut of the process, the OOM killer). After a restart the SQLite
// database passes its integrity check, every write that was answered 2xx is there, and the audit
// chain still verifies (a case may lack its audit entry — it is written after the case, decision
// 0015 — but the chain itself must never break).

describe('crash safety (SQLite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casebridge-crash-'));
  const servers: ChildServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write and a sound database through a SIGKILL mid-stream', async () => {
    const file = join(dir, 'casebridge.sqlite');
    const first = await startChildServer({ DATA_DIR: dir });
    servers.push(first);
    const origin = first.url;

    // An organisation and an Administrator, written beside the running server (WAL allows it).
    const setup = connectDatabase(file);
    await migrateToLatest(setup.db);
    const org = await createOrganization(setup.db, 'Crash Clinic');
    const admin = await createUser(setup.db, { organizationId: org, role: 'Administrator' });
    await setup.close();
    const cookie = await signInOver(origin, admin.email, PASSWORD);

    const acknowledged: string[] = [];
    let n = 0;
    const writer = async () => {
      for (;;) {
        try {
          const res = await fetch(`${origin}/api/patient-cases`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin, cookie },
            body: JSON.stringify({ patientName: `Crash ${n++}`, caseType: 'Crash test' }),
          });
          const body = await res.text(); // an answer cut off by the kill is not an acknowledgement
          if (res.ok) acknowledged.push((JSON.parse(body) as { id: string }).id);
          else throw new Error(`a write before the kill answered ${res.status}: ${body}`);
        } catch (error) {
          if (first.child.signalCode === 'SIGKILL' || first.child.killed) return; // the server is gone
          throw error;
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    await Promise.all(writers);
    const exit = await new Promise<NodeJS.Signals | null>((r) => (first.child.signalCode ? r(first.child.signalCode) : first.child.once('exit', (_c, s) => r(s))));
    expect(exit).toBe('SIGKILL');

    // Checked before any server opens it again: the file as the kill left it (WAL included).
    const raw = new SQLite(file);
    expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
    const stored = new Set((raw.prepare("select id from cases where case_type = 'Crash test'").all() as { id: string }[]).map((r) => r.id));
    raw.close();
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    const check = connectDatabase(file);
    // With the key the server created in DATA_DIR, against the checkpoints it wrote — one per committed
    // batch (decision 0044), each after its commit, so none is beyond what the kill left; a line torn
    // by the kill would be a note, not a failure.
    const key = loadAuditKey({ DATA_DIR: dir }, { create: false }).key;
    const verified = await verifyAuditChain(check.db, { key, checkpointFile: checkpointFileOf(dir) });
    expect(verified).toMatchObject({ ok: true });
    expect(verified.checkpoints.newest?.seq).toBeGreaterThanOrEqual(50);
    await check.close();

    // And a new server on the same file serves them.
    const second = await startChildServer({ DATA_DIR: dir }, first.port);
    servers.push(second);
    const listed = await fetch(`${second.url}/api/patient-cases?search=Crash&pageSize=5`, { headers: { cookie } });
    expect(listed.status).toBe(200);
  });
});
