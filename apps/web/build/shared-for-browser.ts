import type { Plugin } from 'vite';

/*
 * packages/shared as the browser needs it. Every contract holds the zod schemas of its input and
 * answer, which only the server checks: the console calls an endpoint by its method and path.
 * In the web build (not the server's, not the tests'):
 *
 * - a contract's schemas (query, body, params, data) become `true`: the client knows that a body
 *   is expected, the server still checks it;
 * - each top-level `const` of packages/shared is computed only if used (an annotated IIFE), so the
 *   bundler drops unused schemas and contracts, and zod with them when no page parses with it.
 *
 * The sign-in page then carries its own contracts and no zod (docs/architecture.md).
 */

const SCHEMA_KEYS = new Set(['query', 'body', 'params', 'data']);
const SHARED = /\/packages\/shared\/src\/.+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}
type Edit = { start: number; end: number; text: string } | { at: number; text: string };

const isNode = (v: unknown): v is Node =>
  typeof v === 'object' && v !== null && 'type' in v && typeof v.type === 'string' && 'start' in v && 'end' in v;

const children = (node: Node): Node[] =>
  Object.entries(node).flatMap(([key, v]) =>
    key === 'parent' ? [] : Array.isArray(v) ? v.filter(isNode) : isNode(v) ? [v] : [],
  );

/** `defineContract({ …, body: Schema, … })` → `body: true`. */
const schemaEdits = (node: Node, edits: Edit[]) => {
  const callee = node.callee;
  const args = node.arguments;
  if (node.type === 'CallExpression' && isNode(callee) && callee.name === 'defineContract' && Array.isArray(args)) {
    const [config] = args;
    if (isNode(config) && Array.isArray(config.properties))
      for (const p of config.properties.filter(isNode)) {
        const key = p.key;
        const value = p.value;
        if (isNode(key) && typeof key.name === 'string' && SCHEMA_KEYS.has(key.name) && isNode(value))
          edits.push({ start: value.start, end: value.end, text: 'true' });
      }
  }
  for (const child of children(node)) schemaEdits(child, edits);
};

/** Initializers with nothing to compute are left as they are. */
const INERT = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression', 'TemplateLiteral']);

/** `const X = init` → `const X = /* @__PURE__ *\/ (() => init)()` for every top-level const. */
const lazyConstEdits = (program: Node, edits: Edit[]) => {
  const body = Array.isArray(program.body) ? program.body.filter(isNode) : [];
  for (const statement of body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (!isNode(declaration) || declaration.type !== 'VariableDeclaration' || !Array.isArray(declaration.declarations)) continue;
    for (const d of declaration.declarations.filter(isNode)) {
      const init = d.init;
      if (!isNode(init) || INERT.has(init.type)) continue;
      edits.push({ at: init.start, text: '/* @__PURE__ */ (() => (' }, { at: init.end, text: '))()' });
    }
  }
};

const apply = (code: string, edits: Edit[]) => {
  const pos = (e: Edit) => ('at' in e ? e.at : e.start);
  let out = code;
  // From the end, so earlier positions stay valid; an insertion at a replaced value's end goes first.
  for (const e of [...edits].sort((a, b) => pos(b) - pos(a) || ('at' in a ? -1 : 1)))
    out = 'at' in e ? out.slice(0, e.at) + e.text + out.slice(e.at) : out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
};

export const sharedForBrowser = (): Plugin => ({
  name: 'portal-shared-for-browser',
  apply: 'build',
  // After TypeScript is stripped: the code parses as JavaScript.
  enforce: 'post',
  transform(code, id) {
    if (!SHARED.test(id) || id.endsWith('.test.ts')) return null;
    const program: unknown = this.parse(code);
    if (!isNode(program)) return null;
    const edits: Edit[] = [];
    schemaEdits(program, edits);
    lazyConstEdits(program, edits);
    return edits.length ? { code: apply(code, edits), map: null } : null;
  },
});
