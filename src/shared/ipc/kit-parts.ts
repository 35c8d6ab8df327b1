/**
 * The parts of the 生肖赛跑 kit, in build order. Apart from kit-request.ts so the renderer can use
 * them without loading zod (whose schema compiler trips the page's CSP, which forbids eval).
 */
export const KIT_PARTS = ['board', 'cards', 'tokens', 'pieces', 'score'] as const;
/** A part of the kit. */
export type KitPart = (typeof KIT_PARTS)[number];
