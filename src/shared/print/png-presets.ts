/**
 * Per-card PNG presets: the card at 300 DPI as designed, or re-laid out at the size, bleed and
 * file names a print shop asks for. Every shop preset is 300 DPI, RGB without alpha, PNG.
 *
 * - MakePlayingCards and PrinterStudio (one company, one uploader): poker cards 2.5 × 3.5 in, the
 *   image 822 × 1122 px at 300 DPI (36 px = 0.12 in of bleed a side; keep text 36 px more inside).
 *   Their uploader places images in file-name order, so the files are numbered in deck order,
 *   `front-001.png` with `back-001.png` behind it.
 * - The Game Crafter: poker cards 2.5 × 3.5 in, the image 825 × 1125 px at 300 DPI (1/8 in, 37.5 px,
 *   of bleed a side; its safe zone is 75 px in from the image edge). Files are named by card id.
 * - `poker-825x1125`: the same 825 × 1125 px as most print shops' poker template, named like `300dpi`.
 */
import type { Mm } from '../util/units';

/** How the files of one export are named. `id`: `<id>-front.png` / `<id>-back.png`. `numbered`: `front-001.png` / `back-001.png` in deck order. */
export type PngNaming = 'id' | 'numbered';

export interface PngPreset {
  /** The card laid out again at this trim size and bleed (mm); null keeps the project's own card. */
  card: { width: Mm; height: Mm; bleed: Mm } | null;
  /** The image's pixel size with bleed at 300 DPI, as the shop states it (null: the project's card at 300 DPI). */
  px: { width: number; height: number } | null;
  naming: PngNaming;
  /** The shop's name, for the README and messages (null for the app's own presets). */
  shop: string | null;
}

const IN = 25.4;
/** Poker 2.5 × 3.5 in with `bleedIn` inches a side. */
const poker = (bleedIn: number) => ({ width: 2.5 * IN, height: 3.5 * IN, bleed: bleedIn * IN });

/** Every preset by id; the first is the default. */
export const PNG_PRESETS = {
  '300dpi': { card: null, px: null, naming: 'id', shop: null },
  'poker-825x1125': { card: poker(1 / 8), px: { width: 825, height: 1125 }, naming: 'id', shop: null },
  'makeplayingcards-poker': { card: poker(0.12), px: { width: 822, height: 1122 }, naming: 'numbered', shop: 'MakePlayingCards' },
  'printerstudio-poker': { card: poker(0.12), px: { width: 822, height: 1122 }, naming: 'numbered', shop: 'PrinterStudio' },
  'thegamecrafter-poker': { card: poker(1 / 8), px: { width: 825, height: 1125 }, naming: 'id', shop: 'The Game Crafter' },
} as const satisfies Record<string, PngPreset>;

export type PngPresetId = keyof typeof PNG_PRESETS;
export const PNG_PRESET_IDS = Object.keys(PNG_PRESETS) as [PngPresetId, ...PngPresetId[]];

/**
 * The file names (without `.png`) of card `index` (0-based, deck order) with id `id` under `naming`.
 * @example pngNames('numbered', 'RAT-FU', 0) // → { front: 'front-001', back: 'back-001' }
 */
export function pngNames(naming: PngNaming, id: string, index: number): { front: string; back: string } {
  if (naming === 'id') return { front: `${id}-front`, back: `${id}-back` };
  const n = String(index + 1).padStart(3, '0');
  return { front: `front-${n}`, back: `back-${n}` };
}
