import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './art-svg';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const clean = (svg: string) => {
  const r = sanitizeSvg(svg);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('sanitizeSvg', () => {
  it('keeps the drawing: shapes, gradients, text (CJK), internal url(#id) and use href', () => {
    const r = clean(
      `<?xml version="1.0"?><svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#C23B22"/></linearGradient><path id="p" d="M0 0L1 1"/></defs>` +
        `<rect width="10" height="10" fill="url(#g)"/><use xlink:href="#p"/><text x="1" y="5">福 &amp; 运</text></svg>`,
    );
    expect(r.removed).toEqual([]);
    expect(r.svg).toContain('<rect width="10" height="10" fill="url(#g)"/>');
    expect(r.svg).toContain('<use xlink:href="#p"/>');
    expect(r.svg).toContain('xmlns:xlink="http://www.w3.org/1999/xlink"');
    expect(r.svg).toContain('<text x="1" y="5">福 &amp; 运</text>');
  });

  it('removes scripts, event handlers, foreignObject, animation, external links and unsafe CSS', () => {
    const r = clean(
      `<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)"><script>alert(2)</script><script><![CDATA[alert(3)]]></script>` +
        `<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil"/></div></foreignObject>` +
        `<a href="javascript:alert(4)"><circle r="1" onclick="alert(5)"/></a><set attributeName="href" to="javascript:alert(6)"/>` +
        `<image href="https://tracker.example/x.png" width="1" height="1"/><image xlink:href="file:///etc/passwd"/><use href="other.svg#a"/>` +
        `<rect fill="url(https://evil/x)" style="fill:red;background:url(//evil)" width="1" height="1"/><style>@import url(https://evil/a.css); rect{fill:red}</style>` +
        `<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/></svg>`,
    );
    expect(r.svg).not.toMatch(/alert|script|foreignObject|iframe|evil|tracker|passwd|other\.svg|onload|onclick|@import|<set|<a /);
    expect(r.svg).toContain('<circle r="1"/>');
    expect(r.svg).toContain('href="data:image/png;base64,iVBORw0KGgo="');
    expect(r.removed).toEqual(expect.arrayContaining(['script', 'foreignObject', 'event handler', 'external link', 'link', 'set', 'style']));
  });

  it('drops other programs\' markup quietly and refuses what is not an SVG document', () => {
    const r = clean(`<svg ${NS} xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1"><inkscape:grid/><g inkscape:label="a"><path d="M0 0"/></g></svg>`);
    expect(r.svg).toMatch(/<svg xmlns="http:\/\/www.w3.org\/2000\/svg"><g><path d="M0 0"\/><\/g><\/svg>/);
    expect(r.removed).toEqual([]);
    for (const bad of ['<svg><rect/></svg>', `<svg ${NS}><rect></svg>`, '<html/>', 'not xml', `<!DOCTYPE svg [<!ENTITY x "&#60;script">]><svg ${NS}>&x;</svg>`]) {
      const b = sanitizeSvg(bad, 'bad.svg');
      expect(b.ok, bad).toBe(false);
      if (!b.ok) expect(b.error.message).toMatch(/^bad\.svg is not an SVG that can be used: .*export it again as plain SVG/);
    }
  });
});
