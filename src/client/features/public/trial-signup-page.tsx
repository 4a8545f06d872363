import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CheckCircle2, Headset, Mail, Phone } from 'lucide-react';
import {
  HOW_DID_YOU_HEAR, ORGANIZATION_TYPES_BY_PLATFORM, TRIAL_SUBMITTED_MESSAGE, ZTrialRequestInput, isTypeOfPlatform, type TTrialRequestInput,
} from '../../../shared/domain/onboarding';
import { PLATFORMS, PLATFORM_CONFIG, type TPlatform } from '../../../shared/platform';
import { SA_PROVINCES } from '../../../shared/domain/organizations';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form } from '../../components/ui/form-field';
import { usePageMeta } from '../../lib/page-meta';
import { useHydrated } from '../../lib/use-hydrated';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { describeFailure, SelectRow, showFieldErrors, TextareaRow, TextRow, toOptions } from './form-controls';
import { CONTACT, PublicPage } from './public-layout';

// SPEC §2.6, §3.7, §5, §8: the 30-day trial request, stored for the product team to review.

type TrialFields = Record<keyof TTrialRequestInput, string>;

const EMPTY: TrialFields = {
  platform: '', organizationName: '', organizationType: '', contactPersonName: '', email: '', phone: '', city: '', province: '',
  estimatedBeds: '', estimatedStaff: '', currentSystem: '', howDidYouHear: '', specificNeeds: '',
};

const PLATFORM_OPTIONS = PLATFORMS.map((value) => ({ value, label: PLATFORM_CONFIG[value].name }));
const isPlatform = (value: string): value is TPlatform => (PLATFORMS as readonly string[]).includes(value);

const INCLUDED = [
  'Full access to every feature for 30 days',
  'Up to 10 users',
  'Personal onboarding with our team',
  '24/7 support',
  'No credit card required',
];

function TrialForm({ onSubmitted }: { onSubmitted: () => void }) {
  const trpc = useTRPC();
  const submit = useMutation(trpc.onboarding.submitTrial.mutationOptions());
  const form = useForm<TrialFields, unknown, TTrialRequestInput>({
    // The form holds strings; the shared schema turns them into the stored shape (empty → unset).
    resolver: zodResolver(ZTrialRequestInput) as unknown as Resolver<TrialFields, unknown, TTrialRequestInput>,
    defaultValues: EMPTY,
  });
  const pending = submit.isPending;
  // Prerendered (decision 0048): the form waits for the script (lib/use-hydrated.ts).
  const hydrated = useHydrated();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submit.mutateAsync(values);
      toast({ title: 'Trial Request Submitted', description: TRIAL_SUBMITTED_MESSAGE });
      onSubmitted();
    } catch (error) {
      const failure = describeFailure(error);
      showFieldErrors(form.setError, failure.fields, Object.keys(EMPTY));
      // A duplicate request or too many requests: the server's reason tells the visitor what to do.
      const actionable = failure.code === 'CONFLICT' || failure.code === 'TOO_MANY_REQUESTS';
      toast({
        title: 'Submission Failed',
        description: actionable && failure.message ? failure.message : 'Failed to submit trial request. Please try again.',
        variant: 'destructive',
      });
    }
  });

  const { control } = form;
  // Each platform offers its own organisation types (issue 17); a type of another platform is cleared.
  const chosen = useWatch({ control, name: 'platform' });
  const platform = isPlatform(chosen) ? chosen : null;
  const type = useWatch({ control, name: 'organizationType' });
  useEffect(() => {
    if (platform && type && !isTypeOfPlatform(platform, type)) form.setValue('organizationType', '');
    if (platform && platform !== 'healthcare') form.setValue('estimatedBeds', '');
  }, [form, platform, type]);
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={pending || !hydrated} className="grid gap-8">
          <legend className="sr-only">Trial request</legend>
          <section aria-labelledby="trial-org" className="grid gap-4 sm:grid-cols-2">
            <h2 id="trial-org" className="font-semibold sm:col-span-2">Organization</h2>
            <TextRow control={control} name="organizationName" label="Organization name" required autoComplete="organization" className="sm:col-span-2" />
            <SelectRow control={control} name="platform" label="Platform" required placeholder="Select a platform" options={PLATFORM_OPTIONS} disabled={pending} />
            <SelectRow
              control={control}
              name="organizationType"
              label="Organization type"
              required
              placeholder={platform ? 'Select a type' : 'Choose a platform first'}
              options={platform ? toOptions(ORGANIZATION_TYPES_BY_PLATFORM[platform]) : []}
              disabled={pending || !platform}
            />
            <TextRow control={control} name="city" label="City" autoComplete="address-level2" />
            <SelectRow control={control} name="province" label="Province" placeholder="Select a province" options={toOptions(SA_PROVINCES)} disabled={pending} />
            <div className="grid grid-cols-2 gap-4 sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]">
              {/* Beds are a hospital's measure; a law firm or a department has none. */}
              {(platform ?? 'healthcare') === 'healthcare' && (
                <TextRow control={control} name="estimatedBeds" label="Estimated beds" type="number" inputMode="numeric" min={0} step={1} />
              )}
              <TextRow control={control} name="estimatedStaff" label="Estimated staff" type="number" inputMode="numeric" min={0} step={1} />
            </div>
          </section>
          <section aria-labelledby="trial-contact" className="grid gap-4 sm:grid-cols-2">
            <h2 id="trial-contact" className="font-semibold sm:col-span-2">Contact person</h2>
            <TextRow control={control} name="contactPersonName" label="Contact person name" required autoComplete="name" className="sm:col-span-2" />
            <TextRow control={control} name="email" label="Email" required type="email" autoComplete="email" />
            <TextRow control={control} name="phone" label="Phone" type="tel" autoComplete="tel" placeholder="+27 21 123 4567" />
          </section>
          <section aria-labelledby="trial-more" className="grid gap-4 sm:grid-cols-2">
            <h2 id="trial-more" className="font-semibold sm:col-span-2">About your needs</h2>
            <TextRow control={control} name="currentSystem" label="Current system" placeholder="e.g. paper files, spreadsheets" />
            <SelectRow control={control} name="howDidYouHear" label="How did you hear about us?" placeholder="Select an option" options={toOptions(HOW_DID_YOU_HEAR)} disabled={pending} />
            <TextareaRow control={control} name="specificNeeds" label="Specific needs" rows={4} className="sm:col-span-2" placeholder="Tell us what you would like CaseBridge to help with" />
          </section>
          <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-start">
            {pending ? 'Submitting...' : 'Request Free Trial'}
          </Button>
        </fieldset>
      </form>
    </Form>
  );
}

