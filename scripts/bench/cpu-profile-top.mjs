// node scripts/bench/cpu-profile-top.mjs <file.cpuprofile> [count]: where a V8 CPU profile spent its time, by
// function (self time) and by package, so a benchmark's profile can be read without a browser.
import { readFileSync } from 'node:fs';

const [file, count = '25'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/bench/cpu-profile-top.mjs <file.cpuprofile> [count]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const intervals = profile.timeDeltas;
const selfUs = new Map(profile.nodes.map((node) => [node.id, 0]));
profile.samples.forEach((id, i) => selfUs.set(id, selfUs.get(id) + (intervals[i] ?? 0)));
const total = [...selfUs.values()].reduce((sum, us) => sum + us, 0);

function where({ url, lineNumber }) {
  if (!url) return '';
  const path = url.replace(/^file:\/\//, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
  const short = inPackage ? `${inPackage[1]}/${inPackage[2]}` : path.replace(/^.*\/(dist|scripts)\//, '$1/');
  return `${short}:${lineNumber + 1}`;
}

function packageOf({ url, functionName }) {
  if (!url) return `(${functionName || 'native'})`;
  if (url.startsWith('node:')) return 'node core';
  return /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? 'app';
}

const keyOf = (frame) => `${frame.functionName || '(anonymous)'}  ${where(frame)}`;
const byFunction = new Map();
const byPackage = new Map();
for (const node of profile.nodes) {
  const us = selfUs.get(node.id);
  byFunction.set(keyOf(node.callFrame), (byFunction.get(keyOf(node.callFrame)) ?? 0) + us);
  byPackage.set(packageOf(node.callFrame), (byPackage.get(packageOf(node.callFrame)) ?? 0) + us);
}

// Total time: a node's self time counts once for every distinct function on its stack (recursion counted once).
const parentOf = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node])));
const inclusive = new Map();
for (const node of profile.nodes) {
  const us = selfUs.get(node.id);
  if (!us) continue;
  const seen = new Set();
  for (let at = node; at; at = parentOf.get(at.id)) seen.add(keyOf(at.callFrame));
  for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + us);
}

const percent = (us) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log('\nself time by package');
for (const [name, us] of top(byPackage, 15)) console.log(`${percent(us)}  ${name}`);
console.log('\nself time by function');
for (const [name, us] of top(byFunction, Number(count))) console.log(`${percent(us)}  ${name}`);
console.log('\ntotal time (self and callees) by function');
for (const [name, us] of top(inclusive, Number(count))) console.log(`${percent(us)}  ${name}`);
