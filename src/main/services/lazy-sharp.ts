import { createRequire } from 'node:module';
import type SharpFn from 'sharp';

const req = createRequire(import.meta.url);
let loaded: typeof SharpFn | undefined;

/**
 * sharp, loaded on its first call. Starting its native module costs ~0.1 s, which a command-line
 * run whose images all come from the cache folder (or that draws none) never needs to pay.
 * @example await sharp(svg, { density: 300 }).png().toBuffer()
 */
export const sharp = ((...args: Parameters<typeof SharpFn>) => {
  loaded ??= req('sharp') as typeof SharpFn;
  return loaded(...args);
}) as typeof SharpFn;
