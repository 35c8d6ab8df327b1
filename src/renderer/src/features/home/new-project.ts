import { CARD_SIZE_PRESETS } from '../../../../shared/cards/presets';
import type { CreateProjectArg, ProjectNameArg } from '../../../../shared/ipc/contract';

/** A card size preset (`shared/cards/presets.ts`). */
export type Preset = keyof typeof CARD_SIZE_PRESETS;
/** The presets in the order the dialog offers them. */
export const PRESETS: readonly Preset[] = ['poker', 'poker-in', 'bridge', 'mini', 'tarot', 'square'];

/**
 * The limits `projects:create` accepts (`shared/ipc/args.ts`), mirrored so the dialog says what is
 * wrong before asking main: lengths in millimetres, names in characters.
 */
export const NEW_PROJECT_LIMITS = {
  size: { min: 10, max: 400 },
  bleed: { min: 0, max: 10 },
  safe: { min: 0, max: 20 },
  corner: { min: 0, max: 20 },
  name: 100,
} as const;

/** Default safe zone and corner radius of a new project (main's defaults). */
export const NEW_PROJECT_DEFAULTS = { safe: 3, corner: 3, customBleed: 3 } as const;

/** What the "new blank project" form holds. */
export interface NewProjectForm {
  nameZh: string;
  nameEn: string;
  preset: Preset | 'custom';
  width: number;
  height: number;
  bleed: number;
  safe: number;
  corner: number;
}

/** Why a pair of names is refused: the catalogue key of the message, or null when it is fine. */
export function nameProblem(zh: string, en: string): 'home.invalid.name' | 'home.invalid.nameLong' | null {
  const a = zh.trim();
  const b = en.trim();
  if (!a && !b) return 'home.invalid.name';
  if (a.length > NEW_PROJECT_LIMITS.name || b.length > NEW_PROJECT_LIMITS.name) return 'home.invalid.nameLong';
  return null;
}

/**
 * The name to send: one string when only one language was given (or both are the same), else
 * `{ zh, en }`.
 * @example nameArg('节气牌', '') // '节气牌'
 */
export function nameArg(zh: string, en: string): ProjectNameArg {
  const a = zh.trim();
  const b = en.trim();
  if (!a || !b || a === b) return a || b;
  return { zh: a, en: b };
}

/** Whether a number field's value is within `{ min, max }` (an emptied field is null). */
export function inRange(v: number | null | undefined, r: { min: number; max: number }): boolean {
  return typeof v === 'number' && Number.isFinite(v) && v >= r.min && v <= r.max;
}

/** The form with a preset's size and bleed (safe zone and corner radius are kept). */
export function withPreset(form: NewProjectForm, preset: Preset | 'custom'): NewProjectForm {
  if (preset === 'custom') return { ...form, preset };
  const p = CARD_SIZE_PRESETS[preset];
  return { ...form, preset, width: p.width, height: p.height, bleed: p.bleed };
}

/** A fresh form: poker size, the preset's bleed, 3 mm safe zone and corner radius. */
export function blankForm(): NewProjectForm {
  return withPreset({ nameZh: '', nameEn: '', preset: 'poker', width: 0, height: 0, bleed: 0, safe: NEW_PROJECT_DEFAULTS.safe, corner: NEW_PROJECT_DEFAULTS.corner }, 'poker');
}

/** The `projects:create` argument of a form, or null while a field is out of range or the name is missing. */
export function createArg(f: NewProjectForm): CreateProjectArg | null {
  const L = NEW_PROJECT_LIMITS;
  if (nameProblem(f.nameZh, f.nameEn)) return null;
  if (!inRange(f.bleed, L.bleed) || !inRange(f.safe, L.safe) || !inRange(f.corner, L.corner)) return null;
  if (f.preset === 'custom' && (!inRange(f.width, L.size) || !inRange(f.height, L.size))) return null;
  return {
    name: nameArg(f.nameZh, f.nameEn),
    card: f.preset === 'custom' ? { width: f.width, height: f.height } : { preset: f.preset },
    bleed: f.bleed,
    safe: f.safe,
    cornerRadius: f.corner,
  };
}
