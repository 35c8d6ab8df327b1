/**
 * The parts of the 斗老闆 kit, in build order. Apart from request.ts so the renderer can use them
 * without loading zod (whose schema compiler trips the page's CSP, which forbids eval).
 */
export const DL_KIT_PARTS = ['cards', 'pieces', 'score'] as const;
/** A part of the 斗老闆 kit. */
export type DlKitPart = (typeof DL_KIT_PARTS)[number];
