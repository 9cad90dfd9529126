#!/usr/bin/env node
// The dependency rule (DESIGN.md, docs/architecture.md). Every rule below is read from the syntax
// tree (TypeScript's parser): imports are the import graph (static `import`/`export … from`, `import
// type`, dynamic `import('…')`, `import('…')` types), never a text match, so an alias, a type-only
// import or a bracket access does not get around a rule. Comments and strings are not code.
// - packages/domain imports nothing of ours and no I/O, and uses no clock or randomness;
// - packages/contracts may import only @rr/domain and zod;
// - the web never imports server code, and its file names are kebab-case (no PascalCase);
// - the browser extension imports only its own files and the API's types (@rr/contracts, `import type`);
// - isRecord is defined once (packages/domain/src/records.ts), the web's toQuad once (shared/images/quad.ts);
// - apps/server/src, by layer (serverImportProblem):
//   - nothing outside http/ imports from http/ (main.ts, the process entry, builds the app);
//   - routes (http/routes/) do not import db/ (they call services);
//   - products/ has one door: nothing outside products/ imports products/product-repository.ts, and
//     inside it only products/product-data-repository.ts does (it binds the queries into the
//     repository object; in apps/server/test only `*.pg.test.ts` files import the queries);
//   - one door for product writes (issue 40): the whole product repository object (its writes and
//     transactions) is taken only by the store's modules (PRODUCT_STORE_MODULES) and built only by
//     PRODUCT_REPOSITORY_BUILDERS; any other file imports nothing of product-data-repository.ts but
//     `import type { ProductQueries }` (the object without its writes), and none imports the store's
//     own modules (products/product-writes.ts, product-store-edits.ts, save-items-store.ts);
//   - container.ts is imported only by main.ts and http/ (workflow/ and tasks/ never: a task gets
//     TaskDeps, the workflow its WorkflowDeps; an area gets what the container hands it);
//   - a task (tasks/) imports no service (`*-service.ts`: the settings service above all, settings
//     reach a task as TaskDeps.settings), no repository and nothing of db/;
//   - only container.ts, main.ts and http/ import tasks/ (the workflow gets the task list from the
//     container); an area imports workflow/ for its types only;
//   - only repositories (`*-repository.ts`), db/, container.ts and main.ts import db/database.ts
//     (the `Db` type included), and none but db/ passes it on (`export … from`); the files not
//     converted yet are DATABASE_IMPORT_ALLOW, each with why (issue #40: services get repositories);
//   - a migration (db/migrations/) imports no live code of the server (it is frozen as it ran);
//   - no module is imported by a name computed at run time (the checker could not follow it);
// - apps/server/src has no import cycle between files, nor between its top-level folders (type
//   imports included); FOLDER_CYCLE_ALLOW names the imports still tying folders, each with why;
// - task statuses go through the store's one status method (`setTaskStatus`, issue #40): no file in
//   apps/server/src but the store passes a task status field (`seoStatus`, any top-level `…Status`)
//   to a product write (the store's write/writeFields/create, writeTaskFields), and only the runner
//   and the seller's actions STATUS_METHOD_CALLERS names call it (a task calls no status writer at
//   all); STATUS_WRITE_ALLOW: the files still doing it, why;
// - the web follows the screen pattern (docs/architecture.md, issue #22): no file under apps/web/src
//   is over 250 lines, and none uses an `as` cast (or `<T>x`) other than `as const`;
// - routes (http/routes/) do not hold the database: no `db` name (`container.db`, `deps.db`,
//   `const { db } = deps`, a `db` parameter) and no 'db' string (`deps['db']`);
// - SQL lives in repositories: in apps/server/src, Kysely's `sql` (imported under any name, or its
//   namespace), the query builder (.selectFrom/.insertInto/.updateTable/.deleteFrom/…, called or
//   referenced, by dot or bracket) and pg's .query(…)/.query<T>(…) appear only in `*-repository.ts`
//   files, migrations (db/migrations/) and the short SQL_ALLOW list.
// Exits non-zero with one line per violation. `findViolations(root)` is exported for its test.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const files = (dir, pattern = /\.(ts|tsx)$/) => {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'fixtures' ? [] : files(p, pattern);
    return pattern.test(e.name) ? [p] : [];
  });
};
const toPosix = (p) => p.split(path.sep).join('/');
const isTestFile = (f) => /\.test\.tsx?$/.test(f);

/** The syntax tree of a file (parsed once per run). */
const parsed = new Map();
function sourceOf(file) {
  let sf = parsed.get(file);
  if (!sf) {
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    parsed.set(file, sf);
  }
  return sf;
}
const walk = (node, visit) => {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
};
const literalText = (node) =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;

/**
 * The imports of a file: `{ spec, typeOnly, names: [{ imported, local, typeOnly }], namespace,
 * dynamic, computed }`. A side-effect import, a default or namespace import and a dynamic import are
 * value imports; `import type`, `import { type x }` of every name and `import('…')` types are not.
 */
