import { z } from 'zod';

// Every setting comes from the environment, is validated here once at boot, and has a default
// that gives a working single-box install (SQLite under ./data, port 3000, demo data on first start).

const port = z.coerce.number().int().min(1).max(65_535);
const positiveInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const flag = z.stringbool({ truthy: ['true', '1', 'yes', 'on'], falsy: ['false', '0', 'no', 'off'] });

const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().trim().optional().transform((v) => (v ? v : undefined)),
  DATABASE_POOL_SIZE: positiveInt(1, 200).default(10),
  // PostgreSQL: how long to wait for a connection, and the longest one statement may run. A database
  // that is down answers 503 after the first, instead of holding requests open.
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt(100, 120_000).default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(100, 3_600_000).default(30_000),
  SESSION_COOKIE_NAME: z.string().regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, _ and -').default('cb_session'),
  SESSION_COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  SESSION_IDLE_TIMEOUT_MINUTES: positiveInt(1, 24 * 60).default(60),
  SESSION_MAX_LIFETIME_HOURS: positiveInt(1, 24 * 30).default(12),
  SUPER_ADMIN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  APP_ORIGIN: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const origins = (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      for (const o of origins) {
        try {
          new URL(o);
        } catch {
          ctx.addIssue({ code: 'custom', message: `"${o}" is not a URL like https://cases.example.org` });
        }
      }
      return origins.map((o) => new URL(o).origin);
    }),
  // The address people reach this server at, for links in e-mails (invitations), e.g. https://cases.example.org
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL like https://cases.example.org' })
    .optional()
    .transform((v) => (v ? new URL(v).origin : undefined)),
  TRUST_PROXY: flag.default(false),
  SEED_DEMO_DATA: flag.default(true),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt(1, 1000).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt(1, 10_000).default(20),
  LOGIN_LOCKOUT_MINUTES: positiveInt(1, 24 * 60).default(15),
  // Failures on one account from all addresses together before it is locked for everybody: the
  // ceiling for guesses sprayed from many addresses (decision 0022). At least the pair limit above.
  LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL: positiveInt(1, 100_000).default(50),
  // The answer to the 2nd failure in a row from one account and address waits this long, each
  // further one twice as long, at most 4 s; 0 turns the slow-down off.
  LOGIN_FAILURE_DELAY_MS: z.coerce.number().int().min(0).max(4_000).default(500),
  PUBLIC_FORMS_PER_HOUR: positiveInt(1, 10_000).default(10),
  CLIENT_DIST: z.string().default('dist/client'),
  // The optional model of the help assistant (an OpenAI-compatible chat-completions endpoint). Unset:
  // the assistant answers from its built-in knowledge base alone, with no network.
  AI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL like http://127.0.0.1:11434/v1' }).optional(),
  AI_MODEL: z.string().trim().min(1).max(200).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_CHAT_PER_10_MINUTES: positiveInt(1, 10_000).default(30),
  // E-mail (invitations, trial decisions). Unset: every message stays in the outbox table, readable by
  // the Super Admin at /system-settings, so a single-box install without a mail server loses none.
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL like smtp://user:pass@mail.example.org:587' }).optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).default('CaseBridge <no-reply@casebridge.local>'),
  // Where the team hears of a new contact-us request (issue 17). Unset: every active Super Admin.
  NOTIFY_EMAIL: z.email({ error: 'must be an e-mail address like team@example.org' }).optional(),
  // Where claim batches go (issue 33, decision 0061): a medical-aid switch's HTTP endpoint that takes the
  // batch JSON and answers per line. Unset: each batch is written to DATA_DIR/claims-outbox/ for the
  // practice's switch software to pick up, and the schemes' answers come back with the remittance.
  CLAIM_SWITCH_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL like https://switch.example.co.za/claims' }).optional(),
  // Largest legal document accepted (bytes; default 10 MB). Files are stored in the database.
  DOCUMENT_MAX_BYTES: positiveInt(1, 100 * 1024 * 1024).default(10 * 1024 * 1024),
  // How long a closed case and its records are kept before they may be de-identified (HPCSA: at least 6).
  RETENTION_YEARS: positiveInt(1, 100).default(6),
  // The audit trail's key (decision 0024): 64 hex characters. Unset: DATA_DIR/audit.key, created on
  // first start (mode 0600). Kept outside the database; back it up separately (README, "Backups").
  AUDIT_KEY: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (a 256-bit key, e.g. from "openssl rand -hex 32")')
    .optional(),
}).refine((c) => c.LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL >= c.LOGIN_MAX_FAILURES_PER_ACCOUNT, {
  path: ['LOGIN_MAX_FAILURES_PER_ACCOUNT_TOTAL'],
  message: 'must be at least LOGIN_MAX_FAILURES_PER_ACCOUNT',
});

export type Config = z.infer<typeof ZConfig>;

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one line naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ZConfig.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    const got = present[name];
    const shown = /SECRET|PASSWORD|KEY/.test(name) || got === undefined ? '' : ` (got "${got}")`;
    return `${name} ${issue.message}${shown}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

/** A fixed audit key for tests, so a test app never writes a key file into ./data. */
export const TEST_AUDIT_KEY = '7e57a0d1'.repeat(8);

/** Config for tests and tools: defaults plus the overrides given. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  // No sign-in slow-down unless a test asks for it: the suite makes many wrong guesses on purpose.
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', LOGIN_FAILURE_DELAY_MS: '0', AUDIT_KEY: TEST_AUDIT_KEY, ...overrides });
}

/**
 * 'auto' marks the cookie Secure when the request came over https (behind a proxy: with
 * TRUST_PROXY), so a clinic serving plain http on its LAN still gets a working sign-in.
 */
export function cookieSecurity(config: Config): boolean | 'auto' {
  return config.SESSION_COOKIE_SECURE === 'auto' ? 'auto' : config.SESSION_COOKIE_SECURE === 'true';
}

/** For entry points: a bad value prints one clear line and exits with code 1. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
