/**
 * SVG sanitising for images added to a project. An SVG is a document that can run scripts, load
 * other files and embed HTML; a project's art is shared (git, friends, downloads) and opened in
 * browsers and the app. So an added SVG is not filtered but rebuilt: it is parsed with a strict
 * XML parser (saxes, the one exceljs already ships; no DTD, no entity expansion) and written
 * again from an allow-list of SVG drawing elements and attributes. Everything else is left out:
 * scripts, event handlers (`on…`), `foreignObject`, animation (it can rewrite links), links and
 * `href`s that leave the document (only `#id`, and embedded PNG/JPEG/WebP data in `<image>`),
 * `url(…)` other than `#id`, CSS with `@import`, and other programs' private markup.
 *
 * Why not DOMPurify: in Node it needs a full DOM (jsdom, a large dependency tree), and its
 * authors warn that lighter DOMs are not safe with it; rebuilding from an allow-list cannot keep
 * anything it does not know. The result is then rendered with sharp (art.ts) to prove it draws.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { err, ok, type Result } from '../../shared/util/result';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** Elements kept (SVG namespace only); any other element is left out with everything inside it. */
const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'style',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'image',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting',
  'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR',
  'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting',
  'feSpotLight', 'feTile', 'feTurbulence',
]);
/** Elements whose children are kept but which are themselves dropped (a link becomes its content). */
const UNWRAP = new Set(['a', 'switch']);
/** Elements that are dangerous, reported as removed (other unknown elements are dropped quietly). */
const DANGEROUS = new Set(['script', 'foreignObject', 'iframe', 'embed', 'object', 'animate', 'animateMotion', 'animateTransform', 'set', 'handler', 'listener', 'audio', 'video', 'canvas']);

