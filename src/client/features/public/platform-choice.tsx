import type { ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { ArrowRight, Gavel, HeartPulse, Scale, type LucideIcon } from 'lucide-react';
import { PLATFORMS, type TPlatform } from '../../../shared/platform';
import { DEMO_KEYS } from '../../lib/demo-identity';
import { Button } from '../../components/ui/button';
import { useHydrated } from '../../lib/use-hydrated';

// The three platform choices of SPEC §2.2, used by the hero's 'Try Demo Access' dialog and by the
// Demo Access section. A choice is remembered as selected_platform (§3.9) and leads to the role
// picker, which reads it when no ?platform= is given (§2.5).

export interface PlatformChoice {
  platform: TPlatform;
  name: string;
  tagline: string;
  audience: string;
  icon: LucideIcon;
}

export const PLATFORM_CHOICES: Record<TPlatform, PlatformChoice> = {
  healthcare: {
    platform: 'healthcare',
    name: 'Healthcare',
    tagline: 'Patient cases, beds, schedules and clinical teams.',
    audience: 'Hospitals, clinics and health centres',
    icon: HeartPulse,
  },
  legal: {
    platform: 'legal',
    name: 'Legal',
    tagline: 'Client cases, court dates, legal documents and expert witnesses.',
    audience: 'Law firms and legal practices',
    icon: Scale,
  },
  medicolegal: {
    platform: 'medicolegal',
    name: 'Medicolegal',
    tagline: 'Medical negligence litigation, settlements, records and compliance.',
    audience: 'State litigators and medicolegal teams',
    icon: Gavel,
  },
};

export function rememberPlatform(platform: TPlatform): void {
  try {
    localStorage.setItem(DEMO_KEYS.selectedPlatform, platform);
  } catch {
    // Storage disabled: the role picker falls back to healthcare, which is still a working demo.
  }
}

/** Stores the choice and opens the role picker. */
function useChoosePlatform() {
  const navigate = useNavigate();
  return (platform: TPlatform) => {
    rememberPlatform(platform);
    void navigate({ to: '/user-select' });
  };
}

/** The dialog's compact list: one button per platform, tinted with its platform accent. */
export function PlatformButtons() {
  const choose = useChoosePlatform();
  return (
    <ul className="grid gap-3">
      {PLATFORMS.map((platform) => {
        const choice = PLATFORM_CHOICES[platform];
        const Icon = choice.icon;
        return (
          <li key={platform} data-platform={platform}>
            <button
              type="button"
              onClick={() => choose(platform)}
              className="group flex w-full items-center gap-4 rounded-lg border bg-card p-4 text-left transition-colors outline-none hover:border-primary/50 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="grid flex-1 gap-0.5">
                <span className="font-semibold">{choice.name}</span>
                <span className="text-sm text-muted-foreground">{choice.tagline}</span>
              </span>
              <ArrowRight className="size-4 shrink-0 text-primary transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The Demo Access section's cards: what each platform is for, and a button into its demo. */
export function PlatformCards() {
  const choose = useChoosePlatform();
  // Prerendered on the landing page: inert until the script has hydrated it (lib/use-hydrated.ts).
  const hydrated = useHydrated();
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {PLATFORMS.map((platform) => {
        const choice = PLATFORM_CHOICES[platform];
        const Icon = choice.icon;
        return (
          <li key={platform} data-platform={platform} className="flex flex-col gap-4 rounded-xl border border-t-4 border-t-primary bg-card p-6 shadow-xs">
            <span className="flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="grid flex-1 content-start gap-1.5">
              <h3 className="text-lg font-semibold">{choice.name}</h3>
              <p className="text-sm text-muted-foreground">{choice.tagline}</p>
              <p className="text-xs font-medium text-primary">{choice.audience}</p>
            </div>
            <Button onClick={() => choose(platform)} className="w-full" disabled={!hydrated}>
              Explore {choice.name} Demo
              <ArrowRight aria-hidden="true" />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** SPEC §2.2: 'Try Demo Access' opens this dialog to choose a platform. */
