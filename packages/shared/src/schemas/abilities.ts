import { z } from '../zod.ts';

/**
 * What the caller may do with one row, by name (`{ update: true, cancel: false }`), as its area's
 * policy on the server decided (decision 0031): every entity a list or detail route returns
 * carries its own. The web shows or hides actions by it and derives no rule of its own.
 */
export function Abilities<const Action extends string>(...actions: Action[]) {
  return z.object(
    Object.fromEntries(actions.map((action) => [action, z.boolean()])) as Record<Action, z.ZodBoolean>,
  );
}

/**
 * What a caller may do in an area rather than to one row (add a product, open a day's closing),
 * by area: each is a rule of that area's policy, answered for the caller by the session check
 * (`POST /auth/test-token`), so the web's buttons follow the server's rules.
 */
export const CALLER_ABILITIES = {
  // One line per area, by name; each action is a rule of that area's policy answered with no row.
  advances: ['create'],
  'amana-invoices': ['issue', 'filterByBranch'],
  assessments: ['create'],
  bookings: ['create'],
  branches: ['create'],
  'business-stats': ['read'],
  centers: ['create'],
  corporates: ['create'],
  courses: ['create'],
  'daily-closings': ['create'],
  'exam-results': ['stats'],
  fees: ['create'],
  products: ['create'],
  retakes: ['book'],
  scheduling: ['create'],
  students: ['create'],
  users: ['create'],
} as const satisfies Record<string, readonly string[]>;

export type AbilityArea = keyof typeof CALLER_ABILITIES;
export type CallerAbility<Area extends AbilityArea> = (typeof CALLER_ABILITIES)[Area][number];

type CallerAbilitiesShape = { [Area in AbilityArea]: z.ZodObject<Record<CallerAbility<Area>, z.ZodBoolean>> };

export const CallerAbilities = z.object(
  // Object.fromEntries loses the keys: the shape is the one CALLER_ABILITIES states.
  Object.fromEntries(
    Object.entries(CALLER_ABILITIES).map(([area, actions]) => [
      area,
      Abilities(...(actions as readonly string[])),
    ]),
  ) as unknown as CallerAbilitiesShape,
);
export type CallerAbilities = z.infer<typeof CallerAbilities>;
