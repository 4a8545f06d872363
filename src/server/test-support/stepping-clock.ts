import { vi } from 'vitest';

// Writes made one after another in a test can land in the same millisecond on a fast machine, and
// records that tie on their time order by their (random) id: "newest first" then holds either way,
// and a test that expects the order it wrote them in fails now and then. A stepping clock freezes
// Date and moves it forward a millisecond at each tick(), so every write gets its own, increasing
// time — without sleeping on the wall clock. Undo with vi.useRealTimers() (afterAll/afterEach).

export function steppingClock(): { tick(): void } {
  vi.useFakeTimers({ toFake: ['Date'] });
  return { tick: () => vi.setSystemTime(Date.now() + 1) };
}
