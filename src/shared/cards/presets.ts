// Card sizes, kept apart from the zod schema so the renderer can use them without shipping zod.

/** Card size presets of print.md: trim size and default bleed, in millimetres. */
export const CARD_SIZE_PRESETS = {
  /** Poker, metric (斗福's default). */
  poker: { width: 63, height: 88, bleed: 3 },
  /** Poker, 2.5 × 3.5 in. */
  'poker-in': { width: 63.5, height: 88.9, bleed: 3.175 },
  /** Bridge, 2.25 × 3.5 in. */
  bridge: { width: 57.15, height: 88.9, bleed: 3.175 },
  /** Mini (Euro mini). */
  mini: { width: 44, height: 63, bleed: 3 },
  /** Tarot. */
  tarot: { width: 70, height: 120, bleed: 3 },
  /** Square. */
  square: { width: 70, height: 70, bleed: 3 },
} as const;
/** A preset name or `custom`. */
export type CardSizePreset = keyof typeof CARD_SIZE_PRESETS | 'custom';

