import type { TTwoFactorSetup } from '../../../shared/domain/two-factor';

/** The QR code an authenticator app scans, and the same key as text for typing in by hand. */
export function AuthenticatorSetup({ setup }: { setup: TTwoFactorSetup }) {
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;
  return (
    <div className="grid gap-3 sm:grid-cols-[auto_1fr] sm:items-center">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code to scan with your authenticator app"
        width={176}
        height={176}
        className="rounded-md border bg-white p-1"
      />
      <div className="grid gap-2 text-sm">
        <p>
          Scan the code with an authenticator app (Google Authenticator, Microsoft Authenticator, FreeOTP …), or choose “enter a setup key”
          and type this key:
        </p>
        <code data-testid="totp-secret" className="rounded bg-muted px-2 py-1 font-mono text-sm tracking-wider break-all">
          {grouped}
        </code>
        <p className="text-muted-foreground">Then enter the 6-digit code the app shows.</p>
      </div>
    </div>
  );
}
