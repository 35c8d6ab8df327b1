/**
 * Prefix of the `meta` keys that carry a template edit (`template:<name>` → the template's JSON),
 * so template edits are steps of the same undo history as the data's.
 */
export const TEMPLATE_KEY = 'template:';

/** The pages whose edits are steps of a project's one history. */
export type StepOrigin = 'data' | 'template';

/** The page a step was made on (steps recorded without one are the data page's). */
export function stepOrigin(step: { origin?: string }): string {
  return step.origin ?? 'data';
}
