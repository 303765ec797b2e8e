/**
 * The load generator, run as its own process so that it never shares an event loop with the server
 * it measures. N keep-alive connections, each sending its next request as soon as the last one is
 * answered, for a fixed time (and at most a fixed count): closed-loop load, like wrk.
 *
 * Input: one JSON argument (LoadSpec). Output: one JSON line on stdout (LoadResult).
 */
import http from 'node:http';

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  connections: number;
  durationMs: number;
  /** Stops earlier once this many requests were sent. */
  maxRequests?: number;
  headers?: Record<string, string>;
  /**
   * 'sign': a signature body with a fresh e-mail per request (every 10th repeats an earlier one in
   * upper case, to exercise de-duplication); 'json': `body` as is.
   */
  body?: { kind: 'sign'; emailPrefix: string } | { kind: 'json'; value: unknown };
}

export interface LoadResult {
  requests: number;
  ok2xx: number;
  statuses: Record<string, number>;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** E-mails the server acknowledged with a 2xx (sign only), lower-cased, for the exactness check. */
  acknowledgedEmails?: string[];
}

function signBody(prefix: string, i: number): string {
  const n = i % 10 === 9 && i > 5 ? i - 5 : i;
  const email = `${prefix}-${n}@bench.example.org`;
  return JSON.stringify({
    name: `Bench Signer ${n}`,
    email: i === n ? email : email.toUpperCase(),
    street_address: `${n} Main Street`,
    city: 'Springfield',
    state: 'IL',
    zip_code: '62704',
    is_public: true,
  });
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const target = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const acknowledged = new Set<string>();
  let sent = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + spec.durationMs;
  const max = spec.maxRequests ?? Number.POSITIVE_INFINITY;
  const fixedBody = spec.body?.kind === 'json' ? JSON.stringify(spec.body.value) : undefined;

  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const body = spec.body?.kind === 'sign' ? signBody(spec.body.emailPrefix, i) : fixedBody;
      const t0 = performance.now();
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: spec.method,
          headers: {
            ...spec.headers,
            ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          },
        },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => {
            latencies.push(performance.now() - t0);
            const code = String(res.statusCode);
            statuses[code] = (statuses[code] ?? 0) + 1;
            if (body && spec.body?.kind === 'sign' && res.statusCode! < 300) {
              acknowledged.add((JSON.parse(body) as { email: string }).email.toLowerCase());
            }
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });

  const connection = async () => {
    while (performance.now() < deadline && sent < max) await one(sent++);
  };
  await Promise.all(Array.from({ length: spec.connections }, connection));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const ok2xx = Object.entries(statuses).reduce((n, [code, count]) => (code.startsWith('2') ? n + count : n), 0);
  return {
    requests: latencies.length,
    ok2xx,
    statuses,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies[latencies.length - 1] ?? NaN,
    ...(spec.body?.kind === 'sign' ? { acknowledgedEmails: [...acknowledged] } : {}),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const spec = JSON.parse(process.argv[2]!) as LoadSpec;
  runLoad(spec).then(
    (r) => process.stdout.write(`${JSON.stringify(r)}\n`),
    (err: unknown) => {
      process.stderr.write(`${String(err)}\n`);
      process.exit(1);
    },
  );
}
