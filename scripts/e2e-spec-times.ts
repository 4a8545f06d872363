import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

// Writes e2e/spec-times.json — seconds per spec file, from a Playwright JSON report — which
// playwright.config.ts reads to share the spec files between its two servers evenly.
//   PLAYWRIGHT_JSON_OUTPUT_NAME=report.json npx playwright test --reporter=json
//   npx tsx scripts/e2e-spec-times.ts report.json

interface Suite { file?: string; specs?: Array<{ tests: Array<{ results: Array<{ duration: number }> }> }>; suites?: Suite[] }

const report = JSON.parse(readFileSync(process.argv[2] ?? 'report.json', 'utf8')) as { suites: Suite[] };
const seconds: Record<string, number> = {};
const durationOf = (suite: Suite): number =>
  (suite.specs ?? []).flatMap((spec) => spec.tests.flatMap((t) => t.results.map((r) => r.duration))).reduce((a, b) => a + b, 0) +
  (suite.suites ?? []).map(durationOf).reduce((a, b) => a + b, 0);
for (const suite of report.suites) {
  const file = basename(suite.file ?? '');
  seconds[file] = Math.round((seconds[file] ?? 0) + durationOf(suite) / 1000);
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync('e2e/spec-times.json', `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`e2e/spec-times.json: ${Object.keys(sorted).length} spec files`);
