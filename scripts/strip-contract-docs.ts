import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * The contract's prose (`summary` and `description` of operations and their responses) is for
 * the OpenAPI reference, which the server writes; the browser only ever reads methods, paths and
 * schemas. This plugin drops that prose from the contract modules the app bundles, so the
 * sign-in screens' first load does not carry the API's documentation (docs/decisions/021; 040
 * gives what it saves).
 * Build only: development and Vitest see the contract as it is written.
 */
const CONTRACT_MODULE = /[\\/]contract[\\/][^\\/]+\.ts$/;
const PROSE_KEYS = new Set(['summary', 'description']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Text only: string literals, templates without expressions, and `+` of those. */
function isProse(node: Node): boolean {
  if (node.type === 'Literal') return typeof node.value === 'string';
  if (node.type === 'TemplateLiteral') return (node.expressions as unknown[]).length === 0;
  if (node.type === 'BinaryExpression' && node.operator === '+') {
    return isProse(node.left as Node) && isProse(node.right as Node);
  }
  return false;
}

function propertyKey(property: Node): string | undefined {
  const key = property.key as Node;
  if (property.computed) return undefined;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

/** Removes each prose property with the comma that joins it to its neighbours. */
function stripObject(object: Node, code: MagicString) {
  const properties = (object.properties as Node[]).filter((property) => property.type === 'Property');
  const kept = properties.map(
    (property) => !(PROSE_KEYS.has(propertyKey(property) ?? '') && isProse(property.value as Node)),
  );
  properties.forEach((property, index) => {
    if (kept[index]) return;
    const next = properties[index + 1];
    // Up to the next property (its comma goes too), or the object's last: up to its end.
    code.remove(property.start, next ? next.start : property.end);
  });
  // A trailing removal leaves the comma after the last kept property: harmless in JavaScript.
}

function walk(node: Node, code: MagicString) {
  if (node.type === 'ObjectExpression') stripObject(node, code);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'start' || key === 'end') continue;
    if (Array.isArray(value)) value.forEach((child) => isNode(child) && walk(child, code));
    else if (isNode(value)) walk(value, code);
  }
}

export function stripContractDocs(): Plugin {
  return {
    name: 'strip-contract-docs',
    apply: 'build',
    enforce: 'post',
    transform(source, id) {
      if (!CONTRACT_MODULE.test(id.split('?')[0] ?? id)) return null;
      const code = new MagicString(source);
      walk(this.parse(source) as unknown as Node, code);
      if (!code.hasChanged()) return null;
      return { code: code.toString(), map: code.generateMap({ hires: true }) };
    },
  };
}