/** Attribute names kept: the SVG presentation and geometry attributes, without namespace. */
const ATTRIBUTE = /^[a-zA-Z][a-zA-Z0-9_-]*$/;
/** Embedded raster data an `<image>` may carry (nothing that can hold markup, unlike SVG or HTML). */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|webp);base64,[A-Za-z0-9+/=\s]*$/;
/** A value that reaches outside the document or runs code. */
const UNSAFE_VALUE = /javascript:|vbscript:|data:(?!image\/(?:png|jpeg|webp);base64,)|expression\s*\(|@import|-moz-binding|behavior\s*:/i;

/** How deep elements may nest and how many there may be (far above any drawing). */
const MAX_DEPTH = 256;
const MAX_ELEMENTS = 200_000;

/** What was taken out of an SVG, for the warning shown when it is added. */
export interface SvgCleaned {
  svg: string;
  /** Kinds of things removed: `script`, `foreignObject`, `event handler`, `external link`, `style`. */
  removed: string[];
}

const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string): string => escapeText(s).replace(/"/g, '&quot;').replace(/\r/g, '&#13;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

/** Every `url(…)` in a value points into the document (`url(#id)`); one that cannot be read as such (escapes, odd quoting) counts as outside. */
function urlsInternal(v: string): boolean {
  const all = v.match(/url\s*\(/gi)?.length ?? 0;
  const internal = [...v.matchAll(/url\s*\(\s*(['"]?)\s*#[^)'"\\\s]*\1\s*\)/gi)].length;
  return all === internal;
}

/** CSS of a `<style>` element or `style` attribute, if it is safe: no imports, no URLs but `#id`, no escapes. */
function safeCss(css: string): boolean {
  return !UNSAFE_VALUE.test(css) && !/\\/.test(css) && urlsInternal(css);
}

/**
 * Rebuild an SVG from its allow-list (see the file comment). Fails when the text is not
 * well-formed XML, the root is not an `<svg>` element in the SVG namespace, or it is nested or
 * sized beyond reason; the message names the problem and the fix.
 * @example sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="1" height="1"/></svg>')
 * // → ok({ svg: '<?xml …?>\n<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>\n', removed: ['script'] })
 */
export function sanitizeSvg(text: string, file = 'the SVG'): Result<SvgCleaned> {
  const out: string[] = [];
  const removed = new Set<string>();
  // For each open element: whether it was written (true), unwrapped (false), or skipped with its subtree (null).
  const stack: (boolean | null)[] = [];
  let skipping = 0;
  let count = 0;
  let root = false;
  let usesXlink = false;
  let inStyle = false;
  let styleText = '';
  let failure: string | undefined;

  const parser = new SaxesParser({ xmlns: true, position: true });
  parser.on('error', (e) => {
    failure ??= e.message;
  });
  parser.on('doctype', (d) => {
    // Entities declared in a DTD are not expanded; a document that needs them fails below.
    if (/<!ENTITY/i.test(d)) removed.add('DTD');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    if (failure) return;
    if (++count > MAX_ELEMENTS) failure = `it has more than ${MAX_ELEMENTS} elements`;
    if (stack.length >= MAX_DEPTH) failure = `its elements nest more than ${MAX_DEPTH} deep`;
    if (failure) return;
    if (skipping > 0) {
      skipping++;
      stack.push(null);
      return;
    }
    const isSvg = tag.uri === SVG_NS;
    if (!root) {
      if (!isSvg || tag.local !== 'svg') failure = `its root element is <${tag.name}>, not <svg> in the SVG namespace (xmlns="${SVG_NS}")`;
      root = true;
      if (failure) return;
    }
    if (isSvg && UNWRAP.has(tag.local)) {
      if (tag.local === 'a') removed.add('link');
      stack.push(false);
      return;
    }
    if (!isSvg || !ELEMENTS.has(tag.local)) {
      if (DANGEROUS.has(tag.local)) removed.add(tag.local);
      skipping = 1;
      stack.push(null);
      return;
    }
    const attrs: string[] = [];
    for (const a of Object.values(tag.attributes)) {
      const v = a.value;
      let name: string | undefined;
      if (a.uri === '' && ATTRIBUTE.test(a.local)) name = a.local;
      else if (a.uri === XLINK_NS && a.local === 'href') name = 'xlink:href';
      else if (a.uri === XML_NS && a.local === 'space') name = 'xml:space';
      else if (a.uri === XML_NS && a.local === 'lang') name = 'xml:lang';
      if (name === undefined) continue; // xmlns declarations (rewritten), other programs' namespaces
      if (/^on/i.test(name)) {
        removed.add('event handler');
        continue;
      }
      if (name === 'href' || name === 'xlink:href') {
        const ok = v.trim().startsWith('#') || (tag.local === 'image' && DATA_IMAGE.test(v.trim()));
        if (!ok) {
          removed.add('external link');
          continue;
        }
      } else if (name === 'style' ? !safeCss(v) : UNSAFE_VALUE.test(v) || !urlsInternal(v)) {
        removed.add(name === 'style' ? 'style' : 'external link');
        continue;
      }
      if (name === 'xlink:href') usesXlink = true;
      attrs.push(` ${name}="${escapeAttr(v)}"`);
    }
    if (stack.length === 0) attrs.unshift(` xmlns="${SVG_NS}"`, '%XLINK%');
    out.push(`<${tag.local}${attrs.join('')}>`);
    stack.push(true);
    if (tag.local === 'style') {
      inStyle = true;
      styleText = '';
    }
  });
  const onText = (t: string): void => {
    if (failure || skipping > 0 || !root) return;
    if (inStyle) styleText += t;
    else out.push(escapeText(t));
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag: SaxesTagNS) => {
    if (failure) return;
    const kind = stack.pop();
    if (kind === null) {
      skipping--;
      return;
    }
    if (kind === false) return;
    if (tag.local === 'style' && inStyle) {
      inStyle = false;
      if (safeCss(styleText)) out.push(escapeText(styleText));
      else removed.add('style');
    }
    // Self-closing output for empty elements keeps the file small and diffable.
    const last = out[out.length - 1]!;
    if (last.startsWith(`<${tag.local}`) && last.endsWith('>') && !last.endsWith('/>')) out[out.length - 1] = `${last.slice(0, -1)}/>`;
    else out.push(`</${tag.local}>`);
  });

  try {
    parser.write(text.replace(/^\uFEFF/, '')).close();
  } catch (e) {
    failure ??= (e as Error).message;
  }
  if (failure || !root)
    return err(
      'art/bad-svg',
      `${file} is not an SVG that can be used: ${failure ?? 'it has no <svg> element'}. Open it in a vector editor (Inkscape, Illustrator, Figma) and export it again as plain SVG.`,
      { reason: failure ?? 'no svg element' },
    );
  const svg = out.join('').replace('%XLINK%', usesXlink ? ` xmlns:xlink="${XLINK_NS}"` : '');
  return ok({ svg: `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`, removed: [...removed].filter((r) => r !== 'DTD').sort() });
}
