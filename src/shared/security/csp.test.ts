import { describe, expect, it } from 'vitest';
import { CSP, CSP_META, CSP_PLACEHOLDER, injectCsp, metaPolicy } from './csp';

/** A policy as a map of directive → sources, for comparisons that ignore spacing. */
const parse = (p: string) => new Map(p.split(';').map((d) => d.trim()).filter(Boolean).map((d) => [d.split(/\s+/)[0]!, d.split(/\s+/).slice(1).join(' ')]));

describe('CSP', () => {
  it('is strict: nothing remote, no eval, no framing', () => {
    const d = parse(CSP);
    expect(d.get('default-src')).toBe("'self'");
    expect(d.get('script-src')).toBe("'self'");
    expect(d.get('object-src')).toBe("'none'");
    expect(d.get('frame-ancestors')).toBe("'none'");
    expect(CSP).not.toMatch(/https?:|\*|unsafe-eval|unsafe-inline|unsafe-hashes|ws:/);
  });

  it('the meta form is the header form without what <meta> cannot carry', () => {
    const header = parse(CSP);
    header.delete('frame-ancestors');
    expect(parse(CSP_META)).toEqual(header);
    expect(metaPolicy("default-src 'self'; Frame-Ancestors 'none'; sandbox; report-uri /r; img-src data:")).toBe("default-src 'self'; img-src data:");
  });

  it('writes the meta policy into the page, and refuses a page without the placeholder', () => {
    expect(injectCsp(`<meta http-equiv="Content-Security-Policy" content="${CSP_PLACEHOLDER}" />`)).toBe(`<meta http-equiv="Content-Security-Policy" content="${CSP_META}" />`);
    expect(() => injectCsp('<meta http-equiv="Content-Security-Policy" content="default-src *" />')).toThrow(/%FUQI_CSP%/);
  });
});
