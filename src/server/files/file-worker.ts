import { parentPort } from 'node:worker_threads';
import { AppError } from '../errors';
import { hospitalRecordsBundlePdf } from '../domains/hospital-records/bundle-pdf';
import { checkRecordFile } from '../domains/hospital-records/record-file';
import { parseMitCsv } from '../domains/icd10/mit-csv';
import { parseBillingCodesCsv } from '../domains/billing-codes/codes-csv';

// The file worker's entry (decision 0043): the jobs that read untrusted bytes, by name. It runs in a
// worker thread of FileWorkerPool (file-workers.ts), which gives it a heap limit and terminates it
// past a job's time. Replies carry the job's id; an AppError travels as its code, message and fields.

// The input crossed a thread boundary as structured-clone data; each job's caller types it.
const TASKS: Record<string, (input: any) => unknown> = {
  'hospital-record.check': (input: { fileName: string; bytes: Uint8Array }) => checkRecordFile(input.fileName, input.bytes),
  'hospital-record.bundle': (input: { source: Parameters<typeof hospitalRecordsBundlePdf>[0]; generatedAt: string }) => hospitalRecordsBundlePdf(input.source, input.generatedAt),
  'icd10.parse-mit': (input: { text: string; fileName: string }) => parseMitCsv(input.text, input.fileName),
  'billing-codes.parse-csv': (input: { text: string; fileName: string }) => parseBillingCodesCsv(input.text, input.fileName),
};

const port = parentPort;
if (!port) throw new Error('file-worker.ts runs as a worker thread (FileWorkerPool), not on its own');

port.on('message', async ({ id, task, input }: { id: number; task: string; input: unknown }) => {
  try {
    const job = TASKS[task];
    if (!job) throw new Error(`unknown file job ${task}`);
    const value = await job(input);
    // A PDF drawn here is handed over, not copied.
    const whole = value instanceof Uint8Array && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength && value.buffer instanceof ArrayBuffer;
    port.postMessage({ id, ok: true, value }, whole ? [(value as Uint8Array).buffer as ArrayBuffer] : []);
  } catch (error) {
    const reply = error instanceof AppError ? { code: error.code, message: error.message, fields: error.fields } : { message: error instanceof Error ? error.message : String(error) };
    port.postMessage({ id, ok: false, error: reply });
  }
});