function importsIn(sf) {
  const found = [];
  walk(sf, (n) => {
    if (ts.isImportDeclaration(n)) {
      const spec = literalText(n.moduleSpecifier);
      if (spec === null) return;
      const clause = n.importClause;
      const clauseType = Boolean(clause?.isTypeOnly);
      const names = [];
      let namespace = null;
      if (clause?.name) names.push({ imported: 'default', local: clause.name.text, typeOnly: clauseType });
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) namespace = bindings.name.text;
      if (bindings && ts.isNamedImports(bindings))
        for (const el of bindings.elements)
          names.push({
            imported: (el.propertyName ?? el.name).text,
            local: el.name.text,
            typeOnly: clauseType || el.isTypeOnly,
          });
      const typeOnly = Boolean(clause) && (clauseType || (!namespace && names.every((x) => x.typeOnly)));
      found.push({ spec, typeOnly, names, namespace: clauseType ? null : namespace, dynamic: false });
    } else if (ts.isExportDeclaration(n) && n.moduleSpecifier) {
      const spec = literalText(n.moduleSpecifier);
      if (spec === null) return;
      const clause = n.exportClause;
      const names =
        clause && ts.isNamedExports(clause)
          ? clause.elements.map((el) => ({
              imported: (el.propertyName ?? el.name).text,
              local: el.name.text,
              typeOnly: n.isTypeOnly || el.isTypeOnly,
            }))
          : [];
      const typeOnly = n.isTypeOnly || (names.length > 0 && names.every((x) => x.typeOnly));
      found.push({ spec, typeOnly, names, namespace: clause ? null : '*', dynamic: false, reexport: true });
    } else if (ts.isImportEqualsDeclaration(n) && ts.isExternalModuleReference(n.moduleReference)) {
      const spec = literalText(n.moduleReference.expression);
      if (spec !== null) found.push({ spec, typeOnly: n.isTypeOnly, names: [], namespace: n.name.text });
    } else if (
      ts.isCallExpression(n) &&
      (n.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(n.expression) && n.expression.text === 'require'))
    ) {
      const spec = literalText(n.arguments[0]);
      if (spec !== null) found.push({ spec, typeOnly: false, names: [], namespace: '*', dynamic: true });
      else
        found.push({ spec: '', typeOnly: false, names: [], namespace: '*', dynamic: true, computed: true });
    } else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument)) {
      const spec = literalText(n.argument.literal);
      if (spec !== null) found.push({ spec, typeOnly: true, names: [], namespace: null, dynamic: false });
    }
  });
  return found;
}

const SERVER = 'apps/server/src';
const SERVER_APP = 'apps/server';
/** Where a relative import of a server file points, as a path under apps/server/src ('' if outside). */
const serverTarget = (rel, spec) => {
  if (!spec.startsWith('.')) return '';
  const target = toPosix(path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec)));
  return target.startsWith(`${SERVER}/`) ? target.slice(SERVER.length + 1) : '';
};
/** The top-level folder of a path under apps/server/src (a top-level file is its own: `container.ts`). */
const topOf = (inServer) => inServer.split('/')[0];

const isProductRepository = (target) => /^products\/product-repository(\.ts)?$/.test(target);
const isProductDataRepository = (target) => /^products\/product-data-repository(\.ts)?$/.test(target);
/**
 * One door for product writes (issue 40). The store's modules: the ProductStore and what it owns
 * (the write queues and known documents around a write, the seller's whole-document and locked
 * writes, saveItems' transaction). Only they take the whole product repository object
 * (`ProductRepository`: the writes and the transactions) or import one another's write functions.
 */
export const PRODUCT_STORE_MODULES = [
  'products/product-store.ts',
  'products/product-store-edits.ts',
  'products/product-writes.ts',
  'products/save-items-store.ts',
];
/** Who builds the product repository object over a handle (and hands it to a store). */
export const PRODUCT_REPOSITORY_BUILDERS = ['container.ts', 'limits/work-task-repository.ts'];
/** What anyone else in products/ may import from product-data-repository.ts: the writes-free type. */
const PRODUCT_QUERY_NAMES = ['ProductQueries'];
/** The store's own modules (all but the store itself, which every module may import). */
const isStoreInternal = (target) =>
  PRODUCT_STORE_MODULES.some(
    (m) => m !== 'products/product-store.ts' && (target === m || `${target}.ts` === m),
  );
export const PRODUCT_WRITE_RULE =
  "reaches the product repository's writes (only the ProductStore's modules write products: a service imports `type { ProductQueries }` and writes through the store)";
export const PRODUCT_REPOSITORY_RULE =
  'imports products/product-repository.ts (only products/product-data-repository.ts binds its queries: take the repository object)';
const isContainer = (target) => /^container(\.ts)?$/.test(target);
const isService = (target) => /-service(\.ts)?$/.test(target);
const isRepository = (target) => /-repository(\.ts)?$/.test(target);
const isDatabaseModule = (target) => /^db\/database(\.ts)?$/.test(target);
/** Who holds the database handle: repositories, db/ itself, the container (and main.ts, which opens it). */
const MAY_IMPORT_DATABASE = (inServer) =>
  isRepository(inServer) ||
  inServer.startsWith('db/') ||
  inServer === 'container.ts' ||
  inServer === 'main.ts';
export const DATABASE_RULE =
  'imports db/database.ts (only repositories, db/ and container.ts hold the database: take a repository built by the container)';

/**
 * Files outside repositories, db/ and container.ts that still import db/database.ts (`Db` mostly),
 * each with why. Only these may; a new file may not. The list only shrinks (issue #40: every
 * service receives its repositories): an entry that no longer imports it is printed to be removed.
 */
export const DATABASE_IMPORT_ALLOW = [
  // empty: every module is converted (products last: the store and services take the product
  // repository object, products/product-data-repository.ts)
];

/** Where the container, the tasks and the workflow's values may be imported from. */
const COMPOSERS = (inServer) =>
  inServer === 'main.ts' || inServer === 'container.ts' || inServer.startsWith('http/');

/** Server files that import by a computed name, each with why. */
const COMPUTED_IMPORT_ALLOW = [
  // The migrator loads every file of db/migrations/ by its name (migrations import no live code).
  'db/migrate.ts',
];

