import {
  type Action,
  CALLER_ABILITIES,
  type CallerAbilities,
  canAccess,
  type ResourceId,
} from '@tasreeh/shared';
import type { Access } from '../plugins/access.ts';
import { type AppError, forbidden, unauthenticated } from './app-error.ts';
import type { Actor, Ctx } from './context.ts';

/**
 * One area's answer to "who may do what to which row" (decision 0031): the access rules its
 * routes declare, and its rules, each about a caller alone (may they create?) or a caller and one
 * row (may they cancel this booking?). Commands authorize through it, responses carry its
 * abilities, and a test fails on a route or a command that names no policy.
 */
export type Rule<Row = unknown> = (actor: Actor, row: Row) => boolean;

/** A rule whose refusal is its own message (the spec's "only a teller may add a booking"), not 403. */
export interface RuleWithRefusal<Row = unknown> {
  allows: Rule<Row>;
  refusal: () => AppError;
}

// biome-ignore lint/suspicious/noExplicitAny: a rule's row is whatever its area's rows are.
type AnyRule = Rule<any> | RuleWithRefusal<any>;

type RowOf<R> = R extends RuleWithRefusal<infer Row> ? Row : R extends Rule<infer Row> ? Row : never;
type Both<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** What a command's `authorize` is: a check made by a policy, run after `load` and before `run`. */
export interface Authorization<Input, Before> {
  readonly policy: string;
  readonly action: string;
  check(ctx: Ctx, input: Input, before: Before): void | Promise<void>;
}

/** A route's access rule as its policy states it, spread into the route's `config`. */
export interface PolicyRoute {
  access: Access;
  policy: string;
}

/** The rule of things anyone may do, signed in or not (log in, register, read the public catalogue). */
export const anyone: Rule = () => true;

/** The rule of a right in the permissions grid (`edit_10`): the caller holds it. */
export const holds =
  (resource: ResourceId, action: Action): Rule =>
  (actor) =>
    canAccess(actor.privileges, resource, action);

export interface Policy<Routes extends string, Rules extends Record<string, AnyRule>> {
  readonly area: string;
  readonly rules: Rules;
  /** The route's access rule, named: `config: { ...policy.route('read'), guard }`. */
  route(name: Routes): PolicyRoute;
  /** Whether the actor may do `action` (to `row`, for a rule about rows). */
  may<A extends keyof Rules & string>(actor: Actor | undefined, action: A, row: RowOf<Rules[A]>): boolean;
  /** The abilities a response carries: `{ update: true, cancel: false }`, for the web to show or hide. */
  abilities<const A extends keyof Rules & string>(
    actor: Actor | undefined,
    row: Both<RowOf<Rules[A]>>,
    actions: readonly A[],
  ): Record<A, boolean>;
  /**
   * A command's authorize step: `action` for the row `rowOf` picks from what `load` read (the
   * loaded row itself by default), refused with the rule's refusal or 403 (401 without a caller).
   */
  authorize<A extends keyof Rules & string, Input, Before>(
    action: A,
    rowOf?: (before: Before, input: Input) => RowOf<Rules[A]>,
  ): Authorization<Input, Before>;
  /**
   * A command's authorize step the rule cannot state alone (it reads more rows), named by the rule
   * it stands for: `check` throws to refuse.
   */
  authorizeBy<Input, Before>(
    action: keyof Rules & string,
    check: (ctx: Ctx, input: Input, before: Before) => void | Promise<void>,
  ): Authorization<Input, Before>;
  /** Throws the rule's refusal when the actor may not (for a read that is refused on its row). */
  assert<A extends keyof Rules & string>(actor: Actor | undefined, action: A, row: RowOf<Rules[A]>): void;
}

const definedPolicies = new Map<string, Policy<string, Record<string, AnyRule>>>();

/** Every policy defined so far, by area (the route-table test reads it). */
export function policyAreas(): ReadonlySet<string> {
  return new Set(definedPolicies.keys());
}

function allows(rule: AnyRule, actor: Actor | undefined, row: unknown): boolean {
  if (rule === anyone) return true;
  if (!actor) return false;
  return typeof rule === 'function' ? rule(actor, row) : rule.allows(actor, row);
}

function refusalOf(rule: AnyRule, actor: Actor | undefined): AppError {
  if (!actor) return unauthenticated();
  return typeof rule === 'function' ? forbidden() : rule.refusal();
}

/** Declares an area's policy: its routes' access rules and its rules, by name. */
export function definePolicy<const Routes extends string, const Rules extends Record<string, AnyRule>>(spec: {
  area: string;
  routes: Record<Routes, Access>;
  rules: Rules;
}): Policy<Routes, Rules> {
  const { area, routes, rules } = spec;
  if (definedPolicies.has(area)) throw new Error(`Policy ${area} is defined twice`);
  const ruleOf = (action: string): AnyRule => {
    const rule = rules[action];
    if (!rule) throw new Error(`Policy ${area} has no rule ${action}`);
    return rule;
  };
  const assert = (actor: Actor | undefined, action: string, row: unknown) => {
    const rule = ruleOf(action);
    if (!allows(rule, actor, row)) throw refusalOf(rule, actor);
  };
  const policy: Policy<Routes, Rules> = {
    area,
    rules,
    route: (name) => ({ access: routes[name], policy: area }),
    may: (actor, action, row) => allows(ruleOf(action), actor, row),
    abilities(actor, row, actions) {
      const abilities = {} as Record<(typeof actions)[number], boolean>;
      for (const action of actions) abilities[action] = allows(ruleOf(action), actor, row);
      return abilities;
    },
    authorize: (action, rowOf) => ({
      policy: area,
      action,
      check: (ctx, input, before) => assert(ctx.actor, action, rowOf ? rowOf(before, input) : before),
    }),
    authorizeBy: (action, check) => ({ policy: area, action, check }),
    assert,
  };
  definedPolicies.set(area, policy as unknown as Policy<string, Record<string, AnyRule>>);
  return policy;
}

/**
 * What the caller may do in each area rather than to one row (shared `CALLER_ABILITIES`), each
 * answered by that area's policy: the session check sends it to the web.
 */
export function callerAbilitiesOf(actor: Actor | undefined): CallerAbilities {
  const answer: Record<string, Record<string, boolean>> = {};
  for (const [area, actions] of Object.entries(CALLER_ABILITIES)) {
    const policy = definedPolicies.get(area);
    if (!policy) throw new Error(`No policy is defined for the abilities of ${area}`);
    answer[area] = policy.abilities(actor, undefined, actions);
  }
  return answer as CallerAbilities;
}
