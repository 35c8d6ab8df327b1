/**
 * Per-card template rules (project.json `templateRules`): a card whose `template` cell is empty
 * takes the front (and, when the rule names one, the back) of the first rule whose condition its
 * fields meet — `{ "when": "type == \"zodiac\"", "template": "front-zodiac" }` — so a deck of
 * several kinds needs no template column. A condition is an expression (see expr.ts) over the
 * card's fields, `id` and `copies`; one that cannot be evaluated matches nothing and is reported.
 */
import { evaluate, truthy, type ExprError } from './expr';

export interface TemplateRule {
  when: string;
  template: string;
  back?: string;
}

/** The rule a card's fields meet first (its index), or none; problems of the rules tried, by index. */
export function matchRule(rules: readonly TemplateRule[] | undefined, scope: Record<string, string>): { rule?: TemplateRule; index?: number; errors: { index: number; error: ExprError }[] } {
  const errors: { index: number; error: ExprError }[] = [];
  if (!rules) return { errors };
  for (const [index, rule] of rules.entries()) {
    const r = evaluate(rule.when, scope);
    if (!r.ok) {
      errors.push({ index, error: r.error });
      continue;
    }
    if (truthy(r.value)) return { rule, index, errors };
  }
  return { errors };
}
