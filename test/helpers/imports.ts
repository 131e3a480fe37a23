// The import graph of src/, read with the TypeScript parser (static imports, re-exports and
// dynamic import() calls), and the parts' never-list (docs/architecture.md) checked against it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';

/** One import of a file: `target` is a src/ path (`src/core/rule.ts`) or a bare specifier (`node:crypto`). */
export interface Import {
  from: string;
  target: string;
  /** `import type`, `export type`, or every named binding marked `type`: erased from the JavaScript. */
  typeOnly: boolean;
}

/** The .ts files under `dir` (a repository path such as `src`), as repository paths with `/`. */
export function sourceFiles(root: string, dir = 'src'): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const entry of readdirSync(join(root, d), { withFileTypes: true })) {
      const path = `${d}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.set(path, readFileSync(join(root, path), 'utf8'));
    }
  };
  walk(dir);
  return out;
}

function typeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (clause === undefined) return false; // import './x.js': run for its effects
  if (clause.isTypeOnly) return true;
  if (clause.name !== undefined) return false;
  const bindings = clause.namedBindings;
  if (bindings === undefined || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

function typeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
}

/** Resolves `specifier` as written in `from` (a src/ path) against the set of files. */
function resolveSpecifier(from: string, specifier: string, files: ReadonlyMap<string, string>): string {
  if (!specifier.startsWith('.')) return specifier;
  const path = posix.normalize(posix.join(posix.dirname(from), specifier));
  for (const candidate of [path.replace(/\.js$/, '.ts'), path, `${path}.ts`, `${path}/index.ts`]) if (files.has(candidate)) return candidate;
  return path;
}

/** Every import of every file (of the files `only` names, when given; the others resolve specifiers). */
export function importsOf(files: ReadonlyMap<string, string>, only?: readonly string[]): Import[] {
  const out: Import[] = [];
  for (const from of only ?? files.keys()) {
    const source = files.get(from) ?? '';
    const file = ts.createSourceFile(from, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const add = (specifier: string, typeOnly: boolean): void => {
      out.push({ from, target: resolveSpecifier(from, specifier, files), typeOnly });
    };
    for (const statement of file.statements) {
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) add(statement.moduleSpecifier.text, typeOnlyImport(statement));
      else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined && ts.isStringLiteral(statement.moduleSpecifier)) add(statement.moduleSpecifier.text, typeOnlyExport(statement));
    }
    // import('…') anywhere; a file with no "import(" has none, and the large data files are not walked.
    if (!source.includes('import(')) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [arg] = node.arguments;
        if (arg !== undefined && ts.isStringLiteralLike(arg)) add(arg.text, false);
      }
      // import('x').T in a type position is a type
      if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) add(node.argument.literal.text, true);
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return out;
}

const INPUTS = /^src\/(?:email|ip|geo|text)\//;
/** A rule file: src/rules/<category>/<rule>.ts (not the registry, not rules/support/). */
const RULE_FILE = /^src\/rules\/(?!support\/)[^/]+\/[^/]+\.ts$/;
const RULES = /^src\/rules\//;
const part = (name: string): RegExp => new RegExp(`^src/(?:${name})/`);
/** The engine's one file that may import the default rules and providers. */
const ENGINE_DEFAULTS = 'src/engine/classifier.ts';
/** What the rest of the engine may import of providers/ and language/: the call options, the classifier choice. */
const ENGINE_LIGHT = new Set(['src/providers/call.ts', 'src/language/choice.ts']);

/**
 * The imports that must never exist, one message each (empty: the tree keeps the never-list):
 * - inputs (`email/ ip/ geo/ text/`) import no provider, fact, engine or service;
 * - rules import no provider values and no rule file but their own;
 * - `verify/` and `altcha/` import nothing of `service/`; `altcha/` imports only itself and node:crypto;
 * - `core/` imports nothing of `engine/`;
 * - the engine imports nothing of service, stores, adapters or CLI; apart from
 *   `engine/classifier.ts` (which adds the default rules and providers), it imports no rule,
 *   lexicon, text model or language detector and no provider value but `providers/call.ts`.
 */
export function neverListViolations(imports: readonly Import[]): string[] {
  const out: string[] = [];
  const forbid = (i: Import, why: string): void => {
    out.push(`${i.from} imports ${i.target}${i.typeOnly ? ' (types)' : ''}: ${why}`);
  };
  for (const i of imports) {
    if (INPUTS.test(i.from) && part('providers|facts|engine|service').test(i.target)) forbid(i, 'an input (email/ ip/ geo/ text/) imports no provider, fact, engine or service');
    if (RULES.test(i.from)) {
      if (!i.typeOnly && part('providers').test(i.target)) forbid(i, 'a rule imports no provider values (facts/ is the bridge)');
      if (RULE_FILE.test(i.from) && RULE_FILE.test(i.target)) forbid(i, 'a rule file imports no other rule file (shared code goes to text/ or rules/support/)');
      if (part('engine|service|stores|adapters|cli').test(i.target)) forbid(i, 'a rule imports nothing of the engine, service, stores, adapters or CLI');
    }
    if (part('verify|altcha').test(i.from) && part('service').test(i.target)) forbid(i, 'verify/ and altcha/ import nothing of service/');
    if (part('altcha').test(i.from) && !part('altcha').test(i.target) && i.target !== 'node:crypto') forbid(i, 'altcha/ is a leaf: node:crypto and altcha/ only');
    if (part('core').test(i.from) && part('engine').test(i.target)) forbid(i, 'core/ imports nothing of engine/');
    if (part('engine').test(i.from) && part('service|stores|adapters|cli').test(i.target)) forbid(i, 'the engine imports nothing of service, stores, adapters or CLI');
    if (part('engine').test(i.from) && i.from !== ENGINE_DEFAULTS && !i.typeOnly && !ENGINE_LIGHT.has(i.target) && part('rules|lexicons|model|language|providers').test(i.target)) {
      forbid(i, `the engine but ${ENGINE_DEFAULTS} imports no rule, lexicon, model, language detector or provider (a rule's test loads its rule, its facts and the engine)`);
    }
  }
  return out;
}

/**
 * The import cycles among `files` through imports that stay in the JavaScript (type-only imports
 * are erased and form no cycle at run time), each as the files of one strongly connected part.
 */
export function importCycles(imports: readonly Import[], includeTypes = false): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const i of imports) {
    if (!i.target.startsWith('src/') || (i.typeOnly && !includeTypes)) continue;
    let set = edges.get(i.from);
    if (set === undefined) edges.set(i.from, (set = new Set()));
    set.add(i.target);
  }
  // Tarjan's strongly connected components.
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (v: string): void => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indices.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || edges.get(v)?.has(v)) cycles.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!indices.has(v)) connect(v);
  return cycles;
}
