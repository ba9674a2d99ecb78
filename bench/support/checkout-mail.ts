import pg from 'pg';
import SQLite from 'better-sqlite3';

export interface MailHandOver {
  /** Per order since `since` whose confirmation was handed to SMTP: ms from its commit to the hand-over. */
  delays: number[];
  unsent: number;
  /** When the last of them was handed over (epoch ms), or null when none was. */
  lastSentAt: number | null;
}

/** Each order's commit against its confirmation's hand-over to SMTP, for orders since `since`. */
export async function mailDelays(database: string, dbUrl: string, since: number): Promise<MailHandOver> {
  const query = `select o.created_at as created, s.sent_at as sent from orders o left join mail_sent s on s.order_id = o.id and s.mail_key = 'confirmation' where o.created_at >= ${since}`;
  let rows: { created: number; sent: number | null }[];
  if (database === 'sqlite') {
    const db = new SQLite(dbUrl.replace(/^sqlite:/, ''), { readonly: true });
    rows = db.prepare(query).all() as typeof rows;
    db.close();
  } else {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    rows = (await client.query(query)).rows.map((row: { created: string; sent: string | null }) => ({ created: Number(row.created), sent: row.sent === null ? null : Number(row.sent) }));
    await client.end();
  }
  const sent = rows.filter((row) => row.sent !== null);
  return {
    delays: sent.map((row) => row.sent! - row.created),
    unsent: rows.length - sent.length,
    lastSentAt: sent.length ? Math.max(...sent.map((row) => row.sent!)) : null,
  };
}

/** Polls until every order since `since` has its confirmation handed over, or `limitSeconds` pass. */
export async function waitForMail(database: string, dbUrl: string, since: number, limitSeconds: number): Promise<MailHandOver> {
  const deadline = Date.now() + limitSeconds * 1000;
  let found = await mailDelays(database, dbUrl, since);
  while (found.unsent > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    found = await mailDelays(database, dbUrl, since);
  }
  return found;
}
