import { config } from 'zod';

// The renderer's CSP forbids eval. Zod's object parser probes `new Function` when the first
// object schema is built (shared/cards/schema.ts, imported for the card size presets), and even
// a caught refusal is reported as a CSP violation. Jitless mode skips the probe. This module must
// be imported before anything that builds a schema: main.ts imports it first.
config({ jitless: true });
