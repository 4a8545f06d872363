import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { blackPng } from '../test-support/hostile-files';
import { FileJobLimitError, FileWorkerPool, exportRefusal, uploadRefusal } from './file-workers';

// The pool that reads untrusted files off the event loop (decision 0043), with the real worker and a
// real job: checking a hospital record. Its limits are small here so the tests meet them quickly.

const pools: FileWorkerPool[] = [];
const poolOf = (options: ConstructorParameters<typeof FileWorkerPool>[0]) => {
  const pool = new FileWorkerPool(options);
  pools.push(pool);
  return pool;
};
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});

const check = (pool: FileWorkerPool, fileName: string, bytes: Uint8Array, timeoutMs = 30_000) =>
  pool.run<{ pages: number; kind: string }>('hospital-record.check', { fileName, bytes }, { timeoutMs });

// 20 megapixels: within the limit, so the worker decodes it, which takes a while.
const LARGE_PNG = blackPng(5000, 4000);

describe('the file worker pool', () => {
  it('runs a job in a worker and answers its result, and its refusal as the same AppError', async () => {
    const pool = poolOf({ size: 1, maxQueued: 4, memoryMb: 256 });
    expect(await check(pool, 'scan.png', blackPng(20, 10))).toMatchObject({ kind: 'png', pages: 1 });
    const refused = await check(pool, 'scan.png', blackPng(6000, 6000)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', fields: { file: expect.stringContaining('the limit is 25 megapixels') } });
  });

  it('answers a failure that is not the file\'s as a plain error (a logged 500), not as a refusal of the file', async () => {
    const pool = poolOf({ size: 1, maxQueued: 4, memoryMb: 256 });
    const failed = await pool.run('no-such-job', {}, { timeoutMs: 30_000 }).catch((error: unknown) => error);
    expect(failed).not.toBeInstanceOf(AppError);
    expect(uploadRefusal(failed)).toBe(failed);
    expect((failed as Error).message).toBe('file job no-such-job failed: unknown file job no-such-job');
  });

  it('keeps the event loop turning while a worker decodes a large image', async () => {
    const pool = poolOf({ size: 1, maxQueued: 4, memoryMb: 512 });
    let turns = 0;
    const timer = setInterval(() => turns++, 5);
    try {
      expect(await check(pool, 'large.png', LARGE_PNG)).toMatchObject({ pages: 1 });
    } finally {
      clearInterval(timer);
    }
    // Decoded on this thread, the 80 MB of pixels would hold the loop for the whole job: no turn at all.
    expect(turns).toBeGreaterThan(2);
  });

  it('terminates a job past its time limit, answers a clear refusal, and runs the next job on a fresh worker', async () => {
    const pool = poolOf({ size: 1, maxQueued: 4, memoryMb: 512 });
    const late = await check(pool, 'large.png', LARGE_PNG, 50).catch((error: unknown) => error);
    expect(late).toBeInstanceOf(FileJobLimitError);
    expect(late).toMatchObject({ limit: 'timeout' });
    expect(uploadRefusal(late)).toMatchObject({ code: 'BAD_REQUEST', fields: { file: 'This file could not be processed within 50 ms, the limit for one file. Upload it in smaller parts.' } });
    expect(exportRefusal(late, 'bundle')).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'The bundle could not be built within 50 ms. Please try again later.' });
    expect(await check(pool, 'small.png', blackPng(2, 2))).toMatchObject({ pages: 1 });
  });

  it('queues jobs beyond its size and refuses past the queue as busy, reading a lazy input only when a worker is free', async () => {
    const pool = poolOf({ size: 1, maxQueued: 1, memoryMb: 256 });
    let read = false;
    const first = check(pool, 'large.png', LARGE_PNG);
    const second = pool.run('hospital-record.check', () => {
      read = true;
      return { fileName: 'small.png', bytes: blackPng(2, 2) };
    }, { timeoutMs: 30_000 });
    expect(pool.waiting).toBe(1);
    const third = await check(pool, 'small.png', blackPng(2, 2)).catch((error: unknown) => error);
    expect(third).toMatchObject({ limit: 'busy' });
    expect(uploadRefusal(third)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(read).toBe(false);
    expect(await first).toMatchObject({ pages: 1 });
    expect(await second).toMatchObject({ pages: 1 });
    expect(read).toBe(true);
  });
});
