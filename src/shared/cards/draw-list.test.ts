import { describe, expect, it } from 'vitest';
import { textByFace, walkOps, walkOpsScaled, type DrawOp } from './draw-list';

const text = (t: string): DrawOp => ({ op: 'text', text: t, x: 0, y: 0, face: 'sans', size: 9, color: '#000000', width: 1 });

describe('walkOps', () => {
  it('visits ops depth first, groups before their children, with the scale of the transforms above', () => {
    const ops: DrawOp[] = [
      text('a'),
      { op: 'group', id: 'g1', transform: { x: 0, y: 0, scale: 2 }, ops: [text('b'), { op: 'group', id: 'g2', transform: { x: 0, y: 0, scale: 3 }, ops: [text('c')] }, text('d')] },
      text('e'),
    ];
    const seen: string[] = [];
    walkOpsScaled(ops, (op, k) => seen.push(`${op.op === 'text' ? op.text : op.id}×${k}`));
    expect(seen).toEqual(['a×1', 'g1×1', 'b×2', 'g2×2', 'c×6', 'd×2', 'e×1']);
    const plain: string[] = [];
    walkOps(ops, (op) => plain.push(op.op === 'text' ? op.text : op.id!));
    expect(plain).toEqual(['a', 'g1', 'b', 'g2', 'c', 'd', 'e']);
  });

  it('walks groups nested 200,000 deep without overflowing the stack', () => {
    let inner: DrawOp = text('福');
    for (let i = 0; i < 200_000; i++) inner = { op: 'group', ops: [inner] };
    let n = 0;
    walkOps([inner], () => n++);
    expect(n).toBe(200_001);
    expect(textByFace([{ width: 1, height: 1, bleed: 0, ops: [inner] }]).get('sans')).toBe('福');
  });
});
