import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { AuditKeyError, loadAuditKey } from './audit-key';

// Where the audit key comes from (decision 0024): AUDIT_KEY, else DATA_DIR/audit.key made on first
// start with mode 0600 — and never made by a tool that only reads (audit:verify).

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'casebridge-key-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the audit key', () => {
  it('is created on first start as 256 random bits readable by the owner only, then reused', () => {
    const first = loadAuditKey({ DATA_DIR: dir });
    expect(first).toMatchObject({ created: true, source: join(dir, 'audit.key') });
    expect(first.key).toHaveLength(32);
    if (process.platform !== 'win32') expect(statSync(join(dir, 'audit.key')).mode & 0o777).toBe(0o600);
    const again = loadAuditKey({ DATA_DIR: dir });
    expect(again.created).toBe(false);
    expect(again.key.equals(first.key)).toBe(true);
  });

  it('comes from AUDIT_KEY when set, and then no file is written', () => {
    const hex = 'ab'.repeat(32);
    expect(loadAuditKey({ AUDIT_KEY: hex, DATA_DIR: dir }).key.toString('hex')).toBe(hex);
    expect(() => statSync(join(dir, 'audit.key'))).toThrow();
  });

  it('is not invented by a tool that only verifies, and a damaged file is named', () => {
    expect(() => loadAuditKey({ DATA_DIR: dir }, { create: false })).toThrow(AuditKeyError);
    expect(() => loadAuditKey({ DATA_DIR: dir }, { create: false })).toThrow(/Restore the key file/);
    writeFileSync(join(dir, 'audit.key'), 'not a key\n');
    expect(() => loadAuditKey({ DATA_DIR: dir })).toThrow(/audit\.key must hold 64 hex characters/);
  });

  it('AUDIT_KEY is validated at boot without echoing its value', () => {
    expect(() => loadConfig({ AUDIT_KEY: 'secret-but-short' })).toThrow(/^Invalid configuration: AUDIT_KEY must be 64 hex characters/);
    expect(() => loadConfig({ AUDIT_KEY: 'secret-but-short' })).not.toThrow(/secret-but-short/);
  });
});
