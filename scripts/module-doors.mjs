#!/usr/bin/env node
/**
 * `npm run lint`'s check of the code's shape (issue 25, decision 0028), which Biome cannot state:
 * 1. An API module is entered by its door: nothing outside `apps/api/src/modules/<module>/`
 *    imports a file of it other than its `index.ts`.
 * 2. No import cycle between API modules (one module's files importing another's door, and back;
 *    a test may use a module above its own: nothing imports a test).
 * 3. No import cycle between files, in the API, the web app and the shared package (type-only
 *    imports are erased at run time and are left out).
 * Prints every breach and exits 1 when there is one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = path.join(ROOT, 'apps/api/src/modules');
const TREES = ['apps/api/src', 'apps/web/src', 'packages/shared/src', 'bench'].map((tree) =>
  path.join(ROOT, tree),
);

/** Every TypeScript file under a folder, node_modules left out. */
function sourcesOf(folder) {
  const found = [];
  for (const name of readdirSync(folder)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) found.push(...sourcesOf(full));
    else if (/\.tsx?$/.test(name)) found.push(full);
  }
  return found;
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]/g;
/** A side-effect import (`import './x.ts'`) or a dynamic one (`import('./x.ts')`): a value import. */
const BARE_IMPORT = /(?:^|\n)\s*import\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The file an import names: as written, else with `.ts`/`.tsx`, else the folder's `index.ts(x)`. */
function resolved(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((candidate) => known.has(candidate)) ?? base;
}

/** A file's relative imports: the file each names, and whether only types come through it. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  return [
    // Only `import type` / `export type` is erased: `{ type A }` still loads the file.
    ...[...text.matchAll(IMPORT)].map((match) => ({
      target: resolved(file, match[4]),
      typeOnly: Boolean(match[2]),
    })),
    ...[...text.matchAll(BARE_IMPORT)].map((match) => ({
      target: resolved(file, match[1] ?? match[2]),
      typeOnly: false,
    })),
  ];
}

const isTest = (file) => /\.(test|security)\.tsx?$/.test(file);

/** The API module a file belongs to (its first folder under modules/), or none. */
function moduleOf(file) {
  const relative = path.relative(MODULES, file);
  if (relative.startsWith('..')) return undefined;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
}

const files = TREES.flatMap(sourcesOf);
const known = new Set(files);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const breaches = [];
const show = (file) => path.relative(ROOT, file);

// 1. Doors.
const moduleEdges = new Map();
for (const [file, imports] of graph) {
  const from = moduleOf(file);
  for (const { target } of imports) {
    const to = moduleOf(target);
    if (!to || to === from) continue;
    if (target !== path.join(MODULES, to, 'index.ts')) {
      breaches.push(`${show(file)} imports ${show(target)}: use the door, modules/${to}/index.ts`);
    }
    // A test is nobody's import: it may use a module above its own.
    if (from && !isTest(file)) {
      if (!moduleEdges.has(from)) moduleEdges.set(from, new Set());
      moduleEdges.get(from).add(to);
    }
  }
}

/** The cycles of a graph (its strongly connected parts of more than one node), by Tarjan. */
function cyclesOf(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  function visit(node) {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!edges.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const part = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1) cycles.push(part);
    }
  }
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

// 2. Modules.
for (const cycle of cyclesOf(moduleEdges))
  breaches.push(`API modules importing each other: ${cycle.join(', ')}`);

// 3. Files.
const valueEdges = new Map(
  [...graph].map(([file, imports]) => [
    file,
    new Set(imports.filter((entry) => !entry.typeOnly).map((entry) => entry.target)),
  ]),
);
for (const cycle of cyclesOf(valueEdges))
  breaches.push(`files importing each other: ${cycle.map(show).join(', ')}`);

if (breaches.length > 0) {
  console.error(`Module doors and import cycles (scripts/module-doors.mjs): ${breaches.length} breach(es)`);
  for (const breach of breaches) console.error(`  ${breach}`);
  process.exit(1);
}
const moduleCount = readdirSync(MODULES).filter((name) =>
  statSync(path.join(MODULES, name)).isDirectory(),
).length;
console.log(
  `Module doors: ${moduleCount} API modules entered by their doors; no import cycle in ${files.length} files.`,
);
