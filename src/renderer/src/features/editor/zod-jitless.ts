import { z } from 'zod';

// zod compiles object parsers with `new Function` when it may; the window's content security
// policy forbids eval, and the probe alone logs a violation. Parse without it (fast enough for
// a template's few dozen layers).
z.config({ jitless: true });
