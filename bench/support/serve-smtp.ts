import { startTestSmtpServer } from '../../server/mail/mail.test-support';

/** A real SMTP server (smtp-server) in its own process for bench/mail.bench.ts; prints {"url"}. */
const smtp = await startTestSmtpServer();
process.stdout.write(`${JSON.stringify({ url: smtp.url })}\n`);
process.once('SIGTERM', () => void smtp.close().then(() => process.exit(0)));
