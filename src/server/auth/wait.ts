// The pause before a failed sign-in answers (sign-in-throttle.ts), in its own module so a test can
// replace it with a recorder (vi.mock) and assert the delays without waiting for them.
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
