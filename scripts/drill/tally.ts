// The drill's arithmetic, pure: what it observed (sessions, deliveries, answers, faults, the stored verdicts and
// texts) in, the figures per fault and in total and the bar's verdict out. No clock and no I/O here. TypeScript that
// Node runs by stripping its types (drill.mjs imports it so) and jest tests (test/drill/tally.spec.ts).

export interface Fault {
  name: string;
  /** When the damage was done, ms since the epoch. */
  startedAt: number;
  /** When the process it hurt was ready again; null if it never was. */
  recoveredAt: number | null;
  /** What the fault's own check found wrong, if anything. */
  problem?: string | null;
}

export interface ObservedSession {
  id: string;
  /** When the submission's 202 came. */
  submittedAt: number;
  /** When each new verdict of the session reached the member's socket (or the read after a reconnect). */
  member: number[];
  partner: number[];
}

export interface ServerError {
  at: number;
  status: number;
  body: { error?: unknown; code?: unknown } | null;
}

export interface Observed {
  faults: Fault[];
  sessions: ObservedSession[];
  /** Stored verdicts by session: how many rows and when the (first) one was stored. */
  verdicts: Map<string, { count: number; storedAt: number }>;
  /** Verdict texts by session, per recipient. */
  texts: Map<string, { member: number; partner: number }>;
  /** Every 5xx answer a client saw. */
  answers: ServerError[];
  /** Sessions that failed otherwise (a 4xx, or abandoned at the run's end), as messages. */
  clientErrors?: string[];
}

export interface Row {
  name: string;
  submitted: number;
  stored: number;
  deliveredMember: number;
  deliveredPartner: number;
  lost: number;
  duplicates: number;
  late: number;
  maxDeliveryMs: number;
  serverErrors: number;
  unexplainedServerErrors: number;
  recoveryMs: number | null;
}

export interface Tally {
  periods: Row[];
  total: Row;
  failures: string[];
  passed: boolean;
}

/** Every open socket must have its verdict this long after the later of the verdict and the recovery. */
export const DELIVERY_BAR_MS = 10_000;
/** After a process is ready again, its clients' pools and the other services' connections settle within this. */
export const SETTLE_MS = 2_000;

/**
 * A fault's period runs from its start to the next fault's start (the last one's to the end of the run); a session
 * belongs to the period it was submitted in, an answer to the period it came in.
 */
export function periodOf(at: number, faults: Fault[]): number {
  let index = -1;
  for (const [i, fault] of faults.entries()) if (fault.startedAt <= at) index = i;
  return index;
}

/** The outage a moment falls in, as [start, recovered + SETTLE_MS]: the fault, or null. */
export function outageAt(at: number, faults: Fault[]): Fault | null {
  return faults.find((fault) => fault.startedAt <= at && at <= (fault.recoveredAt ?? Infinity) + SETTLE_MS) ?? null;
}

/** A 5xx the bar allows: a 503 whose body names the error and its code ({error, code}), during an outage. */
export function allowedServerError(answer: ServerError, faults: Fault[]): boolean {
  const clear =
    answer.status === 503 && typeof answer.body?.error === 'string' && typeof answer.body?.code === 'string';
  return clear && outageAt(answer.at, faults) !== null;
}

/**
 * When a socket is owed a verdict: once it is stored, or, when it was stored during an outage, once that outage is
 * over (a socket whose gateway died has it on reconnect).
 */
export function dueAt(storedAt: number, faults: Fault[]): number {
  const outage = outageAt(storedAt, faults);
  return outage ? Math.max(storedAt, (outage.recoveredAt ?? storedAt) + SETTLE_MS) : storedAt;
}

/**
 * The figures per fault period and in total. A duplicate is a session with two verdict rows, two verdict texts to
 * one recipient, or two different verdicts reaching one socket; late is a socket that never had its verdict or had it
 * more than DELIVERY_BAR_MS after it was due.
 */
