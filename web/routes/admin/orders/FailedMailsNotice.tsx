import { useEffect, useState } from 'react';
import type { MailView } from '../../../../shared/api/types';
import { call } from '../../../api/client';
import { useOnline } from '../sync/use-sync-status';
import { MAIL_KIND_LABELS } from './order-mail';
import './order-mail.css';

const REFRESH_MS = 60_000;

/**
 * Above the order list: mails that failed for good, each opening its order's window (where the
 * error is shown and "Send again" is), so a failing mail is seen without opening every order.
 * Nothing is shown while all mail goes out, or offline.
 */
export function FailedMailsNotice({ onOpen }: { onOpen(orderId: string): void }) {
  const online = useOnline();
  const [failed, setFailed] = useState<MailView[]>([]);

  useEffect(() => {
    if (!online) return;
    let live = true;
    const load = () =>
      call('mailOutbox', { query: { state: 'failed', limit: 50 } })
        .then(({ mails }) => live && setFailed(mails))
        .catch(() => undefined);
    void load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [online]);

  if (!online || failed.length === 0) return null;
  return (
    <section className="failed-mails" aria-labelledby="failed-mails-title">
      <h2 id="failed-mails-title">
        {failed.length === 1 ? '1 e-mail' : `${failed.length} e-mails`} to customers could not be sent
      </h2>
      <ul className="failed-mails__list">
        {failed.map((mail) => (
          <li key={`${mail.orderId}/${mail.mailKey}`}>
            <button
              type="button"
              className="admin-button admin-button--ghost"
              aria-label={`Open ${mail.orderNumber ?? 'the order'} (its ${MAIL_KIND_LABELS[mail.kind].toLowerCase()} failed)`}
              onClick={() => onOpen(mail.orderId)}
            >
              Open {mail.orderNumber ?? 'order'}
            </button>{' '}
            {MAIL_KIND_LABELS[mail.kind]} · <span className="mail-status__error">{mail.lastError}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
