/**
 * The baseline: a bare node:http server answering a small JSON, the ceiling every other figure is a
 * fraction of. Prints its port on stdout; stops on SIGTERM.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const body = JSON.stringify({ success: true, data: { id: 1, title: 'Baseline', supporter_count: 0 } });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
