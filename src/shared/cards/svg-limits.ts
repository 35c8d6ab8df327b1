/**
 * Limits on the costly parts of an SVG: filters. A 1.7 KB SVG with `feTurbulence numOctaves="200"`
 * and a blur of 500 takes a renderer (librsvg in the export, the browser in the preview) most of
 * a minute per drawing; every drawing of the art pays it again. Checked when art is added to a
 * project and whenever an SVG of a project is read, on the text (no parsing, one pass per rule).
 */

/** The limits: each is far above what a drawing's shadows, glows and textures use. */
export const SVG_LIMITS = {
  /** `<filter>` elements in one file. */
  filters: 16,
  /** Filter primitives (`<feGaussianBlur>`, `<feTurbulence>`…) in one file. */
  filterPrimitives: 64,
  /** `numOctaves` of a feTurbulence (each octave is another pass over every pixel; 4 looks the same as more). */
  numOctaves: 8,
  /** `stdDeviation` of a blur or drop shadow, in the drawing's units. */
  stdDeviation: 100,
  /** `radius` of a feMorphology, in the drawing's units. */
  morphologyRadius: 100,
  /** `order` of a feConvolveMatrix (its kernel is order × order per pixel). */
  convolveOrder: 9,
  /** The width or height the root `<svg>` declares, in px (a drawing is scaled to its box anyway). */
  sizePx: 20_000,
} as const;

/** Why an SVG is too heavy to draw, in both languages (`file` names it), or undefined. */
export function svgTooHeavy(svg: string, file: string): { en: string; zh: string } | undefined {
  const say = (en: string, zh: string, fixEn: string, fixZh: string) => ({ en: `${file} ${en}; ${fixEn}.`, zh: `${file} ${zh}；${fixZh}。` });
  const simplify = ['simplify its filters in your vector editor, or export the drawing as PNG', '请在矢量编辑器中简化其滤镜，或把图形导出为 PNG'] as const;
  const filters = count(svg, /<filter[\s>/]/g);
  if (filters > SVG_LIMITS.filters) return say(`has ${filters} filters; the limit is ${SVG_LIMITS.filters}`, `有 ${filters} 个滤镜；上限是 ${SVG_LIMITS.filters} 个`, ...simplify);
  const prims = count(svg, /<fe[A-Z][A-Za-z]*[\s>/]/g);
  if (prims > SVG_LIMITS.filterPrimitives)
    return say(`has ${prims} filter effects; the limit is ${SVG_LIMITS.filterPrimitives}`, `有 ${prims} 个滤镜效果；上限是 ${SVG_LIMITS.filterPrimitives} 个`, ...simplify);
  const checks: [RegExp, number, string, string][] = [
    [/numOctaves\s*[=:]\s*["']?\s*([^"'\s;>]+)/g, SVG_LIMITS.numOctaves, 'a turbulence of numOctaves', '湍流滤镜的 numOctaves'],
    [/stdDeviation\s*[=:]\s*["']?([^"';>]+)/g, SVG_LIMITS.stdDeviation, 'a blur of stdDeviation', '模糊滤镜的 stdDeviation'],
    [/<feMorphology\b[^>]*?\sradius\s*=\s*["']([^"']+)/g, SVG_LIMITS.morphologyRadius, 'a morphology of radius', '形态滤镜的 radius'],
    [/<feConvolveMatrix\b[^>]*?\sorder\s*=\s*["']([^"']+)/g, SVG_LIMITS.convolveOrder, 'a convolution of order', '卷积滤镜的 order'],
  ];
  for (const [re, max, en, zh] of checks) {
    const v = largest(svg, re);
    if (v > max) return say(`has ${en} ${fmt(v)}; the limit is ${max}`, `中${zh}为 ${fmt(v)}；上限是 ${max}`, ...simplify);
  }
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  for (const attr of ['width', 'height']) {
    const m = new RegExp(`\\s${attr}\\s*=\\s*["']\\s*([0-9.eE+-]+)\\s*(px)?\\s*["']`).exec(root);
    const v = m ? Number(m[1]) : 0;
    if (v > SVG_LIMITS.sizePx)
      return say(`declares a ${attr} of ${fmt(v)} px; the limit is ${SVG_LIMITS.sizePx.toLocaleString('en-US')}`, `声明的${attr === 'width' ? '宽度' : '高度'}为 ${fmt(v)} 像素；上限是 ${SVG_LIMITS.sizePx.toLocaleString('en-US')}`, 'set a smaller width and height (or only a viewBox) in your vector editor', '请在矢量编辑器中设置较小的宽高（或只保留 viewBox）');
  }
  return undefined;
}

function count(s: string, re: RegExp): number {
  let n = 0;
  for (re.lastIndex = 0; re.exec(s); ) n++;
  return n;
}

/** The largest number in any match's first group (`"3 500"` counts 500); NaN and Infinity count as over any limit. */
function largest(s: string, re: RegExp): number {
  let max = 0;
  for (let m = (re.lastIndex = 0, re.exec(s)); m; m = re.exec(s))
    for (const part of m[1]!.trim().split(/[\s,]+/)) {
      if (part === '') continue;
      const v = Math.abs(Number(part));
      max = Math.max(max, Number.isFinite(v) ? v : Infinity);
    }
  return max;
}

const fmt = (v: number): string => (Number.isFinite(v) ? String(Math.round(v * 1000) / 1000) : 'not a number');
