// fontverter ships no types; the one call the font service makes.
declare module 'fontverter' {
  /** Convert font bytes between sfnt (TrueType/OpenType), WOFF and WOFF2. */
  export function convert(buffer: Buffer | Uint8Array, toFormat: 'sfnt' | 'truetype' | 'woff' | 'woff2', fromFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2'): Promise<Buffer>;
  /** The format of font bytes, from their signature. */
  export function detectFormat(buffer: Buffer | Uint8Array): 'sfnt' | 'woff' | 'woff2';
}
