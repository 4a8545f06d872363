// The e2e suite runs production servers side by side, each with its own SQLite database, and one
// browser worker per server (playwright.config.ts). Specs that reach into their server's database
// (to backdate a time entry, to read an e-mailed link) find it here.

/** The first server's port; the others listen on the next ones. Set E2E_PORT_BASE to run a second suite beside this one. */
export const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3100);

export const dataDirOf = (port: number) => `data/e2e-${port}`;
