import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';
import { readImports } from './source-imports';

/** One import between two files of the repository, paths relative to its root (`services/billing/src/main.ts`). */
export interface ImportEdge {
  from: string;
  to: string;
  specifier: string;
  typeOnly: boolean;
}

export interface ImportGraph {
  /** The source files read: tests, test folders, migrations and declaration files left out. */
  files: Set<string>;
  edges: ImportEdge[];
  /** Relative or aliased imports that resolve to no file: the checker would be blind to them. */
  unresolved: Array<{ from: string; specifier: string }>;
}

/** The trees whose imports are held to the rules; the web app resolves by its own tsconfig, everything else by the root's. */
const SOURCE_ROOTS = ['services/*/src', 'libs/*/src', 'frontend/src'];
const FRONTEND_SOURCE = 'frontend/src/';

export function isSourceFile(path: string): boolean {
  const segments = path.split('/');
  const name = segments[segments.length - 1];
  if (!/\.tsx?$/.test(name) || /\.d\.ts$/.test(name) || /\.(spec|test)\.tsx?$/.test(name)) return false;
  return !segments
    .slice(0, -1)
    .some((segment) => segment === 'migrations' || segment === 'test' || segment === '__tests__');
}

/** Reads every source file under the roots and resolves its imports to files, as the compiler would. */
export function readImportGraph(repoDir: string): ImportGraph {
  const files = new Set(
    SOURCE_ROOTS.flatMap((pattern) => expandRoot(repoDir, pattern))
      .flatMap((root) => walk(repoDir, root))
      .filter(isSourceFile),
  );
  const serviceOptions = compilerOptions(repoDir, 'tsconfig.json');
  const frontendOptions = compilerOptions(repoDir, 'frontend/tsconfig.json');
  const cache = {
    service: ts.createModuleResolutionCache(repoDir, (name) => name),
    frontend: ts.createModuleResolutionCache(repoDir, (name) => name),
  };
  const graph: ImportGraph = { files, edges: [], unresolved: [] };
  for (const from of files) {
    const absolute = join(repoDir, from);
    const isFrontend = from.startsWith(FRONTEND_SOURCE);
    for (const { specifier, typeOnly } of readImports(absolute, readFileSync(absolute, 'utf8'))) {
      const resolved = ts.resolveModuleName(
        specifier,
        absolute,
        isFrontend ? frontendOptions : serviceOptions,
        ts.sys,
        isFrontend ? cache.frontend : cache.service,
      ).resolvedModule;
      if (resolved && !resolved.isExternalLibraryImport && !resolved.resolvedFileName.includes('/node_modules/')) {
        graph.edges.push({ from, to: toRepoPath(repoDir, resolved.resolvedFileName), specifier, typeOnly });
      } else if (!resolved && namesRepoFile(specifier) && !namesAsset(specifier)) {
        graph.unresolved.push({ from, specifier });
      }
    }
  }
  return graph;
}

/** A relative path or one of the repository's aliases (`@app/<lib>`, the web app's `@/`), not a package. */
function namesRepoFile(specifier: string): boolean {
  return specifier.startsWith('.') || specifier.startsWith('@app/') || specifier.startsWith('@/');
}

/** A stylesheet, image or other file the bundler loads (`@/index.css`, `./logo.svg?url`): not code. */
function namesAsset(specifier: string): boolean {
  const path = specifier.replace(/\?.*$/, '');
  return specifier.includes('?') || (/\.[a-z0-9]+$/i.test(path) && !/\.[cm]?[jt]sx?$/i.test(path));
}

function compilerOptions(repoDir: string, configPath: string): ts.CompilerOptions {
  const configDir = dirname(join(repoDir, configPath));
  const { config, error } = ts.readConfigFile(join(repoDir, configPath), ts.sys.readFile);
  if (error) throw new Error(`${configPath}: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, configDir);
  // `paths` without `baseUrl` are relative to the config's own folder.
  return { ...options, pathsBasePath: configDir };
}

function expandRoot(repoDir: string, pattern: string): string[] {
  const [parent, wildcard, rest] = pattern.split('/');
  if (wildcard !== '*') return [pattern];
  return readdirSync(join(repoDir, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(repoDir, parent, entry.name, rest)))
    .map((entry) => `${parent}/${entry.name}/${rest}`);
}

function walk(repoDir: string, dir: string): string[] {
  return readdirSync(join(repoDir, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(repoDir, `${dir}/${entry.name}`) : [`${dir}/${entry.name}`],
  );
}

function toRepoPath(repoDir: string, absolute: string): string {
  return relative(repoDir, absolute).split(sep).join('/');
}