/** Why a server file may not import `imp` (one of importsIn), or null when it may. */
function serverImportProblem(rel, imp) {
  const inServer = rel.slice(SERVER.length + 1);
  if (imp.computed && !COMPUTED_IMPORT_ALLOW.includes(inServer))
    return 'imports a module by a name computed at run time (name it: the dependency rule must see every import)';
  const { spec } = imp;
  const target = serverTarget(rel, spec);
  if (target.startsWith('http/') && !inServer.startsWith('http/') && inServer !== 'main.ts')
    return 'imports http/ from outside http/ (throw AppError from errors/app-error.ts instead)';
  if (target.startsWith('db/') && inServer.startsWith('http/routes/'))
    return 'a route imports db/ (routes call services; SQL lives in repositories)';
  if (isProductRepository(target) && !inServer.startsWith('products/'))
    return 'imports the product repository from outside products/ (read and write through the ProductStore: container.productStore, TaskDeps.products)';
  if (isProductRepository(target) && inServer !== 'products/product-data-repository.ts')
    return PRODUCT_REPOSITORY_RULE;
  const storeSide = PRODUCT_STORE_MODULES.includes(inServer);
  if (
    isProductDataRepository(target) &&
    !storeSide &&
    !PRODUCT_REPOSITORY_BUILDERS.includes(inServer) &&
    !(
      imp.typeOnly &&
      !imp.namespace &&
      !imp.reexport &&
      imp.names.length > 0 &&
      imp.names.every((n) => PRODUCT_QUERY_NAMES.includes(n.imported))
    )
  )
    return PRODUCT_WRITE_RULE;
  if (isStoreInternal(target) && !storeSide) return PRODUCT_WRITE_RULE;
  if (isContainer(target) && /^(workflow|tasks)\//.test(inServer))
    return 'imports container.ts from workflow/ or tasks/ (a task gets TaskDeps; the workflow its WorkflowDeps)';
  if (isContainer(target) && !COMPOSERS(inServer))
    return 'imports container.ts (only main.ts and http/ do: a module gets what the container hands it)';
  if (inServer.startsWith('tasks/') && /^settings\/settings-service(\.ts)?$/.test(target))
    return 'a task imports the settings service (a task reads settings through TaskDeps.settings, the SettingsReader)';
  if (
    inServer.startsWith('tasks/') &&
    (isService(target) || isRepository(target) || target.startsWith('db/'))
  )
    return 'a task imports a service, a repository or db/ (a task gets what it needs as TaskDeps)';
  if (target.startsWith('tasks/') && !inServer.startsWith('tasks/') && !COMPOSERS(inServer))
    return 'imports tasks/ (only the container registers the tasks: it hands the workflow its task list)';
  if (
    target.startsWith('workflow/') &&
    !imp.typeOnly &&
    !/^(workflow|tasks)\//.test(inServer) &&
    !COMPOSERS(inServer)
  )
    return "imports the workflow's code (an area takes the workflow from the container; `import type` only)";
  if (isDatabaseModule(target) && imp.reexport && !inServer.startsWith('db/'))
    return 'passes db/database.ts on (an export … from it outside db/ would hand the database to any importer)';
  if (
    isDatabaseModule(target) &&
    !MAY_IMPORT_DATABASE(inServer) &&
    !isTestFile(inServer) &&
    !DATABASE_IMPORT_ALLOW.some((a) => a.file === inServer)
  )
    return DATABASE_RULE;
  if (inServer.startsWith('db/migrations/') && spec.startsWith('.') && !target.startsWith('db/migrations/'))
    return 'a migration imports live code of the server (a migration is frozen as it ran: copy what it needs into it)';
  return null;
}

/**
 * The server's import graph: each non-test source file under apps/server/src (as a path under it)
 * to the server files it imports, `import type` and dynamic imports included.
 */
function serverGraph(root) {
  const base = path.join(root, SERVER);
  const nodes = files(base).filter((f) => !isTestFile(f));
  const rels = nodes.map((f) => toPosix(path.relative(root, f)));
  const known = new Set(rels);
  const edges = new Map();
  for (const [i, file] of nodes.entries()) {
    const rel = rels[i];
    const out = new Set();
    for (const { spec } of importsIn(sourceOf(file))) {
      const target = serverTarget(rel, spec);
      if (!target) continue;
      const full = `${SERVER}/${target}`;
      const hit = [full, `${full}.ts`, `${full}.tsx`, `${full}/index.ts`].find((c) => known.has(c));
      if (hit) out.add(hit.slice(SERVER.length + 1));
    }
    edges.set(rel.slice(SERVER.length + 1), [...out].sort());
  }
  return edges;
}

/**
 * The cycles of a graph (Map node → nodes): one per strongly connected group, the shortest way from
 * the group's first node back to itself, with the group's size.
 */
function cyclesOf(edges) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  // Tarjan's strongly connected components (recursion depth is bounded by the longest import chain).
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (edges.get(v) ?? []).includes(v)) groups.push(group.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!idx.has(v)) visit(v);
  return groups.map((group) => {
    const inGroup = new Set(group);
    const start = group[0];
    // The shortest way from `start` back to itself inside the group (breadth first).
    const prev = new Map();
    const queue = [start];
    let end = null;
    while (queue.length && end === null) {
      const v = queue.shift();
      for (const w of edges.get(v) ?? []) {
        if (!inGroup.has(w)) continue;
        if (w === start) {
          end = v;
          break;
        }
        if (!prev.has(w)) {
          prev.set(w, v);
          queue.push(w);
        }
      }
    }
    const cycle = [start];
    for (let v = end; v !== start && v !== null; v = prev.get(v)) cycle.splice(1, 0, v);
    cycle.push(start);
    return { cycle, size: group.length };
  });
}

/**
 * Import cycles among the server's source files (tests left out; `import type` counts: it ties the
 * modules together for the reader and the type checker alike). One line per cycle found, shortest
 * first from each strongly connected group, e.g. `a.ts → b.ts → a.ts`.
 */
export function findServerCycles(root, graph = serverGraph(root)) {
  return cyclesOf(graph)
    .map(({ cycle, size }) => {
      const more = size > cycle.length - 1 ? ` (${size} files in the cycle group)` : '';
      return `${SERVER}: import cycle ${cycle.join(' → ')}${more}`;
    })
    .sort();
}

