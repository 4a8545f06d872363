import { type FormEvent, useEffect, useState } from 'react';
import { CircleAlert } from 'lucide-react';
import type { TTwoFactorSetup } from '../../../shared/domain/two-factor';
import { AuthenticatorSetup } from './authenticator-setup';
import { RecoveryCodes } from './recovery-codes';
import { Alert, AlertDescription } from '../ui/alert';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import type { TAuthResult } from '../../../shared/domain/auth';
import { SignInStepError, finishTwoFactorEnrolment, startTwoFactorEnrolment, verifyTwoFactor } from '../../lib/sign-in-steps';

// The step after a right password (issue 8): the code from the authenticator app (or a recovery
// code), or — when two-factor sign-in is required and not set up yet — the set-up itself, ending
// with the recovery codes. `onSignedIn` runs once a session exists.

export interface TwoFactorChallenge {
  purpose: 'verify' | 'enrol';
  challenge: string;
}

interface Props extends TwoFactorChallenge {
  onSignedIn: (result: TAuthResult) => void | Promise<void>;
  /** The step expired or ran out of tries: back to the password. */
  onRestart: () => void;
}

export function TwoFactorStep(props: Props) {
  return props.purpose === 'verify' ? <VerifyStep {...props} /> : <EnrolStep {...props} />;
}

function messageOf(error: unknown): string {
  if (error instanceof SignInStepError) return Object.values(error.fields)[0] ?? error.message;
  return error instanceof Error && error.message ? error.message : 'Sign-in failed. Please try again.';
}

const expired = (error: unknown) => error instanceof SignInStepError && error.status === 409;

function CodeInput({ id, value, onChange, disabled }: { id: string; value: string; onChange: (v: string) => void; disabled: boolean }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Authentication code</Label>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={8}
        placeholder="123 456"
        required
        autoFocus
        disabled={disabled}
      />
    </div>
  );
}

function StepError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

function VerifyStep({ challenge, onSignedIn, onRestart }: Props) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      const result = await verifyTwoFactor(useRecovery ? { challenge, recoveryCode: value } : { challenge, code: value });
      await onSignedIn(result);
    } catch (caught) {
      if (expired(caught)) onRestart();
      setError(messageOf(caught));
      setValue('');
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Two-factor sign-in">
      <p className="text-sm text-muted-foreground">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in.'
          : 'Open your authenticator app and enter the 6-digit code for CaseBridge.'}
      </p>
      <StepError message={error} />
      {useRecovery ? (
        <div className="grid gap-2">
          <Label htmlFor="recovery-code">Recovery code</Label>
          <Input
            id="recovery-code"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoComplete="off"
            required
            autoFocus
            disabled={pending}
          />
        </div>
      ) : (
        <CodeInput id="totp-code" value={value} onChange={setValue} disabled={pending} />
      )}
      <Button type="submit" className="w-full" disabled={pending || value.trim() === ''}>
        {pending ? 'Verifying...' : 'Verify'}
      </Button>
      <Button
        type="button"
        variant="link"
        size="sm"
        onClick={() => {
          setUseRecovery(!useRecovery);
          setValue('');
          setError(null);
        }}
      >
        {useRecovery ? 'Use the code from my app' : 'Use a recovery code instead'}
      </Button>
    </form>
  );
}

function EnrolStep({ challenge, onSignedIn, onRestart }: Props) {
  const [setup, setSetup] = useState<TTwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [finished, setFinished] = useState<TAuthResult | null>(null);

  useEffect(() => {
    let live = true;
    startTwoFactorEnrolment(challenge).then(
      (answer) => live && setSetup(answer),
      (caught: unknown) => {
        if (!live) return;
        if (expired(caught)) onRestart();
        setError(messageOf(caught));
      },
    );
    return () => {
      live = false;
    };
  }, [challenge, onRestart]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      setFinished(await finishTwoFactorEnrolment({ challenge, code }));
    } catch (caught) {
      if (expired(caught)) onRestart();
      setError(messageOf(caught));
      setCode('');
    } finally {
      setPending(false);
    }
  };

  if (finished) {
    return (
      <RecoveryCodes
        codes={finished.recoveryCodes ?? []}
        onDone={() => void onSignedIn(finished)}
        doneLabel="I have saved these codes — continue"
      />
    );
  }
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Set up two-factor sign-in">
      <p className="text-sm text-muted-foreground">
        Your account must sign in with a second factor. Set it up once with an authenticator app on your phone.
      </p>
      <StepError message={error} />
      {setup ? <AuthenticatorSetup setup={setup} /> : !error && <p className="text-sm text-muted-foreground">Preparing your QR code...</p>}
      <CodeInput id="enrol-code" value={code} onChange={setCode} disabled={pending || !setup} />
      <Button type="submit" className="w-full" disabled={pending || !setup || code.trim() === ''}>
        {pending ? 'Checking...' : 'Turn on and sign in'}
      </Button>
    </form>
  );
}
