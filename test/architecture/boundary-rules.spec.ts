import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { folderOrderProblems, readFolderOrders } from './folder-order';
import { runtimeCycles } from './import-cycles';
import { type ImportEdge, readImportGraph } from './import-graph';
import { importsIntoOtherServices } from './service-boundaries';
import { readImports } from './source-imports';

/** The checker behind import-boundaries.spec.ts, on small made-up sources: each rule fires when broken, and only then. */

const edge = (from: string, to: string, specifier: string, typeOnly = false): ImportEdge => ({
  from,
  to,
  specifier,
  typeOnly,
});
const written = (found: ImportEdge) => `${found.from} => ${found.specifier}`;

describe('readImports', () => {
  it('finds every kind of import and tells the type-only ones, which the compiler erases', () => {
    const text = [
      "import { a } from './runtime';",
      "import type { B } from './type-import';",
      "import { type C, type D } from './type-specifiers';",
      "import { type E, f } from './mixed';",
      "import './effects';",
      "export type { G } from './type-export';",
      "export * from './star';",
      'export const lazy = () => import("./dynamic");',
      "const legacy = require('./required');",
      "let h: typeof import('./type-query');",
    ].join('\n');
    expect(readImports('file.ts', text)).toEqual([
      { specifier: './runtime', typeOnly: false },
      { specifier: './type-import', typeOnly: true },
      { specifier: './type-specifiers', typeOnly: true },
      { specifier: './mixed', typeOnly: false },
      { specifier: './effects', typeOnly: false },
      { specifier: './type-export', typeOnly: true },
      { specifier: './star', typeOnly: false },
      { specifier: './dynamic', typeOnly: false },
      { specifier: './required', typeOnly: false },
      { specifier: './type-query', typeOnly: true },
    ]);
  });
});

describe('runtimeCycles', () => {
  const files = new Set(['a.ts', 'b.ts', 'c.ts', 'd.ts']);

  it('reports a cycle as its imports in order, from its first file', () => {
    const edges = [
      edge('b.ts', 'c.ts', './c'),
      edge('a.ts', 'b.ts', './b'),
      edge('c.ts', 'a.ts', './a'),
      edge('c.ts', 'd.ts', './d'),
    ];
    expect(runtimeCycles(files, edges).map((cycle) => cycle.map(written))).toEqual([
      ['a.ts => ./b', 'b.ts => ./c', 'c.ts => ./a'],
    ]);
  });

  it('does not count a type-only import, nor a chain that never comes back', () => {
    const edges = [
      edge('a.ts', 'b.ts', './b'),
      edge('b.ts', 'a.ts', './a', true),
      edge('b.ts', 'c.ts', './c'),
      edge('a.ts', 'c.ts', './c'),
    ];
    expect(runtimeCycles(files, edges)).toEqual([]);
  });

  it('reports a file importing itself', () => {
    expect(runtimeCycles(files, [edge('d.ts', 'd.ts', './d')]).map((cycle) => cycle.map(written))).toEqual([
      ['d.ts => ./d'],
    ]);
  });
});

describe('importsIntoOtherServices', () => {
  it("flags a service reaching into another's code and a lib reaching into a service, not a service's own imports", () => {
    const edges = [
      edge('services/a/src/x.ts', 'services/b/src/y.ts', '../../b/src/y'),
      edge('services/a/src/x.ts', 'services/b/test/helper.ts', '../../b/test/helper'),
      edge('libs/l/src/index.ts', 'services/a/src/x.ts', '../../../services/a/src/x'),
      edge('services/a/src/x.ts', 'services/a/src/z/w.ts', './z/w'),
      edge('services/a/src/x.ts', 'libs/l/src/index.ts', '@app/l'),
    ];
    expect(importsIntoOtherServices(edges).map(written)).toEqual([
      'services/a/src/x.ts => ../../b/src/y',
      'services/a/src/x.ts => ../../b/test/helper',
      'libs/l/src/index.ts => ../../../services/a/src/x',
    ]);
  });
});