/**
 * Imports that still tie two top-level folders of apps/server/src both ways, each with why and what
 * would end it. They are left out of the folder graph; any other import that closes a folder cycle
 * fails. `from` is a file under apps/server/src, `to` the folders its imports may reach. An entry
 * that no longer closes a cycle is printed as a note so it gets removed: the list only shrinks.
 */
export const FOLDER_CYCLE_ALLOW = [
  {
    from: 'db/schema.ts',
    to: ['access-tokens', 'ai', 'exports', 'images', 'products'],
    why: "the database's type gathers the table types each module declares beside its code (`*-tables.ts`), while the modules take `Db`; ends when the table types move into db/ (the map's `db/ … table types`)",
  },
  {
    from: 'db/database.ts',
    to: ['limits'],
    why: "createDb lowers a local backend's priority with limits/cpu-priority.ts (yieldCores); ends when the container hands createDb that function",
  },
  {
    from: 'db/seed-demo.ts',
    to: ['auth'],
    why: "the demo account seed hashes the demo password with auth's passwords.ts; ends when the seed moves to demo/",
  },
  {
    from: 'ai/endpoint-guard.ts',
    to: ['images'],
    why: 'the AI endpoint guard refuses private addresses with isBlockedAddress, which lives in images/fetch-image.ts while images/ calls the AI gateway; ends when the address guard is a module of its own',
  },
  {
    from: 'ai/pinned-fetch.ts',
    to: ['images'],
    why: 'the same isBlockedAddress (images/fetch-image.ts) for the pinned connection to an AI endpoint',
  },
  {
    from: 'limits/work-tasks.ts',
    to: ['products'],
    why: "the work pool's thread entry names the parsers it runs (products' saveItems, document rules) while products/ queues work on the pool; ends when the container hands the pool its tasks",
  },
  {
    from: 'limits/work-task-repository.ts',
    to: ['products'],
    why: "the pool thread's writer (its own connection) runs products' saveItems store; ends with the entry above",
  },
  {
    from: 'limits/body-checks.ts',
    to: ['products'],
    why: "the pool's body budgets name products' capture budget; ends with the entry above",
  },
];

export const FOLDER_CYCLE_RULE = 'folder import cycle';

/** Whether the import `from` → `to` (paths under apps/server/src) is one FOLDER_CYCLE_ALLOW names. */
const allowedFolderImport = (allow, from, to) =>
  allow.some((a) => a.from === from && a.to.includes(topOf(to)));

/**
 * Cycles between the top-level folders of apps/server/src (a top-level file is its own node), type
 * imports included: a folder that imports another which imports it back is one module cut in two.
 * Each line names the folders and, for each step, one import that makes it.
 */
export function findFolderCycles(root, graph = serverGraph(root), allow = FOLDER_CYCLE_ALLOW) {
  const folders = new Map();
  const example = new Map();
  for (const [from, targets] of graph) {
    const a = topOf(from);
    if (!folders.has(a)) folders.set(a, new Set());
    for (const to of targets) {
      const b = topOf(to);
      if (a === b || allowedFolderImport(allow, from, to)) continue;
      folders.get(a).add(b);
      if (!example.has(`${a} ${b}`)) example.set(`${a} ${b}`, `${from} → ${to}`);
    }
  }
  const edges = new Map([...folders].map(([k, v]) => [k, [...v].sort()]));
  return cyclesOf(edges)
    .map(({ cycle, size }) => {
      const steps = cycle.slice(1).map((b, i) => example.get(`${cycle[i]} ${b}`));
      const more = size > cycle.length - 1 ? ` (${size} folders in the cycle group)` : '';
      return `${SERVER}: ${FOLDER_CYCLE_RULE} ${cycle.join(' → ')}${more}: ${steps.join('; ')}`;
    })
    .sort();
}

/** The FOLDER_CYCLE_ALLOW entries whose imports no longer close a folder cycle (to be removed). */
export function staleFolderAllows(root, graph = serverGraph(root), allow = FOLDER_CYCLE_ALLOW) {
  const now = findFolderCycles(root, graph, allow).join('\n');
  return allow.filter(
    (entry) =>
      findFolderCycles(
        root,
        graph,
        allow.filter((a) => a !== entry),
      ).join('\n') === now,
  );
}

/** The DATABASE_IMPORT_ALLOW entries that no longer import db/database.ts (to be removed). */
export function staleDatabaseAllows(root, allow = DATABASE_IMPORT_ALLOW) {
  return allow.filter((a) => {
    const file = path.join(root, SERVER, a.file);
    if (!existsSync(file)) return true;
    const rel = `${SERVER}/${a.file}`;
    return !importsIn(sourceOf(file)).some((imp) => isDatabaseModule(serverTarget(rel, imp.spec)));
  });
}

