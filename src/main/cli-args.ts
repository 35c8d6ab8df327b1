import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isAbsolute, resolve } from 'node:path';
import { err, ok, type Result } from '../shared/util/result';

/**
 * A flag of a command line command: a switch, or an option that takes a value. `value` says what
 * the value is (`FILE`, `a4|letter`, `MM`), for the message when it is missing.
 */
export type FlagSpec = { type: 'boolean' } | { type: 'string'; value: string };

/** The values of a command's flags: strings for options, `true` for switches given. */
export type FlagValues<F extends Record<string, FlagSpec>> = { [K in keyof F]?: F[K] extends { type: 'string' } ? string : boolean };

/** Error codes of argument parsing (all of them end the CLI with exit code 2). */
export const CLI_ERRORS = {
  /** A flag the command does not have. */
  UNKNOWN_OPTION: 'cli/unknown-option',
  /** An option given without its value. */
  MISSING_VALUE: 'cli/missing-value',
  /** A switch given a value (`--booklet=yes`). */
  UNEXPECTED_VALUE: 'cli/unexpected-value',
  /** More positional arguments than the command takes. */
  EXTRA_ARGUMENT: 'cli/extra-argument',
} as const;

/** `-1.5`, `-3`, `-.5`: a negative number, which is a value and never a flag. */
const NEGATIVE = /^-(?:\d|\.\d)/;

/**
 * Parse a command's arguments without ever throwing: unknown flags, missing values and extra
 * arguments come back as one-line messages that name the flag and what it needs. Negative
 * numbers are values (`--offset-x -1.5`, as the calibration page reads them), which Node's strict
 * parser refuses as "ambiguous".
 * @example parseFlags('rulebook', ['doufu', '--lang'], { lang: { type: 'string', value: 'zh|en' } })
 * // → err: '--lang needs a value: zh|en (e.g. --lang zh|en)'
 */
export function parseFlags<F extends Record<string, FlagSpec>>(command: string, args: string[], flags: F, maxPositionals = 1): Result<{ values: FlagValues<F>; positionals: string[] }> {
  const options = Object.fromEntries(Object.entries(flags).map(([k, f]) => [k, { type: f.type }]));
  // Not strict: every problem is found in the tokens below and worded here, not thrown by Node.
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  const values: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  const valid = () => Object.keys(flags).map((k) => `--${k}`).join(', ');
  for (const t of tokens) {
    if (t.kind === 'positional') {
      positionals.push(t.value);
      continue;
    }
    if (t.kind !== 'option') continue;
    const spec = Object.hasOwn(flags, t.name) ? flags[t.name] : undefined;
    if (!spec) return err(CLI_ERRORS.UNKNOWN_OPTION, `unknown option ${t.rawName} for "${command}"; valid options: ${valid()}`);
    if (spec.type === 'boolean') {
      if (t.value !== undefined) return err(CLI_ERRORS.UNEXPECTED_VALUE, `${t.rawName} is a switch and takes no value (got "${t.value}"); write just ${t.rawName}`);
      values[t.name] = true;
      continue;
    }
    const missing = `${t.rawName} needs a value: ${spec.value} (e.g. ${t.rawName} ${spec.value.split('|')[0]})`;
    if (t.value === undefined) return err(CLI_ERRORS.MISSING_VALUE, missing);
    // `--out --paper a4`: the next flag is not the value, unless written `--out=--paper`.
    if (!t.inlineValue && t.value.startsWith('-') && !NEGATIVE.test(t.value))
      return err(CLI_ERRORS.MISSING_VALUE, `${missing}; "${t.value}" is a flag (write ${t.rawName}=${t.value} if it really is the value)`);
    values[t.name] = t.value;
  }
  if (positionals.length > maxPositionals)
    return err(CLI_ERRORS.EXTRA_ARGUMENT, `unexpected argument "${positionals[maxPositionals]}" for "${command}"; it takes ${maxPositionals === 1 ? 'one name' : `${maxPositionals} arguments`} and flags (${valid()})`);
  return ok({ values: values as FlagValues<F>, positionals });
}

/**
 * The folder relative paths are meant from: the caller's. `npm run cli` runs the script from the
 * repository, but npm sets `INIT_CWD` to where the user typed the command.
 */
export function callerDir(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
  return env.INIT_CWD && isAbsolute(env.INIT_CWD) ? env.INIT_CWD : cwd;
}

/** A path the user gave, made absolute against the caller's folder. */
export function userPath(p: string, base: string = callerDir()): string {
  return resolve(base, p);
}

/**
 * An output file must not be an existing folder: say so before any work is done (the write at
 * the end would fail with EISDIR after the whole export).
 */
export function checkOutputFile(flag: string, path: string, example: string): Result<string> {
  try {
    if (statSync(path).isDirectory()) return err('cli/output-is-folder', `${flag} ${path} is a folder; give a file name, e.g. ${resolve(path, example)}`);
  } catch {
    // Does not exist yet (or cannot be inspected): the write will say what is wrong.
  }
  return ok(path);
}

/**
 * Any failure as one line for `error: …`: the message only (a system error's message already
 * starts with its code, e.g. `EISDIR: …`), newlines folded, no stack.
 */
export function oneLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.replace(/\s*\n\s*/g, ' ').trim() || 'failed without a message';
}
