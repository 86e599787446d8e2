import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { folderOrderProblems, readFolderOrders } from './folder-order';
import { runtimeCycles } from './import-cycles';
import { type ImportEdge, readImportGraph } from './import-graph';
import { importsIntoOtherServices } from './service-boundaries';

/**
 * The imports of the source (services, libs, the web app; tests and migrations apart) keep the rules
 * docs/ARCHITECTURE.md states: no runtime cycle between files, no service reaching into another's code, and each
 * service's folders importing in the order of its `folders` block. An import added against them fails here, written
 * `file => specifier`. The checker itself is proved in boundary-rules.spec.ts.
 */

const REPO_DIR = join(__dirname, '../..');
const ARCHITECTURE_PATH = join(REPO_DIR, 'docs/ARCHITECTURE.md');

const graph = readImportGraph(REPO_DIR);
const orders = readFolderOrders(readFileSync(ARCHITECTURE_PATH, 'utf8'));
const services = readdirSync(join(REPO_DIR, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const written = (edge: ImportEdge) => `${edge.from} => ${edge.specifier}`;

describe('import boundaries', () => {
  it("resolves every import of the repository's own files, so none escapes the checks", () => {
    expect(graph.files.size).toBeGreaterThan(100);
    expect(graph.unresolved.map(({ from, specifier }) => `${from} => ${specifier}`)).toEqual([]);
  });

  it('has no runtime import cycle between files', () => {
    expect(runtimeCycles(graph.files, graph.edges).map((cycle) => cycle.map(written))).toEqual([]);
  });

  it("keeps each service's code its own: no service, lib or web page imports a service", () => {
    expect(importsIntoOtherServices(graph.edges).map(written)).toEqual([]);
  });

  it('has one folders block in ARCHITECTURE.md for each service', () => {
    expect(orders.map((order) => order.service).sort()).toEqual(services);
  });

  it.each(services)('%s: the folders import in the order ARCHITECTURE.md gives', (service) => {
    const order = orders.find((candidate) => candidate.service === service);
    if (!order) throw new Error(`ARCHITECTURE.md has no \`\`\`folders ${service} block`);
    expect(folderOrderProblems(order, graph.files, graph.edges)).toEqual([]);
  });
});
