import { describe, expect, it } from 'vitest';
import { parseFlags } from './cli-args';
import { KIT_FLAGS, kitRequestFromFlags } from './cli-kit';

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
});
