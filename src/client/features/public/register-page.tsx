import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight, CheckCircle2, Mail, MonitorPlay, Phone, Sparkles } from 'lucide-react';
import {
  REGISTRATION_ORGANIZATION_TYPES, REGISTRATION_PLATFORMS, REGISTRATION_SUBMITTED_MESSAGE, REGISTRATION_USER_COUNTS,
  ZRegistrationRequestInput, type TRegistrationRequestInput,
} from '../../../shared/domain/onboarding';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form } from '../../components/ui/form-field';
import { usePageMeta } from '../../lib/page-meta';
import { useHydrated } from '../../lib/use-hydrated';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { describeFailure, SelectRow, showFieldErrors, TextareaRow, TextRow, type Option } from './form-controls';
import { CONTACT, PublicPage } from './public-layout';

// SPEC §2.4, §5, §8: 'Contact Us for Registration' — an organisation asks the team to set up an account.

type RegistrationFields = Record<keyof TRegistrationRequestInput, string>;

const EMPTY: RegistrationFields = {
  organizationName: '', contactPerson: '', email: '', phone: '', organizationType: '', platform: '', userCount: '', message: '',
};

const ORGANIZATION_TYPE_LABELS: Record<(typeof REGISTRATION_ORGANIZATION_TYPES)[number], string> = {
  hospital: 'Hospital', clinic: 'Clinic', health_center: 'Health Center', law_firm: 'Law Firm',
  legal_practice: 'Legal Practice', government: 'Government', other: 'Other',
};
const PLATFORM_LABELS: Record<(typeof REGISTRATION_PLATFORMS)[number], string> = {
  healthcare: 'Healthcare', legal: 'Legal', medicolegal: 'Medicolegal', multiple: 'Multiple platforms',
};

const ORGANIZATION_TYPE_OPTIONS: Option[] = REGISTRATION_ORGANIZATION_TYPES.map((value) => ({ value, label: ORGANIZATION_TYPE_LABELS[value] }));
const PLATFORM_OPTIONS: Option[] = REGISTRATION_PLATFORMS.map((value) => ({ value, label: PLATFORM_LABELS[value] }));
const USER_COUNT_OPTIONS: Option[] = REGISTRATION_USER_COUNTS.map((value) => ({ value, label: `${value} users` }));

function RegistrationForm({ onSent }: { onSent: () => void }) {
  const trpc = useTRPC();
  const send = useMutation(trpc.onboarding.submitRegistration.mutationOptions());
  const form = useForm<RegistrationFields, unknown, TRegistrationRequestInput>({
    resolver: zodResolver(ZRegistrationRequestInput) as unknown as Resolver<RegistrationFields, unknown, TRegistrationRequestInput>,
    defaultValues: EMPTY,
  });
  const pending = send.isPending;
  // Prerendered (decision 0048): the form waits for the script (lib/use-hydrated.ts).
  const hydrated = useHydrated();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast({ title: 'Message Sent Successfully', description: REGISTRATION_SUBMITTED_MESSAGE });
      onSent();
    } catch (error) {
      const failure = describeFailure(error);
      showFieldErrors(form.setError, failure.fields, Object.keys(EMPTY));
      toast({
        title: 'Error',
        description: failure.code === 'TOO_MANY_REQUESTS' && failure.message ? failure.message : 'Failed to send message. Please try again or contact us directly.',
        variant: 'destructive',
      });
    }
  });

  const { control } = form;
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={pending || !hydrated} className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">Registration request</legend>
          <TextRow control={control} name="organizationName" label="Organization name" required autoComplete="organization" className="sm:col-span-2" />
          <TextRow control={control} name="contactPerson" label="Contact person" required autoComplete="name" />
          <TextRow control={control} name="email" label="Email" required type="email" autoComplete="email" />
          <TextRow control={control} name="phone" label="Phone" type="tel" autoComplete="tel" placeholder="+27 11 123 4567" />
          <SelectRow control={control} name="organizationType" label="Organization type" required placeholder="Select a type" options={ORGANIZATION_TYPE_OPTIONS} disabled={pending} />
          <SelectRow control={control} name="platform" label="Platform" required placeholder="Select a platform" options={PLATFORM_OPTIONS} disabled={pending} />
          <SelectRow control={control} name="userCount" label="Number of users" placeholder="Select a range" options={USER_COUNT_OPTIONS} disabled={pending} />
          <TextareaRow control={control} name="message" label="Message" rows={4} className="sm:col-span-2" placeholder="Tell us about your organization and what you need" />
          <Button type="submit" size="lg" className="w-full sm:col-span-2 sm:w-auto sm:justify-self-start">
            {pending ? 'Sending Request...' : 'Send Request'}
          </Button>
        </fieldset>
      </form>
    </Form>
  );
}

function Sent() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card className="mx-auto max-w-xl text-center">
      <CardHeader className="justify-items-center gap-3">
        <CheckCircle2 className="size-12 text-primary" aria-hidden="true" />
        <CardTitle ref={heading} tabIndex={-1} asHeading="h1" className="text-2xl outline-none">
          Thank you, we have your request
        </CardTitle>
        <CardDescription className="text-base">{REGISTRATION_SUBMITTED_MESSAGE}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center justify-center gap-3 sm:flex-row">
        <Button asChild>
          <Link to="/login">Sign In</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/trial-signup">Start Free Trial</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/">Back to Homepage</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function Alternatives() {
  return (
    <aside className="grid gap-6" aria-label="Other ways to start">
      <Card>
        <CardHeader>
          <CardTitle>Prefer to start right away?</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Button asChild variant="outline" className="justify-between">
            <Link to="/trial-signup">
              <span className="flex items-center gap-2">
                <Sparkles aria-hidden="true" />
                Start a free 30-day trial
              </span>
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild variant="outline" className="justify-between">
            <Link to="/select-user">
              <span className="flex items-center gap-2">
                <MonitorPlay aria-hidden="true" />
                Try the demo
              </span>
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Contact us directly</CardTitle>
          <CardDescription>Weekdays 08:00–17:00 SAST; e-mail any time.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <a href={`mailto:${CONTACT.email}`} className="flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline">
            <Mail className="size-4" aria-hidden="true" />
            {CONTACT.email}
          </a>
          <a href={`tel:${CONTACT.phoneHref}`} className="flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline">
            <Phone className="size-4" aria-hidden="true" />
            {CONTACT.phone}
          </a>
        </CardContent>
      </Card>
    </aside>
  );
}

export function RegisterPage() {
  usePageMeta({
    title: 'Contact Us for Registration | CaseBridge',
    description: 'Ask the CaseBridge team to set up an account for your hospital, clinic, law firm or government department. We reply within 24 hours.',
    keywords: ['CaseBridge registration', 'contact us', 'case management account', 'South Africa'],
    path: '/register',
  });
  const [sent, setSent] = useState(false);

  return (
    <PublicPage
      header={
        <Button asChild variant="ghost" size="sm">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      }
    >
      {sent ? (
        <Sent />
      ) : (
        <div className="grid gap-8">
          <div className="grid max-w-2xl gap-2">
            <h1 className="text-3xl font-semibold tracking-tight">Contact Us for Registration</h1>
            <p className="text-muted-foreground">
              Tell us about your organisation and we will set up your account.
            </p>
          </div>
          <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
            <Card>
              <CardContent>
                <RegistrationForm onSent={() => setSent(true)} />
              </CardContent>
            </Card>
            <Alternatives />
          </div>
        </div>
      )}
    </PublicPage>
  );
}
