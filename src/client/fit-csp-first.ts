import { fitContentSecurityPolicy } from './lib/content-security-policy';

// Imported first by main.tsx (and listed in package.json "sideEffects" so the bundler keeps it): ES
// modules run in import order, so zod (built into the entry chunk
// since decision 0031) is told to skip its eval probe before any module evaluates a schema.
fitContentSecurityPolicy();
