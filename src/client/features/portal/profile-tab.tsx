import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { useTRPC } from '../../trpc';
import { formatCalendarDay, formatDate } from '../../../shared/format';
import { Detail } from './portal-format';

// SPEC §2.13 My Profile: personal, contact, emergency contact and medical aid sections. Name,
// e-mail and date of birth are the hospital's records; the rest the patient edits.

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-3 rounded-lg border bg-card p-4" aria-labelledby={`profile-${title.replace(/\W+/g, '-').toLowerCase()}`}>
      <h3 id={`profile-${title.replace(/\W+/g, '-').toLowerCase()}`} className="text-sm font-semibold">
        {title}
      </h3>
      <dl className="grid gap-3 sm:grid-cols-2">{children}</dl>
    </section>
  );
}

export function ProfileTab({ onEdit }: { onEdit: () => void }) {
  const trpc = useTRPC();
  const profile = useQuery(trpc.portal.profile.queryOptions());
  if (profile.isPending) return <ListSkeleton rows={6} label="Loading your profile" />;
  if (profile.isError) return <ErrorState title="Could not load your profile" error={profile.error} onRetry={() => void profile.refetch()} />;
  const p = profile.data;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {p.updatedAt ? `Last updated ${formatDate(p.updatedAt)}` : 'Keep your contact and medical aid details up to date.'}
        </p>
        <Button onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit Profile
        </Button>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Section title="Personal information">
          <Detail label="Full name" value={`${p.firstName} ${p.lastName}`.trim()} />
          <Detail label="Date of birth" value={formatCalendarDay(p.dateOfBirth)} />
          <Detail label="Email" value={p.email} />
        </Section>
        <Section title="Contact details">
          <Detail label="Phone" value={p.phone} />
          <Detail label="Address" value={p.address} />
        </Section>
        <Section title="Emergency contact">
          <Detail label="Name" value={p.emergencyContactName} />
          <Detail label="Relationship" value={p.emergencyContactRelationship} />
          <Detail label="Phone" value={p.emergencyContactPhone} />
        </Section>
        <Section title="Medical aid">
          <Detail label="Scheme" value={p.medicalAidScheme} />
          <Detail label="Membership number" value={p.medicalAidNumber} />
          <Detail label="Main member" value={p.medicalAidMainMember} />
        </Section>
      </div>
    </div>
  );
}
