// Checking a layout tree that comes from outside (a saved workspace, a control command) before trusting it.
import type { LayoutNode } from './types.js';

export type ParseLayoutResult = { ok: true; tree: LayoutNode } | { ok: false; error: string };

/** Deepest nesting accepted: far beyond any layout that fits a screen, and keeps the recursion bounded. */
export const MAX_LAYOUT_DEPTH = 64;

/**
 * Returns a fresh, well-formed tree, or says what is wrong and where: pane ids must be unique non-negative
 * integers, a split needs a direction of 'row' or 'column', at least two children and one positive finite
 * weight per child. Unknown extra fields are dropped.
 */
export function parseLayout(value: unknown): ParseLayoutResult {
  const seen = new Set<number>();
  try {
    return { ok: true, tree: parseNode(value, 'layout', 0, seen) };
  } catch (error) {
    if (error instanceof LayoutError) return { ok: false, error: error.message };
    throw error;
  }
}

class LayoutError extends Error {}

function parseNode(value: unknown, where: string, depth: number, seen: Set<number>): LayoutNode {
  if (depth > MAX_LAYOUT_DEPTH) throw new LayoutError(`${where}: nested deeper than ${MAX_LAYOUT_DEPTH} levels`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new LayoutError(`${where} must be an object with kind 'pane' or 'split'`);
  }
  const node = value as Record<string, unknown>;
  if (node.kind === 'pane') {
    const id = node.paneId;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) {
      throw new LayoutError(`${where}.paneId must be a whole number of 0 or more`);
    }
    if (seen.has(id)) throw new LayoutError(`${where}: pane ${id} appears more than once`);
    seen.add(id);
    return { kind: 'pane', paneId: id };
  }
  if (node.kind !== 'split') throw new LayoutError(`${where}.kind must be 'pane' or 'split'`);
  const { direction, children, weights } = node;
  if (direction !== 'row' && direction !== 'column') {
    throw new LayoutError(`${where}.direction must be 'row' or 'column'`);
  }
  if (!Array.isArray(children) || children.length < 2) {
    throw new LayoutError(`${where}.children must be a list of at least two nodes`);
  }
  if (!Array.isArray(weights) || weights.length !== children.length) {
    throw new LayoutError(`${where}.weights must have one number per child (${children.length})`);
  }
  const parsedWeights = weights.map((weight: unknown, i) => {
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight <= 0) {
      throw new LayoutError(`${where}.weights[${i}] must be a positive finite number`);
    }
    return weight;
  });
  const parsedChildren = children.map((child: unknown, i) => parseNode(child, `${where}.children[${i}]`, depth + 1, seen));
  return { kind: 'split', direction, children: parsedChildren, weights: parsedWeights };
}
