// Secrets in a CRM integration's configuration (issue 16). The configuration is free-form (SPEC §3.5)
// and people put API keys and tokens in it. A secret never leaves the server: every answer drops the
// keys that look secret (*key*, *secret*, *token*, *password*, any case, at any depth), and those who
// hold crm.manage see only whether each is set (`secretsSet`, by dotted path). An update that leaves
// a secret out, blank ('') keeps the stored one; null removes it; any other value replaces it.
// Shared by the server and the demo, which answer alike.

export type TConfiguration = Record<string, unknown>;

const SECRET_KEY = /key|secret|token|password/i;

export const isSecretKey = (key: string) => SECRET_KEY.test(key);

const isPlainObject = (value: unknown): value is TConfiguration => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A secret counts as set when it holds something other than null or blank text. */
const isSet = (value: unknown) => value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');

// Configurations are at most 10,000 characters and 32 levels (json-depth.ts); the cap keeps a row
// written by other means from recursing without end.
const MAX_DEPTH = 32;

/** The configuration without its secrets, and which secrets are set. */
export function redactConfiguration(configuration: TConfiguration): { configuration: TConfiguration; secretsSet: Record<string, boolean> } {
  const secretsSet: Record<string, boolean> = {};
  const walk = (value: unknown, path: string, depth: number): unknown => {
    if (depth > MAX_DEPTH) return null;
    if (Array.isArray(value)) return value.map((item, i) => walk(item, `${path}.${i}`, depth + 1));
    if (!isPlainObject(value)) return value;
    const out: TConfiguration = {};
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${key}` : key;
      if (isSecretKey(key)) secretsSet[itemPath] = isSet(item);
      else out[key] = walk(item, itemPath, depth + 1);
    }
    return out;
  };
  return { configuration: walk(configuration, '', 0) as TConfiguration, secretsSet };
}

/** What to store when `incoming` is sent over `stored` (create: stored is {}). */
export function mergeConfiguration(stored: TConfiguration, incoming: TConfiguration, depth = 0): TConfiguration {
  const out: TConfiguration = {};
  for (const [key, value] of Object.entries(incoming)) {
    if (isSecretKey(key)) {
      if (value === null) continue; // removed
      if (isSet(value)) out[key] = value;
      else out[key] = key in stored ? stored[key] : value; // left blank: keeps the stored one (or an empty slot, "not set")
    } else if (isPlainObject(value) && isPlainObject(stored[key]) && depth < MAX_DEPTH) {
      out[key] = mergeConfiguration(stored[key] as TConfiguration, value, depth + 1);
    } else {
      out[key] = value;
    }
  }
  // Callers never see secrets, so an edited configuration comes back without them: keep them.
  for (const [key, value] of Object.entries(stored)) {
    if (isSecretKey(key) && !(key in incoming)) out[key] = value;
  }
  return out;
}
