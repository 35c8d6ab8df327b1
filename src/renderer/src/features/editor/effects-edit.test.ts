import { describe, expect, it } from 'vitest';
import { clipChoice, clipRadius, clipShape, gradientAngle, gradientColour, gradientType, NEW_SHADOW, shadowField } from './effects-edit';
import { TemplateFile } from '../../../../shared/cards/schema';

/** Whether a rect with these fields is a valid template layer (what the panel stores must load). */
const valid = (fields: Record<string, unknown>) => TemplateFile.safeParse({ schemaVersion: 6, name: 't', layers: [{ id: 'r', type: 'rect', x: 0, y: 0, w: 10, h: 10, ...fields }] }).success;

describe('the effects panel edits', () => {
  it('sets a gradient: from the fill to gold, its type, angle and end colours, and none removes it', () => {
    const g = gradientType(undefined, 'linear', '#fff8ec');
    expect(g).toEqual({ type: 'linear', stops: [{ at: 0, color: '#FFF8EC' }, { at: 1, color: '#F2C14E' }] });
    const turned = gradientAngle(g, '90');
    expect(turned).toMatchObject({ angle: 90 });
    expect(gradientAngle(turned, '0')).not.toHaveProperty('angle');
    expect(gradientAngle(turned, 'abc')).toEqual(turned);
    const blue = gradientColour(turned, 1, '#1e6fd9');
    expect(blue!.stops[1]).toEqual({ at: 1, color: '#1E6FD9' });
    expect(gradientColour(blue, 0, 'red')).toEqual(blue); // not a colour: unchanged
    const radial = gradientType(blue, 'radial');
    expect(radial).toEqual({ type: 'radial', stops: blue!.stops });
    expect(gradientType(radial, 'none')).toBeUndefined();
    expect(gradientType(undefined, 'linear', '{{colour}}')!.stops[0]!.color).toBe('#C23B22'); // a bound fill: a default start
    for (const v of [g, turned, blue, radial]) expect(valid({ gradient: v })).toBe(true);
  });

  it('sets a shadow field by field, clamped to what the file allows', () => {
    let s = shadowField(NEW_SHADOW, 'blur', '80');
    expect(s!.blur).toBe(50);
    s = shadowField(s, 'opacity', '0.3');
    expect(s!.opacity).toBe(0.3);
    expect(shadowField(s, 'opacity', '')).not.toHaveProperty('opacity');
    expect(shadowField(s, 'x', 'left')).toEqual(s);
    expect(shadowField(s, 'color', '#336699')!.color).toBe('#336699');
    expect(shadowField(undefined, 'x', '1')).toBeUndefined();
    expect(valid({ shadow: s })).toBe(true);
  });

  it('sets an image clip shape and its corner radius', () => {
    expect(clipShape(undefined, 'ellipse')).toEqual({ shape: 'ellipse' });
    const r = clipShape(undefined, 'rect');
    expect(r).toEqual({ shape: 'rect', radius: 3 });
    expect(clipRadius(r, '-2')).toEqual({ shape: 'rect', radius: 0 });
    expect(clipRadius(r, '5.5')).toEqual({ shape: 'rect', radius: 5.5 });
    expect(clipRadius({ shape: 'ellipse' }, '5')).toEqual({ shape: 'ellipse' });
    expect(clipShape(r, 'none')).toBeUndefined();
    // Another layer's outline.
    expect(clipShape(r, 'layer:frame')).toEqual({ layer: 'frame' });
    expect(clipChoice({ layer: 'frame' })).toBe('layer:frame');
    expect(clipChoice({ shape: 'ellipse' })).toBe('ellipse');
    expect(clipChoice(undefined)).toBe('none');
    expect(clipRadius({ layer: 'frame' }, '5')).toBeUndefined();
  });
});
