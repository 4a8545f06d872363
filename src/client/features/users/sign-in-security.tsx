import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { errorMessage } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';

/**
 * The organisation's sign-in rule (issue 8): require two-factor sign-in of every member. Turning it
 * on signs nobody out; each member without it is asked to set it up at their next sign-in.
 */
export function SignInSecurity() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const security = useQuery(trpc.users.security.queryOptions());
  const change = useMutation(
    trpc.users.setSecurity.mutationOptions({
      onSuccess: async (answer) => {
        queryClient.setQueryData(trpc.users.security.queryKey(), answer);
        toast({
          title: answer.requireTwoFactor ? 'Two-factor sign-in required' : 'Two-factor sign-in optional',
          description: answer.requireTwoFactor
            ? `${answer.membersWithoutTwoFactor} member${answer.membersWithoutTwoFactor === 1 ? '' : 's'} will set it up at their next sign-in.`
            : 'Members choose for themselves at Settings.',
        });
      },
      onError: (error) => toast({ title: 'Sign-in rule not changed', description: errorMessage(error), variant: 'destructive' }),
    }),
  );
  if (!security.data) return null;
  const { requireTwoFactor, membersWithoutTwoFactor } = security.data;
  return (
    <section aria-labelledby="security-heading" className="grid gap-2 rounded-lg border bg-card p-4" data-testid="sign-in-security">
      <h2 id="security-heading" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
        Sign-in security
      </h2>
      <p className="text-sm text-muted-foreground">
        {requireTwoFactor
          ? `Every member must sign in with a code from an authenticator app. ${membersWithoutTwoFactor} active member${membersWithoutTwoFactor === 1 ? ' has' : 's have'} not set it up yet and will be asked at their next sign-in.`
          : `Two-factor sign-in is each member's choice (Settings). ${membersWithoutTwoFactor} active member${membersWithoutTwoFactor === 1 ? ' has' : 's have'} not set it up.`}
      </p>
      <div>
        <Button type="button" variant={requireTwoFactor ? 'outline' : 'default'} disabled={change.isPending} onClick={() => change.mutate({ requireTwoFactor: !requireTwoFactor })}>
          {requireTwoFactor ? 'Stop requiring two-factor sign-in' : 'Require two-factor sign-in'}
        </Button>
      </div>
    </section>
  );
}
