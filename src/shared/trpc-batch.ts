/**
 * The most procedure calls one /trpc request may batch (issue 16): the server answers 400 above it,
 * and the browser's httpBatchLink splits its batches to stay within it.
 */
export const TRPC_MAX_BATCH_SIZE = 10;
