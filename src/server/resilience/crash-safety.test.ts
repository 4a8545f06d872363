import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../../db/connect';
import { migrateToLatest } from '../../../db/migrate';
import { verifyAuditChain } from '../audit/audit-verify';
import { PASSWORD, createOrganization, createUser } from '../test-support/test-app';
import { testDialect } from '../test-support/test-database';

// Issue 9, crash safety: a real server process takes concurrent writes and is killed with SIGKILL in
// the middle of them (a power cut, the OOM killer). After a restart the SQLite database passes its
// integrity check, every write that was answered 2xx is there, and the audit chain still verifies.

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe.skipIf(testDialect() !== 'sqlite')('crash safety', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casebridge-crash-'));
  const servers: ChildProcess[] = [];
  afterAll(() => {
    for (const s of servers) s.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  async function startServer(port: number): Promise<ChildProcess> {
    // node itself runs the server (tsx as a loader), so the PID killed is the one holding the database.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, DATABASE_URL: '', NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', CLIENT_DIST: '/nonexistent' },
      stdio: 'ignore',
    });
    servers.push(child);
    for (let i = 0; i < 200; i++) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
      if (ok) return child;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the server did not start');
  }

  it('keeps every acknowledged write and a sound database through a SIGKILL mid-stream', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const first = await startServer(port);

    // An organisation and an Administrator, written beside the running server (WAL allows it).
    const setup = connectDatabase(join(dir, 'casebridge.sqlite'));
    await migrateToLatest(setup.db);
    const org = await createOrganization(setup.db, 'Crash Clinic');
    const admin = await createUser(setup.db, { organizationId: org, role: 'Administrator' });
    await setup.close();
    const login = await fetch(`${origin}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email: admin.email, password: PASSWORD }) });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

    const acknowledged: string[] = [];
    let n = 0;
    let running = true;
    const writer = async () => {
      while (running) {
        try {
          const res = await fetch(`${origin}/api/patient-cases`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin, cookie },
            body: JSON.stringify({ patientName: `Crash ${n++}`, caseType: 'Crash test' }),
          });
          if (res.ok) acknowledged.push(((await res.json()) as { id: string }).id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 5));
    first.kill('SIGKILL');
    await Promise.all(writers);
    running = false;
    expect(first.signalCode ?? 'SIGKILL').toBe('SIGKILL');

    const second = await startServer(port); // recovers the WAL on open
    const file = new SQLite(join(dir, 'casebridge.sqlite'), { readonly: true });
    expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
    const stored = new Set((file.prepare("select id from cases where case_type = 'Crash test'").all() as { id: string }[]).map((r) => r.id));
    file.close();
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    const check = connectDatabase(join(dir, 'casebridge.sqlite'));
    expect(await verifyAuditChain(check.db)).toMatchObject({ ok: true });
    await check.close();
    // And it serves again.
    const after = await fetch(`${origin}/api/patient-cases?search=Crash`, { headers: { cookie } });
    expect(after.status).toBe(200);
    second.kill('SIGTERM');
  });
});
