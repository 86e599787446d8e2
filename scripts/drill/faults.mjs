// The faults, one at a time. Each `inject` calls `damaged()` at the moment it does the damage (a fault's start) and
// resolves once the process it hurt is ready again (its recovery); one that checks something of its own returns the
// problem it found, if any.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sleep } from './waiting.mjs';

const require = createRequire(import.meta.url);
/** The billing service's own signing of the local provider's events, as built. */
const {
  signLocalWebhook,
} = require('../../dist/services/billing/services/billing/src/providers/local/local-webhook-signature.js');
const MID_ANALYSIS_TIMEOUT_MS = 30_000;

/** The processes whose parent is `pid` (a media worker's ffmpeg and PocketSphinx while it analyses). */
function childrenOf(pid) {
  const children = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command name (in parentheses, may hold spaces): state, then the parent's pid.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // the process ended while the list was read
    }
  }
  return children;
}

/** `inject`'s argument: {services, postgres, redis, members, sql, api, damaged}. */
export const FAULTS = [
  {
    name: 'media worker SIGKILL mid-analysis',
    async inject({ services, damaged }) {
      const deadline = Date.now() + MID_ANALYSIS_TIMEOUT_MS;
      for (;;) {
        const busy = ['worker-1', 'worker-2'].find((name) => childrenOf(services.pid(name)).length > 0);
        if (busy) {
          damaged();
          await services.kill(busy);
          await services.restart(busy);
          return null;
        }
        if (Date.now() > deadline) return `no media worker was analysing within ${MID_ANALYSIS_TIMEOUT_MS / 1000} s`;
        await sleep(20);
      }
    },
  },
  {
    name: 'consent service SIGKILL',
    async inject({ services, damaged }) {
      damaged();
      await services.kill('consent');
      await services.restart('consent');
      return null;
    },
  },
  {
    name: 'Redis restart (append-only file)',
    async inject({ redis, damaged }) {
      damaged();
      await redis.restart();
      return null;
    },
  },
  {
    name: 'Postgres restart',
    async inject({ postgres, damaged }) {
      damaged();
      await postgres.restart();
      return null;
    },
  },
  {
    name: "SIGKILL the member's gateway",
    async inject({ services, members, damaged }) {
      const name = `gateway-${members[0].socket.gateway() + 1}`;
      damaged();
      await services.kill(name);
      await services.restart(name);
      return null;
    },
  },
  {
    name: 'billing events replayed, reordered',
    /**
     * Every event the local provider delivered so far, sent again to the public webhook newest first, each twice:
     * each must be answered 200 and stored no second time, and every member must stay active.
     */
    async inject({ services, sql, api, members, damaged }) {
      damaged();
      const events = await sql('SELECT payload FROM billing.provider_events ORDER BY received_at DESC');
      const before = events.length;
      for (const { payload } of events) {
        const raw = Buffer.from(JSON.stringify(payload));
        for (let copy = 0; copy < 2; copy += 1) {
          await api.call('POST', '/api/stripe/webhook', {
            headers: {
              'content-type': 'application/json',
              'stripe-signature': signLocalWebhook(services.webhookSecret, raw),
            },
            form: () => raw,
          });
        }
      }
      await sleep(1_000);
      const [{ count }] = await sql('SELECT count(*)::int AS count FROM billing.provider_events');
      const inactive = [];
      for (const member of members) {
        const me = await api.call('GET', '/api/auth/me', { headers: member.bearer });
        if (me.subscriptionStatus !== 'active') inactive.push(`${member.index}: ${me.subscriptionStatus}`);
      }
      if (!before) return 'no billing event to replay';
      if (count !== before) return `the replays stored ${count - before} events again`;
      if (inactive.length) return `members no longer active after the replays: ${inactive.join(', ')}`;
      return null;
    },
  },
];
