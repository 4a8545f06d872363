import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, openTestDatabase } from '../test-support/test-database';
import { createOrganization } from '../test-support/test-app';
import { takeNextNumber } from './number-series';

// The per-organisation number series (decision 0061): 1, 2, 3 … per organisation and series, never
// the same number twice even when takers run at once, and a rolled-back take gives nothing away
// that a later take could repeat.

describe('takeNextNumber', () => {
  let t: TestDatabase;
  let a: string;
  let b: string;

  beforeAll(async () => {
    t = await openTestDatabase();
    a = await createOrganization(t.db, 'Series Clinic A');
    b = await createOrganization(t.db, 'Series Clinic B');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('counts from 1 per organisation and per series', async () => {
    expect(await takeNextNumber(t.db, a, 'account')).toBe(1);
    expect(await takeNextNumber(t.db, a, 'account')).toBe(2);
    expect(await takeNextNumber(t.db, a, 'receipt')).toBe(1);
    expect(await takeNextNumber(t.db, b, 'account')).toBe(1);
  });

  it('never hands out one number twice to takers in concurrent transactions', async () => {
    const taken = await Promise.all(
      Array.from({ length: 12 }, () => t.db.transaction().execute((trx) => takeNextNumber(trx, a, 'claim'))),
    );
    expect([...taken].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('gives a rolled-back number back, so the printed sequence has no gap and no repeat', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        expect(await takeNextNumber(trx, b, 'receipt')).toBe(1);
        throw new Error('the receipt was not written');
      }),
    ).rejects.toThrow('the receipt was not written');
    expect(await takeNextNumber(t.db, b, 'receipt')).toBe(1);
    expect(await takeNextNumber(t.db, b, 'receipt')).toBe(2);
  });
});
