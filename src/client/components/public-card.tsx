import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './ui/card';
import { clearDemoIdentity } from '../lib/demo-identity';

// The card the public account pages (/forgot-password, /reset-password, /accept-invitation) sit in,
// sized like /login; `wide` for a page with a longer form.

interface PublicCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}

export function AuthCard({ title, description, children, footer, wide }: PublicCardProps) {
  return (
    <div className={wide ? 'mx-auto flex w-full max-w-md flex-col gap-6' : 'flex w-full max-w-sm flex-col gap-6'}>
      <Card>
        <CardHeader>
          <CardTitle asHeading="h1" className="text-xl">
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{children}</CardContent>
        {footer && <CardFooter className="justify-center text-sm">{footer}</CardFooter>}
      </Card>
    </div>
  );
}

export function Problem({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertTitle className="sr-only">Problem</AlertTitle>
      <AlertDescription>
        {message}
        {children}
      </AlertDescription>
    </Alert>
  );
}

/** The tRPC client chose the demo link at start-up: these pages need the real server. */
export function LeaveDemo({ title, what, wide }: { title: string; what: string; wide?: boolean }) {
  return (
    <AuthCard title={title} wide={wide}>
      <p className="text-sm text-muted-foreground">This browser is running the CaseBridge demo. Leave it to {what}.</p>
      <Button
        onClick={() => {
          clearDemoIdentity();
          window.location.reload();
        }}
      >
        Leave the demo and continue
      </Button>
    </AuthCard>
  );
}
