/**
 * The canvas's view maths: zoom levels (fit, 100 %, real size) and ruler ticks. Pure, so it is
 * tested without a screen.
 */

/** CSS pixels per millimetre at 100 % (CSS's own millimetre: 96 px per inch). */
export const CSS_PX_PER_MM = 96 / 25.4;

/** Zoom limits as a multiple of 100 %. */
export const ZOOM_RANGE = { min: 0.25, max: 16 } as const;

/** The zoom (multiple of 100 %) at which a card with its bleed fits a viewport, with a margin. */
export function fitZoom(viewport: { w: number; h: number }, card: { width: number; height: number; bleed: number }, margin = 32): number {
  const w = (card.width + 2 * card.bleed) * CSS_PX_PER_MM;
  const h = (card.height + 2 * card.bleed) * CSS_PX_PER_MM;
  const z = Math.min((viewport.w - 2 * margin) / w, (viewport.h - 2 * margin) / h);
  return clampZoom(Number.isFinite(z) && z > 0 ? z : 1);
}

/** A zoom kept within `ZOOM_RANGE`. */
export function clampZoom(z: number): number {
  return Math.min(ZOOM_RANGE.max, Math.max(ZOOM_RANGE.min, z));
}

/**
 * Real size: 100 % corrected by the screen's calibration (the designer measures a ruler drawn at
 * 100 mm and enters what it really is; `calibration` = 100 / measured).
 */
export function realSizeZoom(calibration: number): number {
  return clampZoom(calibration > 0 && Number.isFinite(calibration) ? calibration : 1);
}

/** One ruler tick: where (mm), how long (major every 10 mm, half at 5 mm), and its label. */
export interface Tick {
  mm: number;
  size: 'major' | 'mid' | 'minor';
  label?: string;
}

/**
 * The ticks of a ruler spanning `from`..`to` mm with `pxPerMm` screen pixels per mm: every mm when
 * that is at least 4 px apart, else every 5 or 10 mm; labels every 10 mm (every 50 when tight).
 */
export function rulerTicks(from: number, to: number, pxPerMm: number): Tick[] {
  const step = pxPerMm >= 4 ? 1 : pxPerMm >= 0.8 ? 5 : 10;
  const labelEvery = pxPerMm >= 1.5 ? 10 : 50;
  const out: Tick[] = [];
  for (let mm = Math.ceil(from / step) * step; mm <= to; mm += step) {
    const size = mm % 10 === 0 ? 'major' : mm % 5 === 0 ? 'mid' : 'minor';
    out.push(mm % labelEvery === 0 ? { mm, size, label: String(mm) } : { mm, size });
  }
  return out;
}