describe('folderOrderProblems', () => {
  const src = 'services/shop/src';
  const files = new Set([
    `${src}/main.ts`,
    `${src}/orders/place-order.ts`,
    `${src}/carts/cart.ts`,
    `${src}/prices/price.ts`,
    `${src}/config/config.ts`,
  ]);
  const block = (lines: string) => readFolderOrders(`text\n\n\`\`\`folders shop\n${lines}\n\`\`\`\n`)[0];
  const ordered = '(root)\norders\ncarts prices\nconfig';
  const downwards = [
    edge(`${src}/main.ts`, `${src}/orders/place-order.ts`, './orders/place-order'),
    edge(`${src}/orders/place-order.ts`, `${src}/carts/cart.ts`, '../carts/cart'),
    edge(`${src}/carts/cart.ts`, `${src}/prices/price.ts`, '../prices/price'),
    edge(`${src}/prices/price.ts`, `${src}/config/config.ts`, '../config/config', true),
  ];
  const backUp = edge(`${src}/carts/cart.ts`, `${src}/orders/place-order.ts`, '../orders/place-order', true);

  it('passes imports that run downwards, and one way along a line', () => {
    expect(folderOrderProblems(block(ordered), files, downwards)).toEqual([]);
  });

  it('fails on a back-up import, type-only too, naming the file and specifier', () => {
    expect(folderOrderProblems(block(ordered), files, [...downwards, backUp])).toEqual([
      'services/shop/src/carts/cart.ts => ../orders/place-order (carts imports orders, a line above it)',
    ]);
  });

  it('lets an allow: line permit it, and fails on an allow: no import needs', () => {
    expect(folderOrderProblems(block(`${ordered}\nallow: carts -> orders`), files, [...downwards, backUp])).toEqual([]);
    expect(folderOrderProblems(block(`${ordered}\nallow: carts -> orders`), files, downwards)).toEqual([
      'allow: carts -> orders: no such import is left, remove it',
    ]);
  });

  it('fails on two folders of one line importing each other', () => {
    const back = edge(`${src}/prices/price.ts`, `${src}/carts/cart.ts`, '../carts/cart');
    expect(folderOrderProblems(block(ordered), files, [...downwards, back])).toEqual([
      'services/shop/src/carts/cart.ts => ../prices/price (carts and prices share a line and import each other)',
      'services/shop/src/prices/price.ts => ../carts/cart (prices and carts share a line and import each other)',
    ]);
  });

  it('fails on a folder left out, one listed that is not there, one listed twice, and a block not filled in', () => {
    expect(folderOrderProblems(block('(root)\norders carts\nprices refunds\norders'), files, [])).toEqual([
      'orders is listed twice in the folders shop block',
      'config is in services/shop/src but not in the folders shop block',
      'refunds is in the folders shop block but has no source in services/shop/src',
    ]);
    expect(folderOrderProblems(block('(root)\nTODO'), files, downwards)).toEqual([
      'the folders shop block is not filled in yet (it holds "TODO")',
    ]);
  });
});

describe('readImportGraph, on files', () => {
  let repo: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  };

  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'import-boundaries-'));
    write(
      'tsconfig.json',
      JSON.stringify({ compilerOptions: { baseUrl: './', paths: { '@app/util': ['libs/util/src'] } } }),
    );
    write(
      'frontend/tsconfig.json',
      JSON.stringify({ compilerOptions: { moduleResolution: 'Bundler', paths: { '@/*': ['./src/*'] } } }),
    );
    write('libs/util/src/index.ts', 'export const one = 1;\n');
    write('services/shop/src/main.ts', "import { placeOrder } from './orders/place-order';\n");
    write(
      'services/shop/src/orders/place-order.ts',
      "import { Cart } from '../carts/cart';\nimport { one } from '@app/util';\n",
    );
    write('services/shop/src/carts/cart.ts', 'export class Cart {}\n');
    write('services/shop/src/carts/cart.spec.ts', "import { placeOrder } from '../orders/place-order';\n");
    write('frontend/src/main.tsx', "import { App } from '@/app';\nimport '@/index.css';\n");
    write('frontend/src/app.tsx', 'export const App = () => null;\n');
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it("resolves relative paths and both trees' aliases, leaving tests and stylesheets out", () => {
    const graph = readImportGraph(repo);
    expect(graph.edges.map(({ from, to }) => `${from} -> ${to}`).sort()).toEqual([
      'frontend/src/main.tsx -> frontend/src/app.tsx',
      'services/shop/src/main.ts -> services/shop/src/orders/place-order.ts',
      'services/shop/src/orders/place-order.ts -> libs/util/src/index.ts',
      'services/shop/src/orders/place-order.ts -> services/shop/src/carts/cart.ts',
    ]);
    expect(graph.unresolved).toEqual([]);
  });

  it('fails once a back-up import is added, and reports the cycle it closes', () => {
    write(
      'services/shop/src/carts/cart.ts',
      "import { placeOrder } from '../orders/place-order';\nexport class Cart {}\n",
    );
    const graph = readImportGraph(repo);
    const [order] = readFolderOrders('```folders shop\n(root)\norders\ncarts\n```\n');
    expect(folderOrderProblems(order, graph.files, graph.edges)).toEqual([
      'services/shop/src/carts/cart.ts => ../orders/place-order (carts imports orders, a line above it)',
    ]);
    expect(runtimeCycles(graph.files, graph.edges).map((cycle) => cycle.map(written))).toEqual([
      [
        'services/shop/src/carts/cart.ts => ../orders/place-order',
        'services/shop/src/orders/place-order.ts => ../carts/cart',
      ],
    ]);
  });

  it("lists an import of the repository's own files that resolves to nothing", () => {
    write('services/shop/src/carts/cart.ts', "import { gone } from '../prices/gone';\n");
    expect(readImportGraph(repo).unresolved).toEqual([
      { from: 'services/shop/src/carts/cart.ts', specifier: '../prices/gone' },
    ]);
  });
});
