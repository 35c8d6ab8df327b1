import { describe, expect, it } from 'vitest';
import { packTable, unpackTable } from './table-transfer';

describe('packTable / unpackTable', () => {
  it('gives back every cell as it was: empty, multi-line, CJK, emoji, a lone surrogate, rows of any length, many blocks', async () => {
    const odd = ['', 'a', '福禄寿', '🐀🐂', '\uD800', 'x\r\ny', '"q",', ' lead'];
    const rows = Array.from({ length: 1234 }, (_, r) => Array.from({ length: r % 7 }, (_, c) => odd[(r + c) % odd.length]! + (c === 0 ? r : '')));
    const table = { columns: ['id', 'a', 'b'], rows };
    const packed = await packTable(table);
    expect(packed.blocks.length).toBeGreaterThan(1);
    expect(unpackTable(structuredClone(packed))).toStrictEqual(table);
  });

  it('packs an empty table', async () => {
    expect(unpackTable(await packTable({ columns: ['id'], rows: [] }))).toStrictEqual({ columns: ['id'], rows: [] });
  });

  it('lets timers run between blocks', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await packTable({ columns: ['id'], rows: Array.from({ length: 5000 }, (_, i) => [`C${i}`]) });
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});
