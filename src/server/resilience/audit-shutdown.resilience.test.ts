import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../../db/connect';
import { checkpointFileOf } from '../audit/audit-checkpoints';
import { loadAuditKey } from '../audit/audit-key';
import { verifyAuditChain } from '../audit/audit-verify';
import { startChildServer } from '../test-support/child-server';

// The production server's audit shutdown path (main.ts, decision 0024): a clean stop writes the
// failures still counted in memory, then a last signed checkpoint that covers them, and the trail
// verifies against it with the key the server created in DATA_DIR on first start.

describe('a clean shutdown of the server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casebridge-audit-shutdown-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loses no folded failure and leaves a checkpoint of the final head', async () => {
    const server = await startChildServer({ DATA_DIR: dir });
    for (let i = 0; i < 30; i += 1) expect((await fetch(`${server.url}/api/patient-cases`)).status).toBe(401);
    await server.stop();
    expect(server.child.exitCode).toBe(0);

    expect(statSync(join(dir, 'audit.key')).mode & 0o777).toBe(0o600);
    const lines = readFileSync(checkpointFileOf(dir), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { seq: number });
    const database = connectDatabase(join(dir, 'casebridge.sqlite'));
    try {
      const rows = await database.db.selectFrom('audit_events').selectAll().orderBy('seq').execute();
      const counts = rows.map((r) => (JSON.parse(r.details) as { count?: number }).count ?? 1);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
      expect(rows.length).toBeLessThanOrEqual(3);
      expect(lines.at(-1)?.seq).toBe(rows.length);
      const key = loadAuditKey({ DATA_DIR: dir }, { create: false }).key;
      expect(await verifyAuditChain(database.db, { key, checkpointFile: checkpointFileOf(dir) })).toMatchObject({ ok: true, entries: rows.length });
    } finally {
      await database.close();
    }
  });
});
