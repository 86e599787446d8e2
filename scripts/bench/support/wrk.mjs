// Drives a server with wrk over a fixed list of requests (a Lua script rotating over them) and reads its summary.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const lua = (value) => JSON.stringify(value); // a JSON string literal is a valid Lua string literal for these values

/** Writes the Lua script cycling over `requests` ([{path, headers}]) and returns its path. */
export async function rotationScript(directory, name, requests) {
  const entries = requests.map(
    ({ path, headers }) =>
      `  { path = ${lua(path)}, headers = { ${Object.entries(headers)
        .map(([key, value]) => `[${lua(key)}] = ${lua(value)}`)
        .join(', ')} } },`,
  );
  const file = join(directory, `${name}.lua`);
  await writeFile(
    file,
    [
      'local requests = {',
      ...entries,
      '}',
      'local i = 0',
      'request = function()',
      '  i = i % #requests + 1',
      '  return wrk.format("GET", requests[i].path, requests[i].headers)',
      'end',
      '',
    ].join('\n'),
  );
  return file;
}

function toMs(text) {
  const [, value, unit] = /^([\d.]+)(us|ms|s|m)$/.exec(text) ?? [];
  return Number(value) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit];
}

export function parseWrk(output) {
  const percentile = (p) => toMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(output)?.[1] ?? '');
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? NaN),
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN),
    p50: percentile(50),
    p99: percentile(99),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    socketErrors: socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

/** Runs wrk for `seconds` with `connections` on 2 threads, loopback only; resolves to its parsed summary. */
export function runWrk({ baseUrl, script, connections, seconds }) {
  const args = ['-t2', `-c${connections}`, `-d${seconds}s`, '--timeout', '5s', '--latency', '-s', script, baseUrl];
  return new Promise((resolve, reject) => {
    const wrk = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    wrk.stdout.on('data', (chunk) => (output += chunk));
    wrk.stderr.on('data', (chunk) => (output += chunk));
    wrk.on('error', reject);
    wrk.on('exit', (code) =>
      code === 0 ? resolve({ ...parseWrk(output), output }) : reject(new Error(`wrk failed (${code}):\n${output}`)),
    );
  });
}
