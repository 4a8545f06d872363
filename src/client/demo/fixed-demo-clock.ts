import { afterEach, beforeEach, vi } from 'vitest';
import { clearDemoOverlay } from './overlay';

// The demo draws its fixtures around "now" (today's diary, the week ahead), so its tests run at a
// fixed instant, never at the hour the suite happens to run (issue 16). Only Date is faked: timers
// and promises run as usual.

/** A Wednesday morning in South Africa (SAST = UTC+2). */
export const DEMO_TEST_CLOCK = new Date('2026-03-18T09:15:00+02:00');

/** Registers, for the calling test file, a fresh demo overlay at DEMO_TEST_CLOCK before each test. */
export function useFixedDemoClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ now: DEMO_TEST_CLOCK, toFake: ['Date'] });
    clearDemoOverlay();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}
