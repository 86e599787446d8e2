import type { ImportEdge } from './import-graph';

/**
 * The runtime import cycles among the files: one per strongly connected group of files, the shortest through the
 * group's first file, as the imports that close it. Type-only imports are erased when compiled, so they never count.
 */
export function runtimeCycles(files: ReadonlySet<string>, edges: readonly ImportEdge[]): ImportEdge[][] {
  const imports = new Map<string, ImportEdge[]>();
  for (const edge of edges) {
    if (edge.typeOnly || !files.has(edge.from) || !files.has(edge.to)) continue;
    imports.set(edge.from, [...(imports.get(edge.from) ?? []), edge]);
  }
  return stronglyConnected([...files].sort(), imports)
    .filter((group) => group.length > 1 || (imports.get(group[0]) ?? []).some((edge) => edge.to === group[0]))
    .map((group) => shortestCycle(group.sort()[0], new Set(group), imports));
}

/** Tarjan's algorithm, iterative so a deep import chain cannot overflow the stack. */
function stronglyConnected(nodes: string[], imports: Map<string, ImportEdge[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    index.set(start, index.size);
    low.set(start, index.get(start)!);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const out = imports.get(frame.node) ?? [];
      if (frame.next < out.length) {
        const target = out[frame.next++].to;
        if (!index.has(target)) {
          index.set(target, index.size);
          low.set(target, index.get(target)!);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        groups.push(group);
      }
    }
  }
  return groups;
}

/** Breadth first from `start` inside its group, back to `start`. */
function shortestCycle(start: string, group: Set<string>, imports: Map<string, ImportEdge[]>): ImportEdge[] {
  const reachedBy = new Map<string, ImportEdge>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    for (const edge of imports.get(queue[at]) ?? []) {
      if (!group.has(edge.to) || reachedBy.has(edge.to)) continue;
      reachedBy.set(edge.to, edge);
      if (edge.to === start) return pathBack(start, reachedBy);
      queue.push(edge.to);
    }
  }
  throw new Error(`${start} is in an import cycle that leads nowhere: the groups are wrong`);
}

function pathBack(start: string, reachedBy: Map<string, ImportEdge>): ImportEdge[] {
  const cycle: ImportEdge[] = [];
  let edge = reachedBy.get(start)!;
  cycle.unshift(edge);
  while (edge.from !== start) {
    edge = reachedBy.get(edge.from)!;
    cycle.unshift(edge);
  }
  return cycle;
}
