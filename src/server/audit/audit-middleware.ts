import type { TRPCError } from '@trpc/server';
import type { TAuditOutcome } from '../../shared/domain/audit';
import type { AuthState } from '../auth/request-auth';
import { AUDITED_PROCEDURES } from './audited-procedures';
import { type AuditActorRef, recordAuditEvent } from './audit-log';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';

// What the tRPC audit middleware writes after a call (trpc.ts wires it in front of every procedure):
// - an audited procedure (audited-procedures.ts): one entry, whatever the outcome — success; denied
//   (401/403); failure (404, 409, …). Input that fails validation is not an action and is not recorded.
// - any other procedure: an entry only when it refuses the caller (403), as "access-denied".

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

export async function auditCall({ db, auth, client, path, input, result }: AuditedCall): Promise<void> {
  const audited = AUDITED_PROCEDURES[path];
  const code = result.ok ? null : result.error.code;
  // Bad input touched nothing; a failure on our side (or a database that is down) is in the logs.
  if (code === 'BAD_REQUEST' || code === 'PARSE_ERROR' || code === 'INTERNAL_SERVER_ERROR' || code === 'SERVICE_UNAVAILABLE') return;
  const refused = code === 'FORBIDDEN' || code === 'UNAUTHORIZED';
  if (!audited && code !== 'FORBIDDEN') return;

  const outcome: TAuditOutcome = result.ok ? 'success' : refused ? 'denied' : 'failure';
  const output = result.ok ? result.data : undefined;
  const details: Record<string, unknown> = { procedure: path };
  if (code) details.error = code;
  const items = output && typeof output === 'object' ? (output as { items?: unknown }).items : undefined;
  if (Array.isArray(output)) details.count = output.length;
  else if (Array.isArray(items)) details.count = items.length;

  await recordAuditEvent(db, {
    actor: actorRefOf(auth),
    action: audited ? audited.action : 'access-denied',
    entityType: audited ? audited.entity : 'request',
    entityId: audited?.id?.(input, output) ?? null,
    caseId: audited?.caseId?.(input, output) ?? null,
    outcome,
    client,
    details,
  });
}