const importRules = [
  {
    dir: 'packages/domain/src',
    allowImport: ({ spec }, { isTest }) =>
      spec.startsWith('.') || spec === 'zod' || (isTest && ['vitest', 'fast-check'].includes(spec)),
    forbidText: [
      [/\bDate\.now\(/, 'reads the clock (Date.now)'],
      [/new Date\(\s*\)/, 'reads the clock (new Date())'],
      [/\bMath\.random\(/, 'uses randomness (Math.random)'],
      [/\bfetch\(/, 'does I/O (fetch)'],
      [/\bprocess\./, 'reads the process environment'],
      [/\b(setTimeout|setInterval)\(/, 'uses timers'],
    ],
  },
  {
    dir: 'packages/contracts/src',
    allowImport: ({ spec }, { isTest }) =>
      spec.startsWith('.') || spec === 'zod' || spec === '@rr/domain' || (isTest && spec === 'vitest'),
    forbidText: [],
  },
  {
    dir: 'apps/web/src',
    allowImport: ({ spec }) => !spec.includes('apps/server') && !spec.startsWith('@rr/server'),
    forbidText: [],
  },
  {
    // The browser extension: its own files and the API's types (a value import would bundle zod and
    // the domain into every content script).
    dir: 'apps/extension/src',
    allowImport: (imp, { isTest }) =>
      imp.spec.startsWith('.') ||
      (imp.spec === '@rr/contracts' && imp.typeOnly) ||
      (isTest && (imp.spec === 'vitest' || imp.spec.startsWith('node:'))),
    why: (imp) =>
      imp.spec === '@rr/contracts' ? "imports values from @rr/contracts (use 'import type')" : '',
    forbidText: [],
  },
  {
    dir: SERVER,
    allowImport: (imp, { rel }) => serverImportProblem(rel, imp) === null,
    why: (imp, { rel }) => serverImportProblem(rel, imp) ?? '',
    forbidText: [],
  },
];

/**
 * The runner alone writes task statuses (workflow/runner.ts `writeTaskStatus`). A file under tasks/
 * that hands a product write a top-level task status field breaks it: the change given to a write
 * (`write`, `writeFields`, `writeTaskFields`, `create`, `editLocked`, any `write…`), followed through
 * the file (a variable and what is assigned to its fields, a spread, a local function's answer, a
 * callback's answer). A per-option state (`options.${i}.quotationStatus`) is the task's data.
 */
export const STATUS_RULE =
  "writes a task status (the runner alone writes them: return it as the task's outcome)";
export const STATUS_METHOD_RULE =
  "writes a task status (only the runner and the seller's actions in STATUS_METHOD_CALLERS call the store's setTaskStatus; a product write holds none)";
const STATUS_FIELD = /^[a-z][A-Za-z0-9]*Status$/;
const WRITE_CALL = /^(write[A-Za-z]*|create|editLocked)$/;
/** Under tasks/: any status writer by its name. */
const STATUS_WRITER_CALL = /^(write|set|update|save)[A-Za-z]*Status(es)?$/;
/** Elsewhere: the store's status method, and the runner's own function over it. */
const STATUS_METHOD_CALL = /^(setTaskStatus|writeTaskStatus)$/;
/** The product store defines the status method and its writer: the rule is about its callers. */
const STATUS_METHOD_HOME = 'apps/server/src/products/product-store.ts';
/**
 * Who calls the store's status method by design (docs/architecture.md): the runner and the seller's
 * explicit actions the spec lets set their task's status.
 */
export const STATUS_METHOD_CALLERS = [
  {
    file: 'apps/server/src/workflow/runner.ts',
    why: 'the runner: processing before a task, its outcome after, pending on cancel, error when the job gives up',
  },
  {
    file: 'apps/server/src/tasks/images/product-image-actions.ts',
    why: "the seller's image actions (re-translate, edit, review a picture outside a run) set the image task's status they change",
  },
  {
    file: 'apps/server/src/products/manual-seo.ts',
    why: "the seller's manual SEO completes the SEO task (W §5)",
  },
  {
    file: 'apps/server/src/products/product-service.ts',
    why: "the seller's updateFeature sets its feature's task status (W §7), regproduct the size chart's (pending or disabled)",
  },
];
/**
 * Files under tasks/ that still write a task status, each with why. The list only shrinks (issue
 * #40: status changes through one store method only the runner and the seller's actions call).
 */
export const STATUS_WRITE_ALLOW = [
  {
    file: 'apps/server/src/tasks/main-image/index.ts',
    why: 'the main-image task shows its progress mid-run (the product-level mainImageStatus as each option ends); ends when the runner publishes progress (issue #40)',
  },
];

const calleeName = (call) => {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  if (ts.isElementAccessExpression(e)) return literalText(e.argumentExpression);
  return null;
};
const propertyKey = (name) => {
  if (!name) return null;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name))
    return name.text;
  if (ts.isComputedPropertyName(name)) return literalText(name.expression);
  return null;
};

/** The task status fields, as the domain's task registry names them (`statusField: '…'`). */
const TASK_REGISTRY = 'packages/domain/src/tasks/task-registry.ts';
const taskStatusFields = (root) => {
  // A copy of the server alone (the checker's own test) reads this repository's registry.
  const here = path.join(root, TASK_REGISTRY);
  const file = existsSync(here)
    ? here
    : path.join(path.dirname(fileURLToPath(import.meta.url)), '..', TASK_REGISTRY);
  return new Set([...readFileSync(file, 'utf8').matchAll(/statusField: '([A-Za-z]+)'/g)].map((m) => m[1]));
};

function statusWrites(sf, writerCall = STATUS_WRITER_CALL, isStatus = (f) => STATUS_FIELD.test(f)) {
  const declarations = new Map(); // name → initializers and function bodies
  const fieldWrites = new Map(); // variable → keys assigned (`x.k = `, `x['k'] = `)
  const add = (map, k, v) => map.set(k, [...(map.get(k) ?? []), v]);
  walk(sf, (n) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer)
      add(declarations, n.name.text, n.initializer);
    if (ts.isFunctionDeclaration(n) && n.name && n.body) add(declarations, n.name.text, n.body);
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const left = n.left;
      const key = ts.isPropertyAccessExpression(left)
        ? left.name.text
        : ts.isElementAccessExpression(left)
          ? literalText(left.argumentExpression)
          : null;
      if (key !== null && ts.isIdentifier(left.expression)) add(fieldWrites, left.expression.text, key);
    }
    if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      ts.isIdentifier(n.expression.expression) &&
      n.expression.expression.text === 'Object' &&
      n.expression.name.text === 'assign' &&
      n.arguments[0] &&
      ts.isIdentifier(n.arguments[0])
    )
      for (const source of n.arguments.slice(1)) add(declarations, n.arguments[0].text, source);
  });
  const seen = new Set();
  /** The status fields the change `node` holds at its top level. */
  const statusFieldsOf = (node) => {
    if (!node || seen.has(node)) return [];
    seen.add(node);
    if (
      ts.isParenthesizedExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node) ||
      ts.isNonNullExpression(node) ||
      ts.isAwaitExpression(node) ||
      ts.isSpreadElement(node)
    )
      return statusFieldsOf(node.expression);
    const text = literalText(node);
    if (text !== null) return STATUS_FIELD.test(text) ? [text] : [];
    if (ts.isObjectLiteralExpression(node))
      return node.properties.flatMap((p) => {
        if (ts.isSpreadAssignment(p)) return statusFieldsOf(p.expression);
        const key = propertyKey(p.name);
        // A store change holds its fields under `set` (and `serverFields`): those are the written ones.
        if ((key === 'set' || key === 'serverFields') && ts.isPropertyAssignment(p))
          return statusFieldsOf(p.initializer);
        if ((key === 'set' || key === 'serverFields') && ts.isShorthandPropertyAssignment(p))
          return statusFieldsOf(p.name);
        return key !== null && STATUS_FIELD.test(key) ? [key] : [];
      });
    if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap(statusFieldsOf);
    if (ts.isConditionalExpression(node))
      return [...statusFieldsOf(node.whenTrue), ...statusFieldsOf(node.whenFalse)];
    if (ts.isBinaryExpression(node)) return [...statusFieldsOf(node.left), ...statusFieldsOf(node.right)];
    if (ts.isIdentifier(node))
      return [
        ...(declarations.get(node.text) ?? []).flatMap(statusFieldsOf),
        ...(fieldWrites.get(node.text) ?? []).filter((k) => STATUS_FIELD.test(k)),
      ];
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return statusFieldsOf(node.body);
    if (ts.isBlock(node)) {
      const answers = [];
      walk(node, (r) => {
        if (ts.isReturnStatement(r) && r.expression) answers.push(r.expression);
      });
      return answers.flatMap(statusFieldsOf);
    }
    if (ts.isCallExpression(node))
      return [
        ...(ts.isIdentifier(node.expression) ? statusFieldsOf(node.expression) : []),
        ...node.arguments
          .filter((a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a))
          .flatMap(statusFieldsOf),
      ];
    return [];
  };
  const found = new Set();
  walk(sf, (n) => {
    if (!ts.isCallExpression(n)) return;
    const name = calleeName(n);
    if (name === null) return;
    if (writerCall.test(name)) found.add(`calls ${name}`);
    if (WRITE_CALL.test(name))
      for (const arg of n.arguments) for (const f of statusFieldsOf(arg)) if (isStatus(f)) found.add(f);
  });
  return [...found].sort();
}

