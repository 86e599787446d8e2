import { type AddedJob, JOB_CONTRACTS, type JobIdKey, jobIdOf, type JobName, JOBS } from '@app/queue';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';

/**
 * docs/ARCHITECTURE.md's job backbone tells the truth: its job table lists every job of `JOB_CONTRACTS` once, with
 * its queue, producers → consumer, job id, attempts, backoff and concurrency as the code has them, and the
 * `JobBackboneModule.forRoot({...})` it names takes exactly those options. A job added or changed in the code
 * alone fails this test until the doc says so too.
 */

const ROOT = join(__dirname, '../..');
const doc = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
const section = doc.slice(
  doc.indexOf('## The job backbone'),
  doc.indexOf('\n## ', doc.indexOf('## The job backbone') + 1),
);

type Row = Record<'job' | 'queue' | 'flow' | 'jobId' | 'attempts' | 'backoff' | 'concurrency', string>;

/** The section's table, one object per row, named by the header's columns. */
function tableRows(): Row[] {
  const lines = section.split('\n').filter((line) => line.startsWith('|'));
  const cells = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  const header = cells(lines[0]);
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`The job table has no column "${name}"`);
    return index;
  };
  const at = {
    job: 'Job',
    queue: 'Queue',
    flow: 'Producer → consumer',
    jobId: 'Job id',
    attempts: 'Attempts',
    backoff: 'Backoff',
    concurrency: 'Concurrency',
  };
  return lines.slice(2).map((line) => {
    const row = cells(line);
    return Object.fromEntries(Object.entries(at).map(([key, name]) => [key, row[column(name)]])) as Row;
  });
}

const unquote = (text: string) => text.replace(/`/g, '');

/** What the code says of a job, written as the doc's cells are. */
function documented(name: JobName): Omit<Row, 'jobId'> {
  const contract = JOB_CONTRACTS[name];
  const concurrency: { default: number; setting?: string } = contract.concurrency;
  return {
    job: `\`${name}\``,
    queue: `\`${contract.queue}\``,
    flow: `${contract.producers.join(', ')} → ${contract.consumer}`,
    attempts: String(contract.attempts),
    backoff: `${contract.backoff.type} ${contract.backoff.delay / 1000} s`,
    concurrency: concurrency.setting
      ? `${concurrency.default}, \`${concurrency.setting}\``
      : String(concurrency.default),
  };
}

/** Ids to try each documented job id against: every placeholder of the doc's id, and each optional part both ways. */
const SAMPLE_KEYS: { [N in AddedJob]: JobIdKey<N>[] } = {
  [JOBS.analyzeRecording]: [{ sessionId: 'S', attempt: 2 }],
  [JOBS.analyzeHeldRecording]: [{ sessionId: 'S', videoAssetId: 'V' }],
  [JOBS.pushSessionUpdate]: [
    { sessionId: 'S', change: 'verdict' },
    { sessionId: 'S', change: 'retake_requested', attempt: 2 },
  ],
  [JOBS.sendTextMessage]: [{ messageId: 'M' }],
  [JOBS.processBillingEvent]: [{ eventId: 'E' }],
  [JOBS.applySubscriptionChange]: [{ userId: 'U', changedAt: '2026-01-02T03:04:05.678Z' }],
};

/**
 * A documented id (`<sessionId>.<change>[.<attempt>]`, then any words after it) for one key: `<name>` is the key's
 * value, `<name ms>` a time's milliseconds, and a `[...]` part is there only when the key has all it names.
 */
function renderId(template: string, key: Record<string, unknown>): string {
  const value = (placeholder: string): string | undefined => {
    const [field, unit] = placeholder.split(' ');
    const raw = key[field];
    if (raw === undefined) return undefined;
    return unit === 'ms' ? String(Date.parse(String(raw))) : String(raw);
  };
  const id = /^`([^`]+)`/.exec(template)?.[1];
  if (!id) throw new Error(`Job id "${template}" does not start with a \`code\` id`);
  return id
    .replace(/\[([^\]]*)\]/g, (_, part: string) =>
      [...part.matchAll(/<([^>]+)>/g)].every(([, name]) => value(name) !== undefined) ? part : '',
    )
    .replace(/<([^>]+)>/g, (_, name: string) => value(name) ?? `<${name}>`);
}

/** A source file of the repository, parsed (its syntax only: what it declares, as written). */
function declared(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
}

function findNode<T extends ts.Node>(root: ts.Node, match: (node: ts.Node) => node is T): T | undefined {
  let found: T | undefined;
  const visit = (node: ts.Node) => {
    if (!found && match(node)) found = node;
    if (!found) ts.forEachChild(node, visit);
  };
  visit(root);
  return found;
}

describe("ARCHITECTURE.md's job backbone", () => {
  const rows = tableRows();

  it('lists every job of JOB_CONTRACTS exactly once, and nothing else', () => {
    expect(rows.map((row) => unquote(row.job)).sort()).toEqual(Object.keys(JOB_CONTRACTS).sort());
  });

  it.each(Object.keys(JOB_CONTRACTS) as JobName[])(
    'gives %s its queue, producers → consumer, attempts, backoff and concurrency',
    (name) => {
      expect(rows.find((row) => unquote(row.job) === name)).toEqual({ ...documented(name), jobId: expect.any(String) });
    },
  );

  it.each(Object.keys(SAMPLE_KEYS) as AddedJob[])('gives %s the job id the table makes', (name) => {
    const template = rows.find((row) => unquote(row.job) === name)!.jobId;
    for (const key of SAMPLE_KEYS[name] as Record<string, unknown>[])
      expect(renderId(template, key)).toBe(jobIdOf(name, key as never));
  });

  it('gives a scheduled job its scheduler id', () => {
    const scheduled = (Object.keys(JOB_CONTRACTS) as JobName[]).filter((name) => 'scheduler' in JOB_CONTRACTS[name]);
    expect(scheduled.length).toBeGreaterThan(0);
    for (const name of scheduled) {
      const contract = JOB_CONTRACTS[name] as { scheduler: string };
      expect(rows.find((row) => unquote(row.job) === name)!.jobId).toBe(`scheduler \`${contract.scheduler}\``);
    }
  });

  it('every job that is not scheduled has sample ids here, so its documented id is checked', () => {
    const added = (Object.keys(JOB_CONTRACTS) as JobName[]).filter((name) => 'jobId' in JOB_CONTRACTS[name]);
    expect(Object.keys(SAMPLE_KEYS).sort()).toEqual(added.sort());
  });

  it('names the forRoot signature the code has: one options object with exactly the keys of JobBackboneOptions', () => {
    const named = /`JobBackboneModule\.forRoot\(\{([^}]*)\}\)`/.exec(section.replace(/\s+/g, ' '));
    expect(named).not.toBeNull();
    const docKeys = named![1].split(',').map((key) => key.trim());

    const options = findNode(
      declared('libs/queue/src/job-backbone.options.ts'),
      (node): node is ts.InterfaceDeclaration =>
        ts.isInterfaceDeclaration(node) && node.name.text === 'JobBackboneOptions',
    );
    const optionKeys = options!.members.map((member) => member.name!.getText());
    const forRoot = findNode(
      declared('libs/queue/src/job-backbone.module.ts'),
      (node): node is ts.MethodDeclaration => ts.isMethodDeclaration(node) && node.name.getText() === 'forRoot',
    );

    expect(forRoot!.parameters.map((parameter) => parameter.type?.getText())).toEqual(['JobBackboneOptions']);
    expect(docKeys.sort()).toEqual(optionKeys.sort());
  });
});
