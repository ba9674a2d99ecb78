import { memo } from 'react';
import { useFailedMails } from '../../../api/order-mail';
import { useOnline } from '../../../pwa/online';
import { MAIL_KIND_LABELS } from './order-mail';
import './order-mail.css';

/**
 * Above the order list: mails that failed for good, each opening its order's window (where the
 * error is shown and "Send again" is), so a failing mail is seen without opening every order.
 * Nothing is shown while all mail goes out, or offline. Memoised: a search keystroke redraws the
 * page around it, and nothing it shows depends on the search.
 */
export const FailedMailsNotice = memo(function FailedMailsNotice({ onOpen }: { onOpen(orderId: string): void }) {
  const online = useOnline();
  const failed = useFailedMails(online).data ?? [];

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
});
