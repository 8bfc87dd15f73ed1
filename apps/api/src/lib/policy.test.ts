import { CALLER_ABILITIES, Resource } from '@tasreeh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActor } from '../test/actors.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { AppError } from './app-error.ts';
import { commandsDeclared } from './command.ts';
import type { Actor, Ctx } from './context.ts';
import { anyone, callerAbilitiesOf, definePolicy, holds, policyAreas } from './policy.ts';

const examplePolicy = definePolicy({
  area: 'policy-test-example',
  routes: { read: { permission: { resource: Resource.Products, action: 'read' } } },
  rules: {
    browse: anyone,
    create: holds(Resource.Products, 'create'),
    cancel: (who, row: { ownerId: number }) => who.userId === row.ownerId,
    approve: {
      allows: (who, row: { requestedBy: number }) => who.userId !== row.requestedBy,
      refusal: () => new AppError('FORBIDDEN', { status: 409 }),
    },
  },
});

const ctxOf = (who: Actor | undefined) => ({ actor: who }) as Ctx;

describe('a policy', () => {
  it('answers each rule for a caller and a row, as the abilities a response carries', () => {
    const creator = testActor('Teller', [
      { id: Resource.Products, read: false, create: true, edit: false, delete: false },
    ]);
    expect(
      examplePolicy.abilities(creator, { ownerId: 7, requestedBy: 8 }, ['create', 'cancel', 'approve']),
    ).toEqual({ create: true, cancel: true, approve: true });
    expect(
      examplePolicy.abilities(testActor('Teller'), { ownerId: 8, requestedBy: 7 }, [
        'create',
        'cancel',
        'approve',
      ]),
    ).toEqual({ create: false, cancel: false, approve: false });
  });

  it("refuses a command's caller with 403, the rule's own refusal, or 401 without a caller", async () => {
    const cancel = examplePolicy.authorize<'cancel', undefined, { ownerId: number }>('cancel');
    await expect(async () =>
      cancel.check(ctxOf(testActor('Teller')), undefined, { ownerId: 8 }),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(async () => cancel.check(ctxOf(undefined), undefined, { ownerId: 8 })).rejects.toMatchObject(
      {
        status: 401,
      },
    );
    expect(() => cancel.check(ctxOf(testActor('Teller')), undefined, { ownerId: 7 })).not.toThrow();

    const approve = examplePolicy.authorize('approve', (before: { by: number }) => ({
      requestedBy: before.by,
    }));
    await expect(async () =>
      approve.check(ctxOf(testActor('Teller')), undefined, { by: 7 }),
    ).rejects.toMatchObject({
      status: 409,
    });
  });

  it('lets anyone, signed in or not, do what the rule `anyone` allows, and no one else without a caller', () => {
    expect(examplePolicy.may(undefined, 'browse', undefined)).toBe(true);
    expect(examplePolicy.may(undefined, 'create', undefined)).toBe(false);
  });

  it('names its area on the routes it declares and on the commands it authorizes', () => {
    expect(examplePolicy.route('read')).toEqual({
      access: { permission: { resource: Resource.Products, action: 'read' } },
      policy: 'policy-test-example',
    });
    expect(examplePolicy.authorize('create')).toMatchObject({
      policy: 'policy-test-example',
      action: 'create',
    });
  });
});

describe('every route and every command of the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("states its access rule through its area's policy", () => {
    const areas = policyAreas();
    const routes = t.app.declaredRoutes.filter(
      (route) =>
        route.url.startsWith('/api') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(100);
    const withoutPolicy = routes
      .filter((route) => route.policy === undefined || !areas.has(route.policy))
      .map((route) => `${route.method} ${route.url}`);
    expect(withoutPolicy).toEqual([]);
  });

  it("is authorized by its area's policy", () => {
    const areas = policyAreas();
    const commands = commandsDeclared();
    expect(commands.length).toBeGreaterThan(50);
    expect(commands.filter((command) => !areas.has(command.policy)).map((command) => command.name)).toEqual(
      [],
    );
  });

  it("answers every caller ability the web reads with a rule of its area's policy", async () => {
    const { token } = await t.loginAs('super admin');
    const response = await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} });
    expect(response.statusCode).toBe(200);
    const abilities: Record<string, Record<string, boolean>> = response.json().abilities;
    expect(Object.keys(abilities).sort()).toEqual(Object.keys(CALLER_ABILITIES).sort());
    for (const [area, actions] of Object.entries(CALLER_ABILITIES))
      expect(Object.keys(abilities[area] ?? {}), area).toEqual([...actions]);
    // The super admin holds every right: each caller ability the grid grants is granted.
    expect(abilities.products).toEqual({ create: true });
    expect(() => callerAbilitiesOf(undefined)).not.toThrow();
  });
});
