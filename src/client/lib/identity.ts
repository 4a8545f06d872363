import { notFound } from '@tanstack/react-router';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { TCurrentUser } from '../../shared/domain/auth';
import type { TPlatform } from '../../shared/platform';
import { DEFAULT_ROLE, SUPER_ADMIN } from '../../shared/roles';
import { useTRPC, type Trpc } from '../trpc';
import { readDemoIdentity, type DemoIdentity } from './demo-identity';

// Who is using the app (SPEC §2.1, §6): a demo identity kept in localStorage, or a signed-in server
// user from trpc.auth.session, or nobody. Routes decide with `loadIdentity` in beforeLoad; components read
// the same answer with `useIdentity()`.

export type IdentityStatus = 'loading' | 'none' | 'demo' | 'signed-in';

export interface Identity {
  status: IdentityStatus;
  userId: string | null;
  /** Full name for display; '' when there is nobody. */
  name: string;
  firstName: string;
  lastName: string;
  email: string | null;
  /** SPEC §6: the stored demo role, else the signed-in user's role, else Support Staff. */
  role: string;
  isSuperAdmin: boolean;
  platform: TPlatform;
  caseTerminology: 'patient' | 'client';
  organizationName: string | null;
  /** False on a signed-in user's first sign-in ever ("Welcome", not "Welcome back"). */
  signedInBefore: boolean;
  /**
   * Whether the install sends e-mail (decision 0057): without it an Administrator is shown the
   * invitation and reset links to pass on. The demo has no mail server.
   */
  mailServer: boolean;
}

const terminologyOf = (platform: TPlatform): 'patient' | 'client' => (platform === 'healthcare' ? 'patient' : 'client');

function nobody(status: 'loading' | 'none'): Identity {
  return {
    status,
    userId: null,
    name: '',
    firstName: '',
    lastName: '',
    email: null,
    role: DEFAULT_ROLE,
    isSuperAdmin: false,
    platform: 'healthcare',
    caseTerminology: 'patient',
    organizationName: null,
    signedInBefore: true,
    mailServer: false,
  };
}

function fromDemo(demo: DemoIdentity): Identity {
  const [firstName = '', ...rest] = demo.name.trim().split(/\s+/);
  return {
    status: 'demo',
    userId: demo.userId,
    name: demo.name,
    firstName,
    lastName: rest.join(' '),
    email: null,
    role: demo.role || DEFAULT_ROLE,
    // readDemoIdentity applies SPEC §6 for demo: the stored flag or the demo id superadmin1.
    isSuperAdmin: demo.isSuperAdmin,
    platform: demo.platform,
    caseTerminology: demo.caseTerminology,
    organizationName: null,
    signedInBefore: true,
    mailServer: false,
  };
}

function fromUser(user: TCurrentUser): Identity {
  const platform = user.organization?.platform ?? 'healthcare';
  return {
    status: 'signed-in',
    userId: user.id,
    name: [user.firstName, user.lastName].filter(Boolean).join(' '),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role || DEFAULT_ROLE,
    isSuperAdmin: user.isSuperAdmin || user.role === SUPER_ADMIN,
    platform,
    caseTerminology: terminologyOf(platform),
    organizationName: user.organization?.name ?? null,
    signedInBefore: user.signedInBefore,
    mailServer: user.mailServer,
  };
}

/**
 * The signed-in user, or null when nobody is. trpc.auth.session answers null for "signed out"
 * (issue 17), so a public page's start-up check is no failed request in the console. Invalidating
 * its key re-reads it.
 */
export function currentUserQueryOptions(trpc: Trpc) {
  return trpc.auth.session.queryOptions();
}

/** For beforeLoad: the identity, asking the server only when no demo identity is stored. */
export async function loadIdentity(queryClient: QueryClient, trpc: Trpc): Promise<Identity> {
  const demo = readDemoIdentity();
  if (demo) return fromDemo(demo);
  const user = await queryClient.ensureQueryData(currentUserQueryOptions(trpc));
  return user ? fromUser(user) : nobody('none');
}

/**
 * A prerendered public page (decision 0048) is only ever sent to a request without a session
 * cookie, and is built without one: the answer to "who is signed in?" is known to be nobody, so
 * neither the build nor the page's first load asks the server.
 */
export function assumeSignedOut(queryClient: QueryClient, trpc: Trpc): void {
  queryClient.setQueryData(currentUserQueryOptions(trpc).queryKey, null);
}

/** After a sign-in: forget the cached "nobody" so the next page asks the server again. */
export function resetIdentity(queryClient: QueryClient, trpc: Trpc): void {
  queryClient.removeQueries({ queryKey: trpc.auth.session.queryKey() });
}

export function useIdentity(): Identity {
  const trpc = useTRPC();
  const demo = readDemoIdentity();
  const { data, isPending, isError } = useQuery({ ...currentUserQueryOptions(trpc), enabled: demo === null });
  if (demo) return fromDemo(demo);
  if (isPending) return nobody('loading');
  // An unanswered probe (server down) reads as nobody; the route's own load shows the error page.
  if (isError || !data) return nobody('none');
  return fromUser(data);
}

/** SPEC §2.1: the Patient role sees only the patient portal at /. */
export function isPatient(identity: Pick<Identity, 'role' | 'isSuperAdmin'>): boolean {
  return identity.role === 'Patient' && !identity.isSuperAdmin;
}

/** Staff: an identity that works inside the application shell. */
export function isStaff(identity: Identity): boolean {
  return (identity.status === 'demo' || identity.status === 'signed-in') && !isPatient(identity);
}

/** For beforeLoad of app paths other than /: nobody and Patients get the 404 page (SPEC §2.1). */
export function requireStaff(identity: Identity): void {
  if (!isStaff(identity)) throw notFound();
}

/** For beforeLoad of pages every signed-in person has (/settings): staff, a Patient, a Super Admin. */
export function requireSignedIn(identity: Identity): void {
  if (identity.status !== 'demo' && identity.status !== 'signed-in') throw notFound();
}