function statusViolations(root) {
  const violations = [];
  const statusFields = taskStatusFields(root);
  const listed = (rel) =>
    STATUS_WRITE_ALLOW.some((a) => a.file === rel) || STATUS_METHOD_CALLERS.some((a) => a.file === rel);
  for (const file of files(path.join(root, SERVER))) {
    const rel = toPosix(path.relative(root, file));
    if (isTestFile(file) || rel === STATUS_METHOD_HOME || listed(rel)) continue;
    const inTasks = rel.startsWith(`${SERVER}/tasks/`);
    const fields = inTasks
      ? statusWrites(sourceOf(file))
      : statusWrites(sourceOf(file), STATUS_METHOD_CALL, (f) => statusFields.has(f));
    if (fields.length)
      violations.push(`${rel}: ${inTasks ? STATUS_RULE : STATUS_METHOD_RULE}: ${fields.join(', ')}`);
  }
  return violations;
}

/** Routes do not hold the database: no `db` name, no 'db' string (`deps['db']`). */
export const ROUTE_DB_RULE = 'reaches the database (.db): a route calls a service the container built';
const holdsDb = (sf) => {
  let found = false;
  walk(sf, (n) => {
    if ((ts.isIdentifier(n) && n.text === 'db') || literalText(n) === 'db') found = true;
  });
  return found;
};

/**
 * SQL only in repositories (issue #22): `<area>/<thing>-repository.ts` holds a module's SQL; a service,
 * a task, a route holds none. Migrations are SQL by nature. Read from the syntax tree: Kysely's `sql`
 * by what it was imported as, never by its spelling alone.
 */
export const SQL_RULE = 'holds SQL: move it into a *-repository.ts of its module';
const QUERY_BUILDER = new Set([
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
]);
const isSqlHome = (rel) => /-repository\.ts$/.test(rel) || rel.startsWith(`${SERVER}/db/migrations/`);
/**
 * Files outside repositories that may hold SQL, each with why. Keep it short.
 */
export const SQL_ALLOW = [
  // The demo account seed (`npm run seed`, DEMO=true starts): the database's own start-up rows,
  // written once like a migration's, by db/ code that no module calls.
  'apps/server/src/db/seed-demo.ts',
  // The connection pool itself: a new connection asks its backend's pid (pg's client.query) to lower
  // that backend's priority; no data is read or written.
  'apps/server/src/db/database.ts',
];

/** What in a file is SQL: one short reason per kind found. */
function sqlIn(sf) {
  const found = new Set();
  const sqlNames = new Set(['sql']);
  const kyselyNamespaces = new Set();
  for (const imp of importsIn(sf)) {
    if (imp.spec !== 'kysely' || imp.typeOnly) continue;
    if (imp.dynamic || imp.namespace) {
      found.add("imports Kysely's namespace");
      if (imp.namespace && imp.namespace !== '*') kyselyNamespaces.add(imp.namespace);
    }
    for (const n of imp.names)
      if (!n.typeOnly && n.imported === 'sql') {
        sqlNames.add(n.local);
        found.add(n.local === 'sql' ? "imports Kysely's sql" : `imports Kysely's sql as ${n.local}`);
      }
  }
  const isSqlTag = (e) =>
    (ts.isIdentifier(e) && sqlNames.has(e.text)) ||
    (ts.isPropertyAccessExpression(e) &&
      ts.isIdentifier(e.expression) &&
      kyselyNamespaces.has(e.expression.text) &&
      e.name.text === 'sql');
  walk(sf, (n) => {
    if (ts.isTaggedTemplateExpression(n) && isSqlTag(n.tag)) found.add('an sql`…` template');
    if ((ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n)) && isSqlTag(n.expression))
      found.add('sql.*');
    const member = ts.isPropertyAccessExpression(n)
      ? n.name.text
      : ts.isElementAccessExpression(n)
        ? literalText(n.argumentExpression)
        : null;
    if (member !== null && QUERY_BUILDER.has(member)) found.add(`the query builder (.${member})`);
    if (ts.isCallExpression(n) && calleeName(n) === 'query' && !ts.isIdentifier(n.expression))
      found.add("pg's .query(…)");
  });
  return [...found];
}

