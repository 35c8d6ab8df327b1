/**
 * FNV-1a 64-bit hash of a string, as 16 hex digits. Used to name images by content so that the
 * same picture is embedded once per file. Not cryptographic; collisions are irrelevant at the
 * scale of one project's assets.
 */
export function contentHash(s: string): string {
  let h1 = 0x811c9dc5 | 0;
  let h2 = 0xcbf29ce4 | 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x01000193) ^ (h1 >>> 7);
  }
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}
