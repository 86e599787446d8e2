// npm start's process supervisor: runs every service with the settings in .env, prefixes their output, and stops
// them all together (on Ctrl-C, or as soon as one of them exits) so nothing is left running half-wired.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SERVICE_NODE_OPTIONS } from './lib/service-node-options.mjs';

// In start order: the consent and billing services first, the gateway calls them.
const { services } = JSON.parse(readFileSync(new URL('./lib/services.json', import.meta.url), 'utf8'));

const children = new Map();
let stopping = false;

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children.values()) child.kill('SIGTERM');
  const timer = setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
  }, 10_000);
  timer.unref();
  process.exitCode = code;
}

function prefixed(stream, name, target) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop();
    for (const line of lines) target.write(`[${name}] ${line}\n`);
  });
}

for (const { name, main } of services) {
  const child = spawn(process.execPath, [...SERVICE_NODE_OPTIONS, '--env-file=.env', main], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.set(name, child);
  prefixed(child.stdout, name, process.stdout);
  prefixed(child.stderr, name, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      process.stderr.write(`${name} stopped (${signal ?? code}); stopping the others\n`);
      stopAll(code || 1);
    }
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
