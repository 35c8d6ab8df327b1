import { describe, expect, it } from 'vitest';
import { parseFlags } from './cli-args';
import { BOARD_FLAGS, KIT_FLAGS, kitRequestFromFlags } from './cli-kit';

const parse = (args: string[], boardOnly = false) => {
  const f = parseFlags('export', ['zodiac-race-kit', ...args], KIT_FLAGS);
  if (!f.ok) return f;
  return kitRequestFromFlags(f.value.values, boardOnly);
};

describe('export zodiac-race-kit flags', () => {
  it('reads paper, scale (with or without %), parts, copies, token back, players and duplex', () => {
    expect(parse(['--paper', 'tabloid', '--scale', '90%', '--parts', 'board,tokens', '--copies', '3', '--token-back', '#1F5FA8', '--players', '4', '--duplex', 'short'])).toEqual({
      ok: true,
      value: { paper: 'tabloid', scale: 90, parts: ['board', 'tokens'], copies: 3, tokenBack: '#1F5FA8', players: 4, duplex: 'short' },
    });
    expect(parse(['--parts', 'all', '--token-back', 'none'])).toEqual({ ok: true, value: { tokenBack: null } });
    expect(parse(['--paper', 'a3'], true)).toEqual({ ok: true, value: { paper: 'a3', parts: ['board'] } });
  });

  it('says what each bad value should be', () => {
    const msg = (args: string[]) => {
      const r = parse(args);
      return r.ok ? '' : r.error.message;
    };
    expect(msg(['--paper', 'a5'])).toBe('--paper must be a4, letter, a3, tabloid, not "a5"');
    expect(msg(['--scale', '20'])).toMatch(/--scale must be a percentage from 40 to 150/);
    expect(msg(['--parts', 'board,dice'])).toMatch(/--parts takes all or a list of board, cards, tokens, pieces, score/);
    expect(msg(['--copies', '1.5'])).toMatch(/--copies must be a whole number from 1 to 6/);
    expect(msg(['--token-back', 'blue'])).toMatch(/--token-back must be a colour such as #1F5FA8, or none/);
    expect(msg(['--duplex', 'both'])).toMatch(/--duplex must be long, short or none/);
    expect(msg(['--bleed', '3'])).toMatch(/unknown option --bleed for "export"/);
  });

  it('reads the board flags (tiling, overlap) and the card sheets\' orientation', () => {
    expect(parse(['--tiling', 'whole', '--overlap', '15', '--orientation', 'portrait'])).toEqual({ ok: true, value: { tiling: 'whole', overlap: 15, orientation: 'portrait' } });
    const msg = (args: string[]) => {
      const r = parse(args);
      return r.ok ? '' : r.error.message;
    };
    expect(msg(['--tiling', 'split'])).toBe('--tiling must be auto, whole (one page) or tiled, not "split"');
    expect(msg(['--overlap', '2'])).toBe('--overlap must be a glue overlap in millimetres from 5 to 25, not "2"');
    expect(msg(['--orientation', 'up'])).toBe('--orientation must be auto, portrait or landscape, not "up"');
  });
});

describe('export zodiac-race-board flags', () => {
  const board = (args: string[]) => {
    const f = parseFlags('export', ['zodiac-race-board', ...args], BOARD_FLAGS);
    if (!f.ok) return f;
    return kitRequestFromFlags(f.value.values, true);
  };
  it('takes the board\'s own flags: paper, one page or tiles, scale and overlap', () => {
    expect(board(['--paper', 'a3', '--tiling', 'tiled', '--scale', '100', '--overlap', '12'])).toEqual({ ok: true, value: { paper: 'a3', tiling: 'tiled', scale: 100, overlap: 12, parts: ['board'] } });
    expect(board(['--paper', 'letter', '--tiling', 'whole'])).toEqual({ ok: true, value: { paper: 'letter', tiling: 'whole', parts: ['board'] } });
  });
  it('refuses the other parts\' flags', () => {
    for (const flag of ['--copies', '--players', '--parts', '--token-back', '--duplex', '--orientation']) {
      const r = board([flag, '2']);
      expect(r.ok, flag).toBe(false);
      expect(r.ok ? '' : r.error.message).toMatch(new RegExp(`unknown option ${flag} for "export"`));
    }
    // A direct caller passing kit flags with boardOnly is told which flags the board takes.
    const r = kitRequestFromFlags({ copies: '2' }, true);
    expect(r.ok ? '' : r.error.message).toBe('export zodiac-race-board takes only --out, --paper, --scale, --tiling, --overlap, --no-test-page, --overwrite (got --copies); use export zodiac-race-kit --parts … for the other parts');
  });
});
