import { generateOpenApiDocument } from 'trpc-to-openapi';
import type { Config } from '../config';
import { appRouter } from '../router';

/** The OpenAPI document of every procedure that carries an /api path, generated from the procedures themselves. */
export function buildOpenApiDocument(config: Config) {
  return generateOpenApiDocument(appRouter, {
    title: 'CaseBridge API',
    description: 'Case management for healthcare, legal and medicolegal organisations. Sign in with POST /api/auth/login; send the session cookie it sets, or its token as a bearer token.',
    version: '1.0.0',
    baseUrl: '/api',
    securitySchemes: {
      sessionCookie: { type: 'apiKey', in: 'cookie', name: config.SESSION_COOKIE_NAME },
      bearerToken: { type: 'http', scheme: 'bearer' },
    },
  });
}
