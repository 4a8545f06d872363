import { describe, expect, it } from 'vitest';
import { CLAIMED_THROUGH_THE_APP, WALKS_ON_SQLITE, claims, dialectSensitiveModules, serverTestFiles } from '../../scripts/test-tiers';

// Decision 0046: in every change, Postgres runs only the files whose SQL differs by dialect. This
// keeps that list honest — a new module with raw SQL, a dialect branch, an upsert or RETURNING must
// be exercised on Postgres by some test of the every-change tier.

const cwd = process.cwd();
const files = serverTestFiles(cwd);

describe('test tiers', () => {
  it('finds dialect-sensitive product modules (the scan reads the files)', () => {
    const modules = dialectSensitiveModules(cwd);
    // Known ones, from reading them: raw SQL for search, the need-to-know rule, the conflict check.
    expect(modules).toEqual(expect.arrayContaining(['src/server/domains/search/search.service.ts', 'src/server/domains/cases/case-visibility.ts', 'src/server/domains/parties/conflict-check.service.ts']));
  });

  it('every dialect-sensitive module is exercised on Postgres in the every-change tier', () => {
    const unclaimed = dialectSensitiveModules(cwd).filter((module) => !files.postgresEveryChange.some((test) => claims(cwd, test, module)));
    // A module named here needs a test beside it (same name stem), a test importing it, or an entry in CLAIMED_THROUGH_THE_APP.
    expect(unclaimed).toEqual([]);
  });

  it('names only files that exist and open a database', () => {
    for (const test of [...Object.values(CLAIMED_THROUGH_THE_APP), ...Object.keys(WALKS_ON_SQLITE)]) expect(files.database).toContain(test);
  });

  it('puts every test file in exactly one of pure and database', () => {
    expect(files.pure.length).toBeGreaterThan(0);
    expect(files.database.length).toBeGreaterThan(0);
    expect(files.pure.filter((file) => files.database.includes(file))).toEqual([]);
    // This file reads sources only.
    expect(files.pure).toContain('src/server/test-tiers.test.ts');
  });
});
