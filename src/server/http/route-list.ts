import type { FastifyInstance } from 'fastify';

// Every route the app registers, as method + URL, recorded as it is added. The walks over the whole
// surface (need-to-know, hostile input) read it, so a plain route added later is walked without
// being named.

export interface RegisteredRoute {
  method: string;
  url: string;
}

const routesByApp = new WeakMap<FastifyInstance, RegisteredRoute[]>();

export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  routesByApp.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url });
  });
}

export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return routesByApp.get(app) ?? [];
}
