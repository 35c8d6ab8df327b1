/**
 * The parts of the 摸鱼王 kit, in build order. Apart from request.ts so the renderer can use them
 * without loading zod (whose schema compiler trips the page's CSP, which forbids eval).
 */
export const MW_KIT_PARTS = ['cards', 'markers'] as const;
/** A part of the 摸鱼王 kit. */
export type MwKitPart = (typeof MW_KIT_PARTS)[number];
