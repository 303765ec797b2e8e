/**
 * The bench's mail server: a real SMTP server (smtp-server) in a process of its own, on a free
 * port on 127.0.0.1, that the server under load sends its confirmation e-mails to as it would to a
 * mail provider. It accepts every message and keeps nothing of it but when it arrived and to whom:
 * prints its port as the first line on stdout, then one line per accepted message,
 * `<Date.now()> <recipient>[,<recipient>...]` (./mail-figures.ts reads them). Stops on SIGTERM.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const server = new SMTPServer({
  logger: false,
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  closeTimeout: 100,
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      process.stdout.write(`${Date.now()} ${to}\n`);
      callback(null);
    });
  },
});
server.on('error', () => undefined);
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
