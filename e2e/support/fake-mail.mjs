// A mail server for the browser tests' server: SMTP that accepts every message, and an HTTP
// door where a test reads what was sent to an address (GET /__mail?to=…), so it can follow a
// link a mail carries, as its reader would.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Listens on 127.0.0.1: SMTP at smtpPort, the test's door at httpPort; resolves to SMTP_URL. */
export async function startFakeMail(smtpPort, httpPort) {
  const delivered = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
          delivered.push({ to, subject: mail.subject ?? '', text: mail.text ?? '' });
          callback();
        },
        (error) => callback(error),
      );
    },
  });
  await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const door = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const to = url.searchParams.get('to')?.toLowerCase();
    if (request.method !== 'GET' || url.pathname !== '/__mail' || !to) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    response.end(JSON.stringify(delivered.filter((mail) => mail.to.includes(to))));
  });
  await new Promise((resolve) => door.listen(httpPort, '127.0.0.1', resolve));
  return `smtp://127.0.0.1:${smtpPort}`;
}
