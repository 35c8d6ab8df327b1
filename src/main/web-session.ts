import { randomBytes, timingSafeEqual } from 'node:crypto';
import { err, ok, type Result } from '../shared/util/result';

// The browser host's per-launch session key. Any local process can reach 127.0.0.1, so the API
// answers only callers that know the key: the page gets it once from the URL `npm run web`
// prints (then keeps it in an HttpOnly, SameSite=Strict cookie), scripts send it in a header.

/** Request header a non-browser caller (script, test) may send the key in instead of the cookie. */
export const SESSION_HEADER = 'x-fuqi-key';

/** Query parameter of the address `npm run web` prints; the first page load trades it for the cookie. */
export const SESSION_QUERY = 'key';

/** The key's alphabet: it travels in a URL, a cookie and a header, so it stays URL- and cookie-safe. */
const KEY_SHAPE = /^[A-Za-z0-9_-]{16,256}$/;

/**
 * The cookie that carries the key. Browsers share cookies between the ports of one host, so the
 * name carries the port: two hosts on one machine (the app and an end-to-end run) keep their own.
 * @example sessionCookieName(5177) // 'fuqi_key_5177'
 */
export function sessionCookieName(port: number): string {
  return `fuqi_key_${port}`;
}

/**
 * This launch's key: `FUQI_SESSION_TOKEN` when set (tests fix it), otherwise 32 random bytes.
 * A set but unusable token is an error rather than a silent fallback, so a test never runs
 * against a key it does not know.
 */
export function resolveSessionKey(env: Record<string, string | undefined>): Result<string> {
  const fixed = env.FUQI_SESSION_TOKEN;
  if (fixed === undefined || fixed === '') return ok(randomBytes(32).toString('base64url'));
  if (!KEY_SHAPE.test(fixed))
    return err('web/bad-session-token', 'FUQI_SESSION_TOKEN must be 16 to 256 characters of A-Z, a-z, 0-9, "_" or "-". Unset it to get a random key.');
  return ok(fixed);
}

/** Whether `given` is the key, compared in constant time so the answer's timing tells nothing. */
export function keyMatches(given: string | undefined, key: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The value of cookie `name` in a `Cookie` request header, if present. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The `Set-Cookie` value that keeps the key for this browser session: HttpOnly (page scripts
 * never see it), SameSite=Strict (other sites' requests never carry it), no expiry (it dies with
 * the browser session; a new launch has a new key anyway).
 */
export function sessionCookie(name: string, key: string): string {
  return `${name}=${key}; Path=/; HttpOnly; SameSite=Strict`;
}
