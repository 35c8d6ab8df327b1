/**
 * The document the lab's plots are drawn in: a document of its own, never attached, so Plot's
 * inline styles never meet the page's content security policy; plots.ts returns clean SVG text.
 */
let doc: Document | null = null;

export function plotDocument(): Document {
  return (doc ??= document.implementation.createHTMLDocument('plot'));
}
