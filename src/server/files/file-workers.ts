import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors';

// Untrusted files are read off the event loop (ARCHITECTURE.md, decision 0043). Decoding an image,
// parsing a PDF or a CSV and drawing a bundle run in worker threads, so /healthz and every other
// request keep answering while they work. Each job has a time limit (the worker is terminated when it
// passes it) and each worker a heap limit (resourceLimits); a small pool runs them — at most `size` at
// once, at most `maxQueued` waiting, the rest refused as busy — so many bundles at once cannot use
// up the memory. A job's input may be a function, called only when a worker is free: a bundle's files
// are read from the database then, not while the request waits in the queue.
//
// The worker is TypeScript under tsx and vitest and a file of its own in the bundled server
// (`npm run build:server` builds dist/server/file-worker.js beside main.js); see workerEntry below.

export type FileJobLimit = 'timeout' | 'memory' | 'busy';

/** A job stopped by a limit of the pool rather than by the file's own content. */
export class FileJobLimitError extends Error {
  constructor(
    readonly limit: FileJobLimit,
    readonly timeoutMs: number,
    readonly memoryMb: number,
  ) {
    super(`file job stopped: ${limit}`);
    this.name = 'FileJobLimitError';
  }
}

export interface FileWorkerOptions {
  /** Workers at once. */
  size: number;
  /** Jobs waiting beyond those running; more is answered busy (503). */
  maxQueued: number;
  /** The heap of one worker (resourceLimits.maxOldGenerationSizeMb). */
  memoryMb: number;
}

/**
 * One worker a core but one, at most two: the event loop keeps a core of its own (on a 2-core box,
 * two busy workers pushed /healthz past 400 ms), and two bundles of 10,000 pages is memory enough.
 */
export const FILE_WORKER_DEFAULTS: FileWorkerOptions = { size: Math.min(2, Math.max(1, availableParallelism() - 1)), maxQueued: 16, memoryMb: 512 };

/**
 * The time limits of the jobs, each well above what the largest file within the other limits takes
 * on a loaded 2-core box: a 25-megapixel PNG or a 2,000-page PDF is checked in about 3 s; a bundle of
 * 8,000 pages with four 25-megapixel PNGs took 25 s (bench:uploads).
 */
export const FILE_JOB_TIMEOUT_MS = { check: 20_000, bundle: 120_000 } as const;

interface Job {
  task: string;
  input: () => unknown;
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { code?: AppError['code']; message: string; fields?: Record<string, string> } };

/** The worker's script: the TypeScript source through tsx's loader, or the bundle's own file beside main.js. */
function workerEntry(): { url: URL; workerData: { entry?: string } } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { url: new URL('./ts-worker.mjs', here), workerData: { entry: new URL('./file-worker.ts', here).href } };
  return { url: new URL('./file-worker.js', here), workerData: {} };
}

export class FileWorkerPool {
  private readonly idle: Worker[] = [];
  private readonly queue: Job[] = [];
  private running = 0;
  private nextId = 1;
  private closed = false;

  constructor(readonly options: FileWorkerOptions = FILE_WORKER_DEFAULTS) {}

  /** Runs `task` in a worker on `input` (or what the function returns when a worker is free). */
  run<T>(task: string, input: unknown, options: { timeoutMs: number }): Promise<T> {
    if (this.closed || this.queue.length >= this.options.maxQueued) return Promise.reject(this.limit('busy', options.timeoutMs));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ task, input: typeof input === 'function' ? (input as () => unknown) : () => input, timeoutMs: options.timeoutMs, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  /** Jobs waiting for a worker (for tests and the bench). */
  get waiting(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(this.limit('busy', job.timeoutMs));
    await Promise.all(this.idle.splice(0).map((worker) => worker.terminate()));
  }

  private limit(kind: FileJobLimit, timeoutMs: number) {
    return new FileJobLimitError(kind, timeoutMs, this.options.memoryMb);
  }

  private pump(): void {
    while (this.running < this.options.size && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.running++;
      void this.execute(job).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private spawn(): Worker {
    const { url, workerData } = workerEntry();
    const worker = new Worker(url, { workerData, resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb, maxYoungGenerationSizeMb: 32 } });
    // An idle worker that dies (it should not) leaves the pool; a running one is handled by its job.
    worker.on('error', () => {});
    worker.once('exit', () => {
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
    });
    return worker;
  }

  private async execute(job: Job): Promise<void> {
    let input: unknown;
    try {
      input = await job.input();
    } catch (error) {
      job.reject(error);
      return;
    }
    const worker = this.idle.pop() ?? this.spawn();
    worker.ref();
    const id = this.nextId++;
    await new Promise<void>((done) => {
      const finish = (keep: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (keep && !this.closed) {
          // An idle worker does not keep the process alive.
          worker.unref();
          this.idle.push(worker);
        } else void worker.terminate();
        done();
      };
      const onMessage = (reply: Reply) => {
        if (reply.id !== id) return;
        finish(true);
        if (reply.ok) job.resolve(reply.value);
        else job.reject(reply.error.code ? new AppError(reply.error.code, reply.error.message, reply.error.fields) : new Error(`file job ${job.task} failed: ${reply.error.message}`));
      };
      // Out of memory is the file's doing; a worker that fails otherwise (its script missing, a crash)
      // is ours: a plain error, a logged 500.
      const onError = (error: Error) => {
        finish(false);
        job.reject((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? this.limit('memory', job.timeoutMs) : new Error(`file worker failed in ${job.task}`, { cause: error }));
      };
      const onExit = (code: number) => {
        finish(false);
        job.reject(new Error(`file worker exited (${code}) in ${job.task}`));
      };
      // Past its time the worker is terminated, which stops even a loop that never yields.
      const timer = setTimeout(() => {
        finish(false);
        job.reject(this.limit('timeout', job.timeoutMs));
      }, job.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ id, task: job.task, input });
    });
  }
}

let shared: FileWorkerPool | null = null;

/** The process's one pool, made on first use. */
export function fileWorkers(): FileWorkerPool {
  shared ??= new FileWorkerPool();
  return shared;
}

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

/**
 * A limit an uploaded file met, as the refusal of that file (400 naming `file`): a file that cannot
 * be read within the time and memory one file may use is input we refuse. A full queue is ours (503).
 */
export function uploadRefusal(error: unknown): unknown {
  if (!(error instanceof FileJobLimitError)) return error;
  if (error.limit === 'busy') return new AppError('SERVICE_UNAVAILABLE', 'The server is reading other files just now. Please try again in a minute.');
  const message =
    error.limit === 'timeout'
      ? `This file could not be processed within ${seconds(error.timeoutMs)}, the limit for one file. Upload it in smaller parts.`
      : `This file needs more than the ${error.memoryMb} MB of memory one file may use. Upload it in smaller parts.`;
  return new AppError('BAD_REQUEST', message, { file: message });
}

/** A limit met while building a download (the bundle): ours, not the caller's input, so a 503 saying which. */
export function exportRefusal(error: unknown, what: string): unknown {
  if (!(error instanceof FileJobLimitError)) return error;
  if (error.limit === 'busy') return new AppError('SERVICE_UNAVAILABLE', `The server is busy building other files. Please try the ${what} again in a minute.`);
  const why = error.limit === 'timeout' ? `within ${seconds(error.timeoutMs)}` : `within the ${error.memoryMb} MB of memory it may use`;
  return new AppError('SERVICE_UNAVAILABLE', `The ${what} could not be built ${why}. Please try again later.`);
}