function sqlViolations(root) {
  const violations = [];
  for (const file of files(path.join(root, SERVER))) {
    const rel = toPosix(path.relative(root, file));
    if (isTestFile(file) || isSqlHome(rel) || SQL_ALLOW.includes(rel)) continue;
    const what = sqlIn(sourceOf(file));
    if (what.length) violations.push(`${rel}: ${SQL_RULE} (${what.join(', ')})`);
  }
  return violations;
}

/** File names under apps/web/src are kebab-case: no capital letter in a source file's name. */
const namingRules = [
  { dir: 'apps/web/src', bad: /[A-Z]/, what: 'is not kebab-case (rename it, e.g. product-page.tsx)' },
];

/** Helpers defined once and imported everywhere else. */
const definedOnce = [
  { name: 'isRecord', home: 'packages/domain/src/records.ts', from: '@rr/domain' },
  { name: 'toQuad', home: 'apps/web/src/shared/images/quad.ts', from: 'apps/web/src/shared/images/quad.ts' },
];
const DEFINITION_DIRS = ['packages/domain/src', 'packages/contracts/src', 'apps/server/src', 'apps/web/src'];

/** The web's screen pattern: small files, typed values (no casts but `as const`). */
export const WEB_MAX_LINES = 250;
const WEB_DIR = 'apps/web/src';
/** The words every screen-pattern violation carries (the allow-list below applies to these only). */
export const SCREEN_RULE = 'web screen pattern';

