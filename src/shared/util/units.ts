/**
 * Physical units. The model is in millimetres; PDF user space is points; images are pixels.
 * Conversions happen here and nowhere else.
 *
 * The brands are "soft": a plain number literal is accepted where a unit is expected (so data
 * files and tests stay readable), but a value typed as one unit cannot be passed where another
 * is expected without going through a conversion below.
 */
export type Mm = number & { readonly __unit?: 'mm' };
/** PDF points, 1/72 inch. */
export type Pt = number & { readonly __unit?: 'pt' };
/** Device pixels at some DPI. */
export type Px = number & { readonly __unit?: 'px' };

/** Millimetres per inch (exact, by definition of the inch). */
export const MM_PER_INCH = 25.4;
/** Points per inch (PDF user space). */
export const PT_PER_INCH = 72;

/** Millimetres to PDF points. @example mmToPt(25.4) === 72 */
export function mmToPt(v: Mm): Pt {
  return (v * PT_PER_INCH) / MM_PER_INCH;
}
/** PDF points to millimetres. */
export function ptToMm(v: Pt): Mm {
  return (v * MM_PER_INCH) / PT_PER_INCH;
}
/** Inches to millimetres. */
export function inToMm(v: number): Mm {
  return v * MM_PER_INCH;
}
/** Millimetres to pixels at `dpi`. @example mmToPx(25.4, 300) === 300 */
export function mmToPx(v: Mm, dpi: number): Px {
  return (v * dpi) / MM_PER_INCH;
}
/** Pixels at `dpi` to millimetres. */
export function pxToMm(v: Px, dpi: number): Mm {
  return (v * MM_PER_INCH) / dpi;
}
/** Round to 1/1000 mm, the precision draw lists are recorded at (keeps golden files stable). */
export function roundMm(v: Mm): Mm {
  return Math.round(v * 1000) / 1000 + 0; // + 0 turns -0 into 0
}
