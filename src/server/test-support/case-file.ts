import type { LightMyRequestResponse } from 'fastify';
import type { TPlatform } from '../../shared/platform';
import { ORIGIN, type TestApp, createOrganization, createUser, signIn } from './test-app';

// The people and calls the case-file tests share (case-edit, case-team, timeline, restricted-case):
// one organisation per platform with an Administrator, clinicians or fee-earners, and a Patient.

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';

export function apiOf(t: TestApp) {
  return (method: Method, url: string, cookie: string, payload?: object): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
}

export interface Person {
  id: string;
  email: string;
  cookie: string;
}

export async function person(t: TestApp, organizationId: string, role: string, firstName: string): Promise<Person> {
  const user = await createUser(t.db, { organizationId, role, firstName });
  return { ...user, cookie: await signIn(t.app, user.email) };
}

export async function organisation(t: TestApp, name: string, platform: TPlatform = 'healthcare') {
  return createOrganization(t.db, name, platform);
}
