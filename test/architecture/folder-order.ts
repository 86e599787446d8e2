import type { ImportEdge } from './import-graph';

/** One `folders <service>` block of ARCHITECTURE.md: its layers, top first, and the imports allowed to run back up. */
export interface FolderOrder {
  service: string;
  layers: string[][];
  allowed: Array<{ from: string; to: string }>;
  /** What is wrong with the block's own text. */
  mistakes: string[];
}

export const ROOT_FOLDER = '(root)';
const BLOCK = /^```folders ([a-z0-9-]+)[ \t]*\n([\s\S]*?)^```/gm;
const ALLOW = /^allow: (\S+) -> (\S+)$/;

export function readFolderOrders(markdown: string): FolderOrder[] {
  return [...markdown.matchAll(BLOCK)].map(([, service, body]) => readBlock(service, body));
}

function readBlock(service: string, body: string): FolderOrder {
  const order: FolderOrder = { service, layers: [], allowed: [], mistakes: [] };
  for (const line of body
    .split('\n')
    .map((text) => text.trim())
    .filter(Boolean)) {
    const allow = ALLOW.exec(line);
    if (line.includes('TODO'))
      order.mistakes.push(`the folders ${service} block is not filled in yet (it holds "${line}")`);
    else if (allow) order.allowed.push({ from: allow[1], to: allow[2] });
    else if (order.allowed.length > 0) order.mistakes.push(`"${line}": layers come before the allow: lines`);
    else order.layers.push(line.split(/\s+/));
  }
  return order;
}

/** The folder of a service's file: the first path segment under src/, `(root)` for a file directly in it. */
export function folderOf(service: string, path: string): string | undefined {
  const prefix = `services/${service}/src/`;
  if (!path.startsWith(prefix)) return undefined;
  const segments = path.slice(prefix.length).split('/');
  return segments.length === 1 ? ROOT_FOLDER : segments[0];
}

/**
 * Everything that contradicts a block: folders missing from it or listed without existing, imports that run up a
 * line without an `allow:`, two folders of one line that import each other, and `allow:` lines no import needs.
 * Each import is written `file => specifier` so whoever reads the failure sees what to change.
 */
export function folderOrderProblems(
  order: FolderOrder,
  files: ReadonlySet<string>,
  edges: readonly ImportEdge[],
): string[] {
  const { service } = order;
  if (order.mistakes.length > 0) return order.mistakes;
  const problems: string[] = [];
  const lineOf = new Map<string, number>();
  order.layers.forEach((layer, line) =>
    layer.forEach((folder) => {
      if (lineOf.has(folder)) problems.push(`${folder} is listed twice in the folders ${service} block`);
      lineOf.set(folder, line);
    }),
  );
  const present = new Set([...files].map((file) => folderOf(service, file)).filter((folder) => folder !== undefined));
  for (const folder of [...present].sort()) {
    if (!lineOf.has(folder))
      problems.push(`${folder} is in services/${service}/src but not in the folders ${service} block`);
  }
  for (const folder of lineOf.keys()) {
    if (!present.has(folder))
      problems.push(`${folder} is in the folders ${service} block but has no source in services/${service}/src`);
  }

  const between = edges
    .filter((edge) => files.has(edge.from) && files.has(edge.to))
    .map((edge) => ({ edge, from: folderOf(service, edge.from), to: folderOf(service, edge.to) }))
    .filter(
      (link): link is { edge: ImportEdge; from: string; to: string } =>
        !!link.from && !!link.to && link.from !== link.to,
    )
    .filter((link) => lineOf.has(link.from) && lineOf.has(link.to));
  const isAllowed = (from: string, to: string) => order.allowed.some((allow) => allow.from === from && allow.to === to);
  const pairs = new Set(between.map((link) => `${link.from} ${link.to}`));

  for (const { edge, from, to } of between) {
    const fromLine = lineOf.get(from)!;
    const toLine = lineOf.get(to)!;
    if (isAllowed(from, to)) continue;
    if (toLine < fromLine) problems.push(`${edge.from} => ${edge.specifier} (${from} imports ${to}, a line above it)`);
    else if (toLine === fromLine && pairs.has(`${to} ${from}`)) {
      problems.push(`${edge.from} => ${edge.specifier} (${from} and ${to} share a line and import each other)`);
    }
  }
  for (const { from, to } of order.allowed) {
    if (!lineOf.has(from) || !lineOf.has(to))
      problems.push(`allow: ${from} -> ${to} names a folder the block does not list`);
    else if (lineOf.get(to)! >= lineOf.get(from)!)
      problems.push(`allow: ${from} -> ${to} is not an import up a line: remove it`);
    else if (!pairs.has(`${from} ${to}`)) problems.push(`allow: ${from} -> ${to}: no such import is left, remove it`);
  }
  return problems;
}