export function tally(observed: Observed): Tally {
  const { faults, sessions, verdicts, texts, answers } = observed;
  const periods: Row[] = [{ name: 'steady (no fault)', startedAt: -Infinity, recoveredAt: null }, ...faults].map(
    (fault) => ({
      name: fault.name,
      submitted: 0,
      stored: 0,
      deliveredMember: 0,
      deliveredPartner: 0,
      lost: 0,
      duplicates: 0,
      late: 0,
      maxDeliveryMs: 0,
      serverErrors: 0,
      unexplainedServerErrors: 0,
      recoveryMs: fault.recoveredAt === null ? null : firstVerdictAfter(fault.startedAt, verdicts, sessions),
    }),
  );
  const period = (at: number) => periods[periodOf(at, faults) + 1];
  for (const session of sessions) {
    const row = period(session.submittedAt);
    row.submitted += 1;
    const verdict = verdicts.get(session.id);
    if (!verdict) {
      row.lost += 1;
      continue;
    }
    row.stored += 1;
    const text = texts.get(session.id) ?? { member: 0, partner: 0 };
    const duplicated =
      verdict.count > 1 ||
      text.member > 1 ||
      text.partner > 1 ||
      session.member.length > 1 ||
      session.partner.length > 1;
    if (duplicated) row.duplicates += 1;
    const due = dueAt(verdict.storedAt, faults);
    for (const [key, deliveries] of [
      ['deliveredMember', session.member],
      ['deliveredPartner', session.partner],
    ] as const) {
      if (!deliveries.length) {
        row.late += 1;
        continue;
      }
      row[key] += 1;
      const ms = Math.max(0, Math.min(...deliveries) - due);
      row.maxDeliveryMs = Math.max(row.maxDeliveryMs, ms);
      if (ms > DELIVERY_BAR_MS) row.late += 1;
    }
  }
  for (const answer of answers) {
    const row = period(answer.at);
    row.serverErrors += 1;
    if (!allowedServerError(answer, faults)) row.unexplainedServerErrors += 1;
  }
  const sum = (key: Exclude<keyof Row, 'name' | 'recoveryMs'>) => periods.reduce((total, row) => total + row[key], 0);
  const total: Row = {
    name: 'total',
    submitted: sum('submitted'),
    stored: sum('stored'),
    deliveredMember: sum('deliveredMember'),
    deliveredPartner: sum('deliveredPartner'),
    lost: sum('lost'),
    duplicates: sum('duplicates'),
    late: sum('late'),
    serverErrors: sum('serverErrors'),
    unexplainedServerErrors: sum('unexplainedServerErrors'),
    maxDeliveryMs: Math.max(0, ...periods.map((row) => row.maxDeliveryMs)),
    // The slowest recovery of any fault.
    recoveryMs: Math.max(0, ...periods.map((row) => row.recoveryMs ?? 0)),
  };
  const failures: string[] = [];
  if (total.lost) failures.push(`${total.lost} submitted sessions never got a verdict`);
  if (total.duplicates) failures.push(`${total.duplicates} sessions had a verdict, text or verdict push twice`);
  if (total.late)
    failures.push(`${total.late} socket deliveries missing or later than ${DELIVERY_BAR_MS / 1000} s after recovery`);
  if (total.unexplainedServerErrors)
    failures.push(
      `${total.unexplainedServerErrors} 5xx answers outside an outage or without a clear 503 {error, code}`,
    );
  const missingFaults = faults.filter((fault) => fault.recoveredAt === null).map((fault) => fault.name);
  if (missingFaults.length) failures.push(`no recovery from: ${missingFaults.join(', ')}`);
  for (const fault of faults) if (fault.problem) failures.push(`${fault.name}: ${fault.problem}`);
  if (observed.clientErrors?.length)
    failures.push(
      `${observed.clientErrors.length} sessions refused with a 4xx or abandoned, e.g. ${observed.clientErrors[0]}`,
    );
  if (!total.submitted) failures.push('no session was submitted');
  return { periods, total, failures, passed: failures.length === 0 };
}

/** Fault to the first verdict stored after it (any session's), in ms; null when none came. */
function firstVerdictAfter(at: number, verdicts: Observed['verdicts'], sessions: ObservedSession[]): number | null {
  let first = Infinity;
  for (const { id } of sessions) {
    const storedAt = verdicts.get(id)?.storedAt;
    if (storedAt !== undefined && storedAt >= at) first = Math.min(first, storedAt);
  }
  return first === Infinity ? null : first - at;
}

const COLUMNS: [string, (row: Row) => string | number, number?][] = [
  ['fault', (row) => row.name, 36],
  ['submitted', (row) => row.submitted],
  ['stored', (row) => row.stored],
  ['to member', (row) => row.deliveredMember],
  ['to partner', (row) => row.deliveredPartner],
  ['lost', (row) => row.lost],
  ['duplicates', (row) => row.duplicates],
  ['late', (row) => row.late],
  ['5xx (not clear 503)', (row) => `${row.serverErrors} (${row.unexplainedServerErrors})`],
  ['max delivery', (row) => `${(row.maxDeliveryMs / 1000).toFixed(1)} s`],
  ['recovery', (row) => (row.recoveryMs === null ? '-' : `${(row.recoveryMs / 1000).toFixed(1)} s`)],
];

/** The printed table: one row per fault period and the total, then PASS or what failed. */
export function formatReport({ periods, total, failures, passed }: Tally): string {
  const cell = (value: string | number, width: number, first: boolean) =>
    first ? String(value).padEnd(width) : String(value).padStart(width);
  const widths = COLUMNS.map(([title, , width]) => Math.max(width ?? 0, title.length + 2));
  const line = (values: (string | number)[]) => values.map((value, i) => cell(value, widths[i], i === 0)).join('');
  const rows = [
    line(COLUMNS.map(([title]) => title)),
    ...[...periods, total].map((row) => line(COLUMNS.map(([, value]) => value(row)))),
  ];
  rows.push(
    passed
      ? 'bar: 0 lost, 0 duplicates, every socket within 10 s of recovery, 5xx only as clear 503s during an outage: PASS'
      : `bar: FAIL: ${failures.join('; ')}`,
  );
  return rows.join('\n');
}
