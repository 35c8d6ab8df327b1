import { randomBytes } from 'node:crypto';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * A seat's link token: 20 base32 characters from 100 random bits (LAN_TOKEN). Unguessable on a
 * local network even at the rate limit: 2^100 tokens, one seat's among them.
 */
export function newToken(): string {
  const bytes = randomBytes(20);
  let s = '';
  for (const b of bytes) s += BASE32[b & 31];
  return s;
}

/** A device's resume id: what proves, after a drop, that it is the device that held the seat. */
export function newResumeId(): string {
  return randomBytes(18).toString('base64url');
}
