import { generateOpenApiDocument } from 'trpc-to-openapi';
import type { Config } from '../config';
import { appRouter } from '../router';
import { restPathGroups } from './shared-paths';

type Operation = {
  summary?: string;
  parameters?: { name: string; in: string }[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Document = ReturnType<typeof generateOpenApiDocument>;

/**
 * The OpenAPI document of every procedure that carries an /api path, generated from the procedures
 * themselves. A path shared by one procedure per platform (shared-paths.ts) is listed once: the
 * first procedure's operation, its summary followed by the others', its answer `oneOf` theirs.
 */
export function buildOpenApiDocument(config: Config) {
  const options = {
    title: 'CaseBridge API',
    description:
      'Case management for healthcare, legal and medicolegal organisations. Sign in with POST /api/auth/login; send the session cookie it sets, or its token as a bearer token.',
    version: '1.0.0',
    baseUrl: '/api',
    securitySchemes: {
      sessionCookie: { type: 'apiKey' as const, in: 'cookie' as const, name: config.SESSION_COOKIE_NAME },
      bearerToken: { type: 'http' as const, scheme: 'bearer' },
    },
  };
  const others = [...restPathGroups(appRouter).values()].flatMap((variants) => variants.slice(1));
  const hidden = new Set<unknown>(others.map((v) => v.meta.openapi));
  const document = generateOpenApiDocument(appRouter, { ...options, filter: ({ metadata }) => !hidden.has(metadata.openapi) });
  for (const other of others) {
    const alone: Document = generateOpenApiDocument(appRouter, { ...options, filter: ({ metadata }) => metadata.openapi === other.meta.openapi });
    mergeOperation(document, alone, other.meta.openapi.path, other.meta.openapi.method.toLowerCase());
  }
  return document;
}

function mergeOperation(into: Document, from: Document, path: string, method: string): void {
  const target = (into.paths?.[path] as Record<string, Operation> | undefined)?.[method];
  const source = (from.paths?.[path] as Record<string, Operation> | undefined)?.[method];
  if (!target || !source) return;
  target.summary = [target.summary, source.summary].filter(Boolean).join(' — ');
  const known = new Set((target.parameters ?? []).map((p) => `${p.in} ${p.name}`));
  target.parameters = [...(target.parameters ?? []), ...(source.parameters ?? []).filter((p) => !known.has(`${p.in} ${p.name}`))];
  const json = (operation: Operation) => operation.responses?.['200']?.content?.['application/json'];
  const [mine, theirs] = [json(target), json(source)];
  if (mine && theirs) mine.schema = { oneOf: [mine.schema, theirs.schema] };
  into.components = { ...into.components, schemas: { ...into.components?.schemas, ...from.components?.schemas } };
}
