// The renderer's Content-Security-Policy, written once. The Electron session and the browser host
// send it as a header; the build writes it into index.html's <meta> tag (see injectCsp), which
// also covers pages the header does not reach (file:// in Electron, the Vite dev server).

/**
 * The directives, in order. Nothing remote and nothing inline: scripts and style sheets come only
 * from the app's own files (Svelte sets dynamic styles through the CSSOM, `style:` directives,
 * which a policy does not govern, and its transitions run on the Web Animations API); fonts and
 * card art come from the app itself or data: and blob: URLs. Every end-to-end spec records CSP
 * violations as errors (e2e/page-helpers.ts `watchErrors`).
 */
const DIRECTIVES: readonly (readonly [name: string, sources: string])[] = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['frame-ancestors', "'none'"],
  ['form-action', "'none'"],
];

/** Directives a `<meta>` policy cannot carry: browsers ignore them there (and warn). */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/** The policy as a response header sends it (Electron session and browser host). */
export const CSP = DIRECTIVES.map(([n, s]) => `${n} ${s}`).join('; ');

/**
 * The LAN table's join page policy: the same, with its WebSocket on the page's own origin allowed
 * by name as well (`ws://host:port`, for browsers whose 'self' does not cover ws:). A `host`
 * header that is not a plain host[:port] adds nothing.
 */
export function joinPagePolicy(host: string | undefined): string {
  const ws = host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-fA-F:]+\](:\d{1,5})?$/.test(host) ? ` ws://${host}` : '';
  return DIRECTIVES.map(([n, s]) => `${n} ${n === 'connect-src' ? s + ws : s}`).join('; ');
}

/**
 * The same policy without the directives a `<meta>` tag cannot carry.
 * @example metaPolicy("default-src 'self'; frame-ancestors 'none'") // "default-src 'self'"
 */
export function metaPolicy(policy: string): string {
  return policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && !HEADER_ONLY.has(d.split(/\s+/)[0]!.toLowerCase()))
    .join('; ');
}

/** The `<meta>` form of CSP, as index.html carries it after the build. */
export const CSP_META = metaPolicy(CSP);

/** What index.html holds where the build writes the policy. */
export const CSP_PLACEHOLDER = '%FUQI_CSP%';

/**
 * Write CSP_META into index.html in place of CSP_PLACEHOLDER. Throws when the placeholder is
 * missing, so a page can never be built without its policy.
 */
export function injectCsp(html: string): string {
  if (!html.includes(CSP_PLACEHOLDER)) throw new Error(`index.html has no ${CSP_PLACEHOLDER}: put it in the Content-Security-Policy <meta> tag's content.`);
  return html.replaceAll(CSP_PLACEHOLDER, CSP_META);
}
