import type { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { INVALID_TEXT_MESSAGE } from '../database-errors';
import { AppError, VALIDATION_MESSAGE } from '../errors';
import type { TAuditOutcome } from '../../shared/domain/audit';
import type { AuthState } from '../auth/request-auth';
import { AUDITED_PROCEDURES } from './audited-procedures';
import { type AuditActorRef, recordAuditEvent } from './audit-log';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';

// What the tRPC audit middleware writes after a call (trpc.ts wires it in front of every procedure):
// - an audited procedure (audited-procedures.ts): one entry, whatever the outcome — success; denied
//   (401/403/429); failure (a service's refusal: 404, 409, or a 400 it decided, e.g. a record of
//   another organisation named in the input).
// - any other procedure: an entry whenever it refuses the caller (the same codes), as "access-denied".
// Input that fails validation (zod, or text the database cannot store) is not an action and is not
// recorded; neither is a failure on our side (500) or a database that is down (503) — the logs hold those.
// Refusals of callers who are not signed in, and throttled ones, fold per address and minute (audit-aggregate.ts).

export interface AuditedCall {
  db: Kysely<DB>;
  auth: AuthState | null;
  client: { ip: string | null; userAgent: string | null };
  path: string;
  input: unknown;
  result: { ok: true; data: unknown } | { ok: false; error: TRPCError };
}

export function actorRefOf(auth: AuthState | null): AuditActorRef | null {
  return auth ? { userId: auth.user.id, role: auth.role, organizationId: auth.organization?.id ?? null } : null;
}

const DENIED = new Set(['FORBIDDEN', 'UNAUTHORIZED', 'TOO_MANY_REQUESTS']);
const NOT_RECORDED = new Set(['PARSE_ERROR', 'INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE']);

/** Input refused before any record was looked at: not an action (ARCHITECTURE.md decision 5). */
export function isInputRejection(error: TRPCError): boolean {
  if (error.code !== 'BAD_REQUEST') return false;
  const cause = error.cause;
  if (cause instanceof ZodError || !(cause instanceof AppError)) return true;
  // Services that validate a form themselves say so in these words (e.g. the document upload's fields).
  return cause.message === VALIDATION_MESSAGE || cause.message === INVALID_TEXT_MESSAGE;
}

export async function auditCall({ db, auth, client, path, input, result }: AuditedCall): Promise<void> {
  const audited = AUDITED_PROCEDURES[path];
  const error = result.ok ? null : result.error;
  if (error && (NOT_RECORDED.has(error.code) || isInputRejection(error))) return;
  if (!audited && !error) return;
  if (!error && audited?.readNothing?.(input, result.ok ? result.data : undefined)) return;

  const outcome: TAuditOutcome = !error ? 'success' : DENIED.has(error.code) ? 'denied' : 'failure';
  const output = result.ok ? result.data : undefined;
  const details: Record<string, unknown> = { ...(audited?.details?.(input, output) ?? {}), procedure: path };
  if (error) details.error = error.code;
  const items = output && typeof output === 'object' ? (output as { items?: unknown }).items : undefined;
  // How many records a list answered with. (`count` is kept for folded repeats: audit-aggregate.ts.)
  if (Array.isArray(output)) details.results = output.length;
  else if (Array.isArray(items)) details.results = items.length;

  await recordAuditEvent(db, {
    actor: actorRefOf(auth),
    action: audited ? audited.action : 'access-denied',
    entityType: audited ? audited.entity : 'request',
    entityId: audited?.id?.(input, output) ?? null,
    caseId: audited?.caseId?.(input, output) ?? null,
    outcome,
    client,
    details,
    fold: !error && audited?.polled === true,
  });
}