/** Lines of `node`'s casts: `x as T` and `<T>x`, except `as const`. */
function castLines(rel, src) {
  const kind = rel.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(rel, src, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const type = node.type;
      const asConst = ts.isTypeReferenceNode(type) && type.typeName.getText(sf) === 'const';
      if (!asConst) found.push(sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return [...new Set(found)];
}

function webScreenViolations(root) {
  const violations = [];
  for (const file of files(path.join(root, WEB_DIR))) {
    const rel = toPosix(path.relative(root, file));
    const src = readFileSync(file, 'utf8');
    const lines = src.split('\n').length - (src.endsWith('\n') ? 1 : 0);
    if (lines > WEB_MAX_LINES)
      violations.push(
        `${rel}: ${SCREEN_RULE}: ${lines} lines (at most ${WEB_MAX_LINES}: a reducer, a use- hook, small components)`,
      );
    const casts = castLines(rel, src);
    if (casts.length)
      violations.push(
        `${rel}: ${SCREEN_RULE}: 'as' cast on line ${casts.join(', ')} (type the value instead; only 'as const')`,
      );
  }
  return violations;
}

/**
 * The server's unit tests (vitest project `server`) run with no PostgreSQL: a test file not named
 * `*.pg.test.ts` must not reach, through its relative imports, the test database or the whole app
 * (`test/support/test-db.ts`, `test/support/test-app.ts`) nor open a database (`src/db/database.ts`
 * as a value import). `test/support/no-database.ts` also fails such a test when it runs.
 */
export const UNIT_TEST_RULE =
  'a unit test reaches PostgreSQL (test the service on fakes, or name the file *.pg.test.ts)';
const DATABASE_DOORS = ['test/support/test-db.ts', 'test/support/test-app.ts'];
function unitTestViolations(root) {
  const base = path.join(root, SERVER_APP);
  const reaches = new Map();
  const resolveRel = (from, spec) => {
    const target = path.resolve(path.dirname(from), spec);
    if (existsSync(target)) return target;
    if (existsSync(`${target}.ts`)) return `${target}.ts`;
    return null;
  };
  const reachesDatabase = (file, seen) => {
    if (reaches.has(file)) return reaches.get(file);
    if (seen.has(file)) return null;
    seen.add(file);
    const rel = toPosix(path.relative(base, file));
    if (DATABASE_DOORS.includes(rel)) return rel;
    let found = null;
    for (const imp of importsIn(sourceOf(file))) {
      if (imp.computed || !imp.spec.startsWith('.')) continue;
      const target = resolveRel(file, imp.spec);
      if (!target) continue;
      const targetRel = toPosix(path.relative(base, target));
      if (targetRel === 'src/db/database.ts' && !imp.typeOnly) {
        found = targetRel;
      } else if (targetRel.startsWith('test/')) {
        const via = reachesDatabase(target, seen);
        if (via) found = `${targetRel} → ${via}`.replace(`${targetRel} → ${targetRel}`, targetRel);
      }
      if (found) break;
    }
    reaches.set(file, found);
    return found;
  };
  const violations = [];
  for (const dir of ['src', 'test']) {
    for (const file of files(path.join(base, dir))) {
      if (!/\.test\.ts$/.test(file) || /\.pg\.test\.ts$/.test(file)) continue;
      const via = reachesDatabase(file, new Set());
      if (via) violations.push(`${toPosix(path.relative(root, file))}: ${UNIT_TEST_RULE}: imports ${via}`);
    }
  }
  return violations;
}

/**
 * The loose queries of products/product-repository.ts are reached through the repository object
 * (products/product-data-repository.ts, issue 40). In the server's tests only the PostgreSQL tests
 * (`*.pg.test.ts`: the repository's own) import the file; a unit test or a test helper does not.
 */
export const PRODUCT_REPOSITORY_TEST_RULE =
  'imports products/product-repository.ts (only *.pg.test.ts files test the queries themselves; take the repository object or a fake store)';
function productRepositoryTestViolations(root) {
  const base = path.join(root, SERVER_APP);
  const repository = path.join(base, 'src/products/product-repository');
  const violations = [];
  for (const file of files(path.join(base, 'test'))) {
    if (/\.pg\.test\.ts$/.test(file)) continue;
    for (const imp of importsIn(sourceOf(file))) {
      if (!imp.spec.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), imp.spec).replace(/\.ts$/, '');
      if (target === repository)
        violations.push(`${toPosix(path.relative(root, file))}: ${PRODUCT_REPOSITORY_TEST_RULE}`);
    }
  }
  return violations;
}

export function findViolations(root) {
  parsed.clear(); // a run reads the files as they are now
  const violations = [...webScreenViolations(root)];
  for (const dir of DEFINITION_DIRS) {
    for (const file of files(path.join(root, dir))) {
      const rel = toPosix(path.relative(root, file));
      const src = readFileSync(file, 'utf8');
      for (const { name, home, from } of definedOnce) {
        if (rel !== home && new RegExp(`(function|const|let)\\s+${name}\\b`).test(src))
          violations.push(`${rel}: defines ${name} again (import it from ${from})`);
      }
    }
  }
  for (const rule of importRules) {
    for (const file of files(path.join(root, rule.dir))) {
      const rel = toPosix(path.relative(root, file));
      const isTest = isTestFile(file);
      for (const imp of importsIn(sourceOf(file))) {
        if (!rule.allowImport(imp, { isTest, rel })) {
          const why = rule.why ? ` — ${rule.why(imp, { rel })}` : '';
          violations.push(`${rel}: imports '${imp.computed ? '(a computed name)' : imp.spec}'${why}`);
        }
      }
      if (isTest) continue;
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1');
      for (const [re, what] of rule.forbidText) if (re.test(code)) violations.push(`${rel}: ${what}`);
    }
  }
  const graph = serverGraph(root);
  violations.push(...findServerCycles(root, graph));
  violations.push(...findFolderCycles(root, graph));
  violations.push(...sqlViolations(root));
  violations.push(...statusViolations(root));
  violations.push(...unitTestViolations(root));
  violations.push(...productRepositoryTestViolations(root));
  for (const file of files(path.join(root, SERVER, 'http/routes'))) {
    if (isTestFile(file)) continue;
    if (holdsDb(sourceOf(file))) violations.push(`${toPosix(path.relative(root, file))}: ${ROUTE_DB_RULE}`);
  }
  for (const rule of namingRules) {
    for (const file of files(path.join(root, rule.dir), /\.(ts|tsx|css)$/)) {
      const rel = toPosix(path.relative(root, file));
      if (rule.bad.test(path.basename(file))) violations.push(`${rel}: ${rule.what}`);
    }
  }
  return violations;
}

/**
 * Files that broke a rule when it was introduced and are being fixed. An entry that no longer breaks
 * a rule is printed as a warning so it gets removed; the list only shrinks. Empty since issue #10
 * (the routes call services from the container).
 */
export const KNOWN = new Set([]);

/**
 * Issue #22: web files that still break the screen pattern (over 250 lines, or an `as` cast) while
 * their features are refactored. Only the screen-pattern rule is waived for them; an entry that keeps
 * the rule again is printed as a note so it gets removed. The list only shrinks, to empty. Empty since
 * the HTTP helper parses each answer with its route's response schema (no `data as T`).
 */
export const WEB_SCREEN_ALLOW = [];

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  // `--root <dir>`: check another copy of the repository (the test checks a temporary one).
  const at = process.argv.indexOf('--root');
  const root =
    at > 0
      ? path.resolve(process.argv[at + 1])
      : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const found = findViolations(root);
  const fileOf = (v) => v.slice(0, v.indexOf(':'));
  const waived = (v) => v.includes(`: ${SCREEN_RULE}: `) && WEB_SCREEN_ALLOW.includes(fileOf(v));
  const violations = found.filter((v) => !KNOWN.has(fileOf(v)) && !waived(v));
  const stale = [...KNOWN].filter((f) => !found.some((v) => fileOf(v) === f));
  for (const f of WEB_SCREEN_ALLOW.filter((f) => !found.some((v) => fileOf(v) === f && waived(v))))
    console.warn(
      `note: ${f} is listed in WEB_SCREEN_ALLOW (scripts/check-deps.mjs) but keeps the screen pattern now; remove it`,
    );
  for (const f of stale)
    console.warn(
      `note: ${f} is listed in KNOWN (scripts/check-deps.mjs) but no longer breaks a rule; remove it`,
    );
  for (const a of staleFolderAllows(root))
    console.warn(
      `note: FOLDER_CYCLE_ALLOW's ${a.from} → ${a.to.join(', ')} (scripts/check-deps.mjs) closes no folder cycle now; remove it`,
    );
  for (const a of STATUS_WRITE_ALLOW.filter(
    (a) => statusWrites(sourceOf(path.join(root, a.file))).length === 0,
  ))
    console.warn(
      `note: ${a.file} is listed in STATUS_WRITE_ALLOW (scripts/check-deps.mjs) but writes no task status now; remove it`,
    );
  for (const a of staleDatabaseAllows(root))
    console.warn(
      `note: ${a.file} is listed in DATABASE_IMPORT_ALLOW (scripts/check-deps.mjs) but no longer imports db/database.ts; remove it`,
    );
  if (violations.length) {
    console.error(`dependency rule broken:\n${violations.join('\n')}`);
    process.exit(1);
  }
  const left =
    KNOWN.size || WEB_SCREEN_ALLOW.length
      ? ` (${KNOWN.size + WEB_SCREEN_ALLOW.length} known file(s) still to fix)`
      : '';
  console.log(`dependency rule: ok${left}`);
}
