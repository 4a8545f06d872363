import { useState } from 'react';
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
 * SPEC §2.8 / §4 'Current Role': the platform's 8 demo roles. In demo mode a choice becomes the new
 * demo identity and the page reloads (fixtures follow the role); outside demo mode it only changes
 * this local selection — a signed-in user's access always follows their own account.
 */
export function RoleSwitcher({ identity, collapsed }: { identity: Identity; collapsed: boolean }) {
  const cards = DEMO_ROLES[identity.platform];
  const [localSelection, setLocalSelection] = useState<string | undefined>(() => cardOf(identity, cards)?.id);
  const isDemo = identity.status === 'demo';
  const selected = isDemo ? cardOf(identity, cards) : cards.find((card) => card.id === localSelection);
  const currentTitle = selected?.title ?? identity.role;

  function choose(cardId: string) {
    const card = cards.find((candidate) => candidate.id === cardId);
    if (!card) return;
    if (!isDemo) {
      setLocalSelection(card.id);
      return;
    }
    if (card.id === identity.userId) return;
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
        <DropdownMenuLabel>{isDemo ? 'Switch demo role' : 'View as role'}</DropdownMenuLabel>
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
