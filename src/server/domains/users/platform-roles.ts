import { PLATFORM_CONFIG } from '../../../shared/platform';
import { rolesOfPlatform } from '../../../shared/roles';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';

/**
 * A member's role must be one of the organisation's platform (decision 0027): a hospital has no
 * Attorneys, a law firm no Nurses. The form offers only these; this refuses a hand-made request.
 */
export function requireRoleOfPlatform(actor: TenantActor, role: string): void {
  if ((rolesOfPlatform(actor.platform) as readonly string[]).includes(role)) return;
  const message = `Role must be one of the ${PLATFORM_CONFIG[actor.platform].name} platform's roles`;
  throw new AppError('BAD_REQUEST', message, { role: message });
}
