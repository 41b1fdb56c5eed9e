// Syntax tree of the expression language. Every node keeps its source offset
// for error messages and for filling values into the text of a calculation.

export type Node =
  | { type: 'number'; value: number; start: number }
  | { type: 'string'; value: string; start: number }
  | { type: 'name'; name: string; start: number; end: number }
  | { type: 'unary'; operator: '-' | '+' | 'not'; operand: Node; start: number }
  | { type: 'binary'; operator: BinaryOperator; left: Node; right: Node; start: number }
  | { type: 'if'; condition: Node; then: Node; otherwise: Node; start: number }
  | { type: 'call'; name: string; args: Node[]; start: number };

export type BinaryOperator = '+' | '-' | '*' | '/' | '%' | '^' | '=' | '!=' | '<' | '<=' | '>' | '>=' | 'and' | 'or';

/** Every property name the expression reads, in order of first appearance. */
export function namesOf(node: Node, into: string[] = []): string[] {
  switch (node.type) {
    case 'name':
      if (!into.includes(node.name)) into.push(node.name);
      break;
    case 'unary':
      namesOf(node.operand, into);
      break;
    case 'binary':
      namesOf(node.left, into);
      namesOf(node.right, into);
      break;
    case 'if':
      namesOf(node.condition, into);
      namesOf(node.then, into);
      namesOf(node.otherwise, into);
      break;
    case 'call':
      for (const a of node.args) namesOf(a, into);
      break;
    default:
      break;
  }
  return into;
}

/** Every name node, with its position (for validation messages). */
export function nameNodes(node: Node, into: Array<{ name: string; start: number }> = []): Array<{ name: string; start: number }> {
  switch (node.type) {
    case 'name':
      into.push({ name: node.name, start: node.start });
      break;
    case 'unary':
      nameNodes(node.operand, into);
      break;
    case 'binary':
      nameNodes(node.left, into);
      nameNodes(node.right, into);
      break;
    case 'if':
      nameNodes(node.condition, into);
      nameNodes(node.then, into);
      nameNodes(node.otherwise, into);
      break;
    case 'call':
      for (const a of node.args) nameNodes(a, into);
      break;
    default:
      break;
  }
  return into;
}