function Submitted() {
  // The confirmation replaces the form; moving focus to it lets screen readers announce the change.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card className="mx-auto max-w-xl text-center">
      <CardHeader className="justify-items-center gap-3">
        <CheckCircle2 className="size-12 text-primary" aria-hidden="true" />
        <CardTitle ref={heading} tabIndex={-1} asHeading="h1" className="text-2xl outline-none">
          Request Submitted!
        </CardTitle>
        <CardDescription className="text-base">
          Thank you. Our team will review your request and e-mail your access details within 24 hours, once it is approved.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-3">
        <Button asChild>
          <Link to="/">Return to Homepage</Link>
        </Button>
        <Button asChild variant="link">
          <a href="/api/login">Already have an account? Sign In</a>
        </Button>
      </CardContent>
    </Card>
  );
}

export function TrialSignupPage() {
  usePageMeta({
    title: 'Start Your Free 30-Day Trial | CaseBridge',
    description: 'Request a free 30-day CaseBridge trial: full feature access, up to 10 users, personal onboarding and 24/7 support. No credit card required.',
    keywords: ['free trial', 'case management trial', 'hospital software trial', 'South Africa'],
    path: '/trial-signup',
  });
  const [submitted, setSubmitted] = useState(false);
  const showSubmitted = () => {
    setSubmitted(true);
    window.scrollTo({ top: 0 });
  };

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
      {submitted ? (
        <Submitted />
      ) : (
        <div className="grid gap-8">
          <div className="grid max-w-2xl gap-2">
            <h1 className="text-3xl font-semibold tracking-tight">Start your free 30-day trial</h1>
            <p className="text-muted-foreground">Tell us about your organisation. We review every request and send access by e-mail within 24 hours.</p>
          </div>
          <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
            <Card>
              <CardContent>
                <TrialForm onSubmitted={showSubmitted} />
              </CardContent>
            </Card>
            <aside className="grid gap-6" aria-label="About the trial">
              <Card>
                <CardHeader>
                  <CardTitle>What's Included</CardTitle>
                </CardHeader>
                <CardContent>
                  <ul className="grid gap-2 text-sm">
                    {INCLUDED.map((item) => (
                      <li key={item} className="flex items-start gap-2">
                        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                        {item}
                      </li>
                    ))}
                  </ul>
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2">
                    <Headset className="size-5 text-primary" aria-hidden="true" />
                    Need Help?
                  </CardTitle>
                  <CardDescription>Questions before you start? Our support team is here around the clock.</CardDescription>
                </CardHeader>
                <CardContent className="grid gap-2 text-sm">
                  <a href={`mailto:${CONTACT.supportEmail}`} className="flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline">
                    <Mail className="size-4" aria-hidden="true" />
                    {CONTACT.supportEmail}
                  </a>
                  <a href={`tel:${CONTACT.phoneHref}`} className="flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline">
                    <Phone className="size-4" aria-hidden="true" />
                    {CONTACT.phone}
                  </a>
                </CardContent>
              </Card>
            </aside>
          </div>
        </div>
      )}
    </PublicPage>
  );
}
