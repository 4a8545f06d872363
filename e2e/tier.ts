// Two tiers of browser tests (decision 0046). `npm test` runs the every-change tier; `npm run
// test:full` (TEST_TIER=full) also walks every role, on every platform and in demo mode, at phone
// width, re-scans screen states already scanned, and runs the platform variants of the long journeys.
export const FULL_TIER = process.env.TEST_TIER === 'full';
