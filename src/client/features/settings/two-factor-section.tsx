import { type FormEvent, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import type { TTwoFactorSetup, TTwoFactorStatus } from '../../../shared/domain/two-factor';
import { formatDateTime } from '../../../shared/format';
import { ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { AuthenticatorSetup } from '../../components/two-factor/authenticator-setup';
import { RecoveryCodes } from '../../components/two-factor/recovery-codes';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { SettingsSection } from './settings-section';

// Two-factor sign-in (issue 8): set up with an authenticator app (QR code, or the key typed in),
// recovery codes shown once, new codes, and turning it off where the organisation does not require it.

type Mode = 'idle' | 'password' | 'scan' | 'codes' | 'renew' | 'disable';

export function TwoFactorSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.account.twoFactor.queryOptions());
  const [mode, setMode] = useState<Mode>('idle');
  const [setup, setSetup] = useState<TTwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.twoFactor.queryKey() });
  // A refusal that names its fields shows under them (SecretForm), not as a raw "Input validation failed" toast.
  const failed = (title: string) => (error: unknown) => {
    if (fieldsOf(error)) return;
    toast({ title, description: errorMessage(error), variant: 'destructive' });
  };

  const start = useMutation(trpc.account.startTwoFactorEnrolment.mutationOptions({ onError: failed('Could not start the set-up') }));
  const confirm = useMutation(trpc.account.confirmTwoFactorEnrolment.mutationOptions({ onError: failed('Two-factor sign-in not turned on') }));
  const renew = useMutation(trpc.account.regenerateRecoveryCodes.mutationOptions({ onError: failed('No new recovery codes') }));
  const disable = useMutation(trpc.account.disableTwoFactor.mutationOptions({ onError: failed('Two-factor sign-in not turned off') }));

  const reset = () => {
    setMode('idle');
    setSetup(null);
  };

  let body;
  if (status.isPending) body = <ListSkeleton rows={2} />;
  else if (status.isError) body = <ErrorState title="Could not load two-factor sign-in" error={status.error} onRetry={() => void status.refetch()} />;
  else if (mode === 'codes') {
    body = (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes([]);
          reset();
        }}
      />
    );
  } else if (mode === 'password') {
    body = (
      <SecretForm
        fields={['password']}
        submitLabel="Continue"
        pending={start.isPending}
        onCancel={reset}
        onSubmit={async ({ password }) => {
          setSetup(await start.mutateAsync({ password }));
          setMode('scan');
        }}
      />
    );
  } else if (mode === 'scan' && setup) {
    body = (
      <div className="grid gap-4">
        <AuthenticatorSetup setup={setup} />
        <SecretForm
          fields={['code']}
          submitLabel="Turn on"
          pending={confirm.isPending}
          onCancel={reset}
          onSubmit={async ({ code }) => {
            const answer = await confirm.mutateAsync({ code });
            setCodes(answer.recoveryCodes);
            setMode('codes');
            toast({ title: 'Two-factor sign-in is on', description: 'Sign-ins now ask for a code from your app.' });
            await refresh();
          }}
        />
      </div>
    );
  } else if (mode === 'renew') {
    body = (
      <SecretForm
        fields={['password']}
        submitLabel="Make new codes"
        pending={renew.isPending}
        onCancel={reset}
        onSubmit={async ({ password }) => {
          const answer = await renew.mutateAsync({ password });
          setCodes(answer.recoveryCodes);
          setMode('codes');
          await refresh();
        }}
      />
    );
  } else if (mode === 'disable') {
    body = (
      <SecretForm
        fields={['password', 'code']}
        submitLabel="Turn off"
        destructive
        pending={disable.isPending}
        onCancel={reset}
        onSubmit={async ({ password, code }) => {
          await disable.mutateAsync({ password, code });
          toast({ title: 'Two-factor sign-in is off' });
          reset();
          await refresh();
        }}
      />
    );
  } else body = <Overview status={status.data} onEnrol={() => setMode('password')} onRenew={() => setMode('renew')} onDisable={() => setMode('disable')} />;

  return (
    <SettingsSection
      id="two-factor"
      title="Two-factor sign-in"
      description="A code from an authenticator app on your phone, asked after your password, keeps your account safe if the password leaks."
    >
      {body}
    </SettingsSection>
  );
}

function Overview({ status, onEnrol, onRenew, onDisable }: { status: TTwoFactorStatus; onEnrol: () => void; onRenew: () => void; onDisable: () => void }) {
  if (!status.enabled) {
    return (
      <div className="grid gap-3">
        <p className="text-sm">
          <Badge variant="outline">Off</Badge>{' '}
          {status.required ? 'Your account must use it: you will be asked to set it up at your next sign-in.' : 'Sign-ins ask only for your password.'}
        </p>
        <div>
          <Button type="button" onClick={onEnrol}>
            <ShieldCheck aria-hidden="true" />
            Set up two-factor sign-in
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        <Badge className="bg-emerald-700 text-white hover:bg-emerald-700">On</Badge> since {status.enabledAt ? formatDateTime(status.enabledAt) : '—'} ·{' '}
        {status.recoveryCodesLeft} recovery code{status.recoveryCodesLeft === 1 ? '' : 's'} left
      </p>
      {status.required && <p className="text-sm text-muted-foreground">Required for your account, so it cannot be turned off.</p>}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={onRenew}>
          New recovery codes
        </Button>
        {!status.required && (
          <Button type="button" variant="outline" onClick={onDisable}>
            Turn off
          </Button>
        )}
      </div>
    </div>
  );
}

type Field = 'password' | 'code';
const LABELS: Record<Field, string> = { password: 'Current password', code: 'Code from your authenticator app' };
/** What an empty field asks for, said before anything is sent (issue 17). */
const MISSING: Record<Field, string> = { password: 'Enter your password', code: 'Enter the code from your authenticator app' };

function fieldsOf(error: unknown): Partial<Record<Field, string>> | null {
  const fields = (error as { data?: { fields?: Record<string, string> } } | null)?.data?.fields;
  return fields && Object.keys(fields).length > 0 ? (fields as Partial<Record<Field, string>>) : null;
}

/** A small form of the password and/or a code; the server's field messages show under the fields. */
function SecretForm({ fields, submitLabel, pending, destructive, onSubmit, onCancel }: {
  fields: Field[];
  submitLabel: string;
  pending: boolean;
  destructive?: boolean;
  onSubmit: (values: Record<Field, string>) => Promise<void>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Record<Field, string>>({ password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries(fields.filter((field) => values[field].trim() === '').map((field) => [field, MISSING[field]]));
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    try {
      await onSubmit(values);
    } catch (error) {
      setErrors(fieldsOf(error) ?? {});
    }
  };
  return (
    <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
      {fields.map((field) => (
        <div key={field} className="grid gap-2">
          <Label htmlFor={`two-factor-${field}`}>{LABELS[field]}</Label>
          <Input
            id={`two-factor-${field}`}
            type={field === 'password' ? 'password' : 'text'}
            inputMode={field === 'code' ? 'numeric' : undefined}
            autoComplete={field === 'password' ? 'current-password' : 'one-time-code'}
            value={values[field]}
            onChange={(e) => setValues({ ...values, [field]: e.target.value })}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `two-factor-${field}-error` : undefined}
            disabled={pending}
            required
          />
          {errors[field] && (
            <p id={`two-factor-${field}-error`} className="text-sm text-destructive">
              {errors[field]}
            </p>
          )}
        </div>
      ))}
      <div className="flex gap-2">
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
          {pending ? 'Working...' : submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
