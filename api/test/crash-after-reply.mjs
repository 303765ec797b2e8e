// Loaded into a real server process by logs.test.ts (NODE_OPTIONS=--import): after SIGUSR2, the
// next reply the app sends is followed, before the turn ends, by an uncaught error or an unhandled
// rejection (DAIS_TEST_CRASH), and its request id goes to stderr first. That request's log line is
// still waiting to be written (http/log-destination.ts) when the process dies: the crash path must
// write it.
import http from 'node:http';

const crash = process.env.DAIS_TEST_CRASH;
let armed = false;
process.on('SIGUSR2', () => (armed = true));
const end = http.ServerResponse.prototype.end;
http.ServerResponse.prototype.end = function (...args) {
  const result = end.apply(this, args);
  const reqId = this.getHeader('x-request-id');
  if (armed && reqId) {
    armed = false;
    process.stderr.write(`crashing after the reply to ${reqId}\n`);
    const error = new Error(`test crash (${crash})`);
    if (crash === 'rejection') process.nextTick(() => void Promise.reject(error));
    else
      process.nextTick(() => {
        throw error;
      });
  }
  return result;
};
