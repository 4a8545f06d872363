import type { Config } from '../config';

// Where links in e-mails point (invitations, trial decisions, password resets). Never the request's
// Host header: a caller chooses it, and an invitation sent with `Host: evil.example` handed the
// invitee's token to that site (issue 16). So: PUBLIC_URL, else the first APP_ORIGIN, else the
// address this server was started for.

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * The configured address. With HOST a wildcard (listening on every interface, the default) the
 * server has no name of its own: links then point at localhost, which works on the box itself and
 * is visibly wrong anywhere else — main.ts says at start-up to set PUBLIC_URL.
 */
export function publicUrlOf(config: Config): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL;
  if (config.APP_ORIGIN[0]) return config.APP_ORIGIN[0];
  const host = WILDCARD_HOSTS.has(config.HOST) ? 'localhost' : config.HOST.includes(':') && !config.HOST.startsWith('[') ? `[${config.HOST}]` : config.HOST;
  return new URL(`http://${host}:${config.PORT}`).origin;
}

/** The start-up warning when links in e-mails fall back to the listening address, else null. */
export function publicUrlWarning(config: Config): string | null {
  if (config.PUBLIC_URL || config.APP_ORIGIN[0]) return null;
  return `PUBLIC_URL is not set: links in e-mails (invitations, password resets) point to ${publicUrlOf(config)}. Set PUBLIC_URL to the address people open CaseBridge at, e.g. https://cases.example.org.`;
}
