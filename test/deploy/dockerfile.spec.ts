import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './env-example';

// No Docker engine runs in CI, so the images cannot be built here: these checks hold the Dockerfile to what the
// rest of the repository says (the build's layout, the Node version, the worker's tools, compose's targets).

interface Stage {
  name: string;
  from: string;
  instructions: string[];
}

function readStages(): { args: Map<string, string>; stages: Stage[] } {
  const args = new Map<string, string>();
  const stages: Stage[] = [];
  const lines = readFileSync(join(ROOT, 'Dockerfile'), 'utf8')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'));
  for (const line of lines) {
    const from = /^FROM\s+(\S+)\s+AS\s+(\S+)$/i.exec(line);
    if (from) stages.push({ from: from[1], name: from[2], instructions: [] });
    else if (!stages.length && line.startsWith('ARG ')) args.set(...(line.slice(4).split('=') as [string, string]));
    else stages.at(-1)?.instructions.push(line);
  }
  return { args, stages };
}

const { args, stages } = readStages();
const stage = (name: string) => {
  const found = stages.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no stage ${name}`);
  return found;
};
/** A stage's instructions, those of the stages it is built on first. */
const lineage = (name: string): string[] => {
  const { from, instructions } = stage(name);
  return [...(stages.some((candidate) => candidate.name === from) ? lineage(from) : []), ...instructions];
};
const cmd = (name: string) =>
  JSON.parse(
    lineage(name)
      .filter((line) => line.startsWith('CMD '))
      .at(-1)
      ?.slice(4) ?? 'null',
  ) as string[];

const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const { services } = JSON.parse(readFileSync(join(ROOT, 'scripts/lib/services.json'), 'utf8')) as {
  services: { name: string; main: string; migrate?: string; admin?: string }[];
};

/** The packages a built service requires (by name, e.g. `@nestjs/core`, `node:fs`). */
function packagesRequired(directory: string): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    for (const [, specifier] of readFileSync(join(entry.parentPath, entry.name), 'utf8').matchAll(
      /require\("([^".][^"]*)"\)/g,
    )) {
      names.add(
        specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
      );
    }
  }
  return names;
}

describe('Dockerfile', () => {
  it('builds on the Node the tests run on (package.json’s "node"), the slim Debian image', () => {
    expect(args.get('NODE_VERSION')).toBe(packageJson.devDependencies.node);
    expect(stage('base').from).toBe('node:${NODE_VERSION}-bookworm-slim');
  });

  it('has a target per service that starts its built main.js, as a numeric non-root user', () => {
    for (const { name, main } of services) {
      expect(cmd(name)).toEqual(['node', main]);
      expect(lineage(name)).toContainEqual(`COPY --from=build /app/dist/services/${name} dist/services/${name}`);
      const user = lineage(name)
        .filter((line) => line.startsWith('USER '))
        .at(-1);
      expect(user).toMatch(/^USER [1-9]\d*:[1-9]\d*$/);
    }
    expect(lineage('gateway')).toContainEqual('COPY --from=build /app/dist/frontend dist/frontend');
  });

  it('builds with the scripts npm start uses, and ships production dependencies only', () => {
    expect(stage('build').instructions).toContainEqual(`RUN bash -c 'source scripts/lib/common.sh && build_app'`);
    expect(stage('production-dependencies').instructions.join('\n')).toMatch(/npm ci --omit=dev\b/);
    for (const { name } of services) {
      const copies = lineage(name).filter((line) => line.includes('node_modules'));
      expect(copies).toEqual(['COPY --from=production-dependencies /app/node_modules node_modules']);
    }
  });

  it('ships enough: what the built services require is Node itself or a production dependency', () => {
    for (const { name, main } of services) {
      if (!existsSync(join(ROOT, main)))
        throw new Error(`${main} is missing: build first (scripts/lib/common.sh build_app)`);
      const required = [...packagesRequired(join(ROOT, 'dist/services', name))];
      expect(required).toContain('@nestjs/core');
      const missing = required.filter(
        (dependency) =>
          !(dependency in packageJson.dependencies) && !builtinModules.includes(dependency.replace(/^node:/, '')),
      );
      expect({ service: name, missing }).toEqual({ service: name, missing: [] });
    }
  });

  it('carries every entry point of a service in its image (main, migrate, the admin CLI docs/OPERATIONS.md runs)', () => {
    for (const { name, ...entries } of services) {
      for (const path of Object.values(entries)) expect(path.startsWith(`dist/services/${name}/`)).toBe(true);
    }
    const adminCli = services.find((service) => service.admin)?.admin;
    expect(readFileSync(join(ROOT, 'docs/OPERATIONS.md'), 'utf8')).toContain(`node ${adminCli} grant`);
  });

  it('has a migrate target that runs every schema’s migrations (npm run migrate’s script)', () => {
    expect(cmd('migrate')).toEqual(['node', 'scripts/migrate.mjs']);
    for (const { name } of services.filter((service) => service.migrate)) {
      expect(lineage('migrate')).toContainEqual(`COPY --from=build /app/dist/services/${name} dist/services/${name}`);
    }
    expect(lineage('migrate')).toContainEqual('COPY scripts/lib/services.json scripts/lib/services.json');
  });

  it('gives the media worker the tools npm start installs for it', () => {
    const startScript = readFileSync(join(ROOT, 'scripts/start.sh'), 'utf8');
    const tools = /^ensure_apt_packages (.+)$/m.exec(startScript)?.[1].split(' ') ?? [];
    expect(tools).toContain('pocketsphinx');
    const install = lineage('media-worker').find((line) => line.includes('apt-get install')) ?? '';
    for (const tool of tools) expect(install.split(/\s+/)).toContain(tool);
  });

  it("runs the media worker on the project's PocketSphinx build, built from the recipe npm start and npm test use", () => {
    const commonScript = readFileSync(join(ROOT, 'scripts/lib/common.sh'), 'utf8');
    const recipe = /^ensure_pocketsphinx\(\) \{[\s\S]*?^}/m.exec(commonScript)?.[0] ?? '';
    const buildTools = /ensure_apt_packages (.+)$/m.exec(recipe)?.[1].split(' ') ?? [];
    expect(buildTools).toContain('bison');
    const install = stage('pocketsphinx').instructions.find((line) => line.includes('apt-get install')) ?? '';
    for (const tool of buildTools) expect(install.split(/\s+/)).toContain(tool);
    // build.sh fetches the pinned versions of this Debian release's source.
    expect(stage('pocketsphinx').from).toBe('debian:bookworm-slim');
    expect(readFileSync(join(ROOT, 'services/media-worker/pocketsphinx/build.sh'), 'utf8')).toMatch(
      /^SUITE=bookworm$/m,
    );
    expect(stage('pocketsphinx').instructions).toEqual(
      expect.arrayContaining([
        'COPY services/media-worker/pocketsphinx /recipe',
        'RUN bash /recipe/build.sh /opt/pocketsphinx',
      ]),
    );
    expect(lineage('media-worker')).toEqual(
      expect.arrayContaining([
        'COPY --from=pocketsphinx /opt/pocketsphinx /opt/pocketsphinx',
        'ENV POCKETSPHINX_BIN_DIR=/opt/pocketsphinx/bin',
      ]),
    );
  });

  it('has the target of every image docker-compose.yml builds', () => {
    const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { build?: { target: string } }>;
    };
    const targets = Object.values(compose.services).flatMap((service) => (service.build ? [service.build.target] : []));
    expect(targets.length).toBe(5);
    for (const target of targets) expect(stage(target)).toBeDefined();
  });

  it('keeps env files, local data and build output out of the build context', () => {
    const rules = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(rules[0]).toBe('**');
    expect(rules.filter((rule) => rule.startsWith('!')).some((rule) => /env|\.data|dist|node_modules/.test(rule))).toBe(
      false,
    );
  });
});
