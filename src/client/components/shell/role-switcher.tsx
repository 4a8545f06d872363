import { ChevronsUpDown, UserRound } from 'lucide-react';
import { DEMO_ROLES, type DemoRoleCard } from '../../../shared/demo-roles';
import { storeDemoIdentity } from '../../lib/demo-identity';
import type { Identity } from '../../lib/identity';
import { cn } from '../../lib/utils';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { Tooltip, TooltipContent, TooltipTrigger } from '../ui/tooltip';

/** The card the identity came from: the stored demo id, else the first card of the same role. */
function cardOf(identity: Identity, cards: readonly DemoRoleCard[]): DemoRoleCard | undefined {
  return cards.find((card) => card.id === identity.userId) ?? cards.find((card) => card.productRole === identity.role);
}

/**
 * SPEC §2.8 / §4 'Current Role'. In demo mode: the platform's 8 demo roles, and a choice becomes the
 * new demo identity (the page reloads; fixtures follow the role). Signed in, a person holds one role
 * in their organisation, so it shows that role and offers nothing to switch to (decision 0027): a
 * picker of roles they do not hold would change nothing and mislead.
 */
export function RoleSwitcher({ identity, collapsed }: { identity: Identity; collapsed: boolean }) {
  if (identity.status !== 'demo') return <CurrentRole identity={identity} collapsed={collapsed} />;
  return <DemoRoleSwitcher identity={identity} collapsed={collapsed} />;
}

function CurrentRole({ identity, collapsed }: { identity: Identity; collapsed: boolean }) {
  const role = identity.isSuperAdmin ? 'Super Admin' : identity.role;
  if (collapsed) {
    return (
      <Tooltip>
        <TooltipTrigger asChild>
          <span className="flex size-8 items-center justify-center rounded-md">
            <UserRound className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className="sr-only">Current Role: {role}</span>
          </span>
        </TooltipTrigger>
        <TooltipContent side="right">Current Role: {role}</TooltipContent>
      </Tooltip>
    );
  }
  return (
    <div className="flex w-full items-center gap-2 rounded-md border bg-background px-2.5 py-2" data-testid="current-role">
      <UserRound className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <span className="grid min-w-0 flex-1 leading-tight">
        <span className="text-xs text-muted-foreground">Current Role</span>
        <span className="truncate text-sm font-medium">{role}</span>
      </span>
    </div>
  );
}

function DemoRoleSwitcher({ identity, collapsed }: { identity: Identity; collapsed: boolean }) {
  const cards = DEMO_ROLES[identity.platform];
  const selected = cardOf(identity, cards);
  const currentTitle = selected?.title ?? identity.role;

  function choose(cardId: string) {
    const card = cards.find((candidate) => candidate.id === cardId);
    if (!card || card.id === identity.userId) return;
    storeDemoIdentity({ userId: card.id, role: card.productRole, name: card.personName, isSuperAdmin: card.isSuperAdmin, platform: identity.platform });
    window.location.reload();
  }

  const trigger = (
    <DropdownMenuTrigger
      className={cn(
        'flex w-full items-center gap-2 rounded-md border bg-background text-left outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
        collapsed ? 'size-8 justify-center border-transparent bg-transparent p-0' : 'px-2.5 py-2',
      )}
      aria-label={collapsed ? `Current Role: ${currentTitle}` : undefined}
    >
      <UserRound className="size-4 shrink-0 text-primary" aria-hidden="true" />
      {!collapsed && (
        <>
          <span className="grid min-w-0 flex-1 leading-tight">
            <span className="text-xs text-muted-foreground">Current Role</span>
            <span className="truncate text-sm font-medium">{currentTitle}</span>
          </span>
          <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </>
      )}
    </DropdownMenuTrigger>
  );

  return (
    <DropdownMenu>
      {collapsed ? (
        <Tooltip>
          <TooltipTrigger asChild>{trigger}</TooltipTrigger>
          <TooltipContent side="right">Current Role: {currentTitle}</TooltipContent>
        </Tooltip>
      ) : (
        trigger
      )}
      <DropdownMenuContent side={collapsed ? 'right' : 'bottom'} align="start" className="w-64">
        <DropdownMenuLabel>Switch demo role</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={selected?.id ?? ''} onValueChange={choose}>
          {cards.map((card) => (
            <DropdownMenuRadioItem key={card.id} value={card.id} className="items-start">
              <span className="grid leading-tight">
                <span>{card.title}</span>
                <span className="text-xs text-muted-foreground">{card.productRole}</span>
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
