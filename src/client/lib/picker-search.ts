// The role picker's ?platform= (SPEC §2.5). Route options load with the app's first chunk, so only
// the raw text is taken here; the picker validates it with the zod schema ZPlatform in its own,
// lazily loaded chunk, ignoring an unknown value (the stored choice or healthcare applies).
export function pickerSearch(search: Record<string, unknown>): { platform?: string } {
  return typeof search.platform === 'string' ? { platform: search.platform } : {};
}
