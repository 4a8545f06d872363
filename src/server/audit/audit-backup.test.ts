import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkpointsBesideBackup, copyCheckpointsForBackup, restoreCheckpoints } from '../../../db/backup';
import { TEST_AUDIT_KEY } from '../config';
import { appendCheckpoint, checkpointFileOf, readCheckpoints } from './audit-checkpoints';

// The audit checkpoints travel with a backup and come back with its restore (decision 0024), so a
// restored older database is held against the checkpoints of its own time, not against newer ones
// that would read as entries cut at the end. The key does not travel: it is backed up apart.

const KEY = Buffer.from(TEST_AUDIT_KEY, 'hex');
let dataDir: string;
let backups: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'casebridge-data-'));
  backups = mkdtempSync(join(tmpdir(), 'casebridge-usb-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(backups, { recursive: true, force: true });
});

const seqs = (file: string) => readCheckpoints(file, KEY).valid.map((c) => c.seq);

describe('checkpoints and backups', () => {
  it('a backup carries the checkpoints of its time; a restore puts them back and keeps the newer ones aside', () => {
    const live = checkpointFileOf(dataDir);
    appendCheckpoint(live, KEY, { seq: 10, hash: 'hmac:a', at: '2026-11-25T10:00:00.000Z' });
    const backup = join(backups, 'casebridge-2026-11-25.sqlite');
    expect(copyCheckpointsForBackup(dataDir, backup)).toBe(checkpointsBesideBackup(backup));
    expect(seqs(checkpointsBesideBackup(backup))).toEqual([10]);
    expect(existsSync(join(backups, 'casebridge-2026-11-25.sqlite.audit.key'))).toBe(false);

    appendCheckpoint(live, KEY, { seq: 25, hash: 'hmac:b', at: '2026-11-25T10:05:00.000Z' });
    const done = restoreCheckpoints(backup, dataDir, new Date('2026-11-26T07:00:00.000Z'));
    expect(done).toEqual({ restored: live, previous: `${live}.before-restore-2026-11-26T07-00-00-000Z` });
    expect(seqs(live)).toEqual([10]);
    expect(seqs(done.previous!)).toEqual([10, 25]);
  });

  it('a backup taken before any checkpoint, restored: the live checkpoints stay and the caller is told', () => {
    const backup = join(backups, 'early.sqlite');
    expect(copyCheckpointsForBackup(dataDir, backup)).toBeNull();
    appendCheckpoint(checkpointFileOf(dataDir), KEY, { seq: 3, hash: 'hmac:c', at: '2026-11-25T10:00:00.000Z' });
    expect(restoreCheckpoints(backup, dataDir)).toEqual({ restored: null, previous: null });
    expect(readFileSync(checkpointFileOf(dataDir), 'utf8')).toContain('"seq":3');
  });

  it('copied after the snapshot, a backup keeps the lines of its trail up to its head only (decision 0044)', () => {
    const live = checkpointFileOf(dataDir);
    appendCheckpoint(live, KEY, { seq: 3, hash: 'hmac:old', at: '2026-11-25T09:00:00.000Z' }); // from before trail ids
    appendCheckpoint(live, KEY, { trail: 'trail-a', seq: 10, hash: 'hmac:a', at: '2026-11-25T10:00:00.000Z' });
    appendCheckpoint(live, KEY, { trail: 'trail-b', seq: 11, hash: 'hmac:b', at: '2026-11-25T10:00:01.000Z' });
    appendCheckpoint(live, KEY, { trail: 'trail-a', seq: 12, hash: 'hmac:c', at: '2026-11-25T10:00:02.000Z' });
    const backup = join(backups, 'casebridge-2026-11-25.sqlite');
    // The snapshot's head is 11 of trail-a: the checkpoint of 12 was written after it.
    copyCheckpointsForBackup(dataDir, backup, { seq: 11, trailId: 'trail-a' });
    const copy = readCheckpoints(checkpointsBesideBackup(backup), KEY);
    expect(copy).toMatchObject({ problems: [], notes: [] });
    expect(copy.valid.map((c) => [c.trail ?? null, c.seq])).toEqual([[null, 3], ['trail-a', 10]]);
  });
});
