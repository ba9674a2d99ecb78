import type { MailView } from '../../../../shared/api/types';
import { useNotify } from '../../../components/notifications';
import type { CachedOrder } from '../../../db/db';
import { formatDateTime } from '../shared/format';
import { useOnline } from '../../../pwa/online';
import { useOrderMails, useSendMailAgain } from '../../../api/order-mail';
import { MAIL_KIND_LABELS } from './order-mail';
import './order-mail.css';

function describeState(mail: MailView): string {
  if (mail.state === 'sent') return `Sent ${formatDateTime(mail.sentAt)}`;
  if (mail.state === 'failed') return `Failed after ${mail.attempts} attempt${mail.attempts === 1 ? '' : 's'}`;
  if (mail.attempts === 0) return 'Queued';
  return `Retrying (attempt ${mail.attempts} failed, next try ${formatDateTime(mail.nextAttemptAt)})`;
}

/**
 * The order's e-mails to the customer in the order window: sent, waiting or failed, with the
 * mail server's error, and "Send again" for a mail that failed for good. Online only.
 */
export function OrderMailStatus({ order }: { order: CachedOrder }) {
  const online = useOnline();
  const { notify, notifyError } = useNotify();
  const { data: mails, error: loadError } = useOrderMails(order.id, order.version, online);
  const sendAgain = useSendMailAgain();

  async function again(mail: MailView) {
    try {
      await sendAgain.mutateAsync(mail);
      notify(`${MAIL_KIND_LABELS[mail.kind]} queued to send again`);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'Could not queue the mail');
    }
  }

  return (
    <section className="admin-detail__section" aria-labelledby={`mails-${order.id}`}>
      <h3 id={`mails-${order.id}`}>E-mails to the customer</h3>
      {!online ? (
        <p className="admin-muted">E-mail status loads when the tablet is online.</p>
      ) : loadError ? (
        <p className="admin-error">{loadError.message}</p>
      ) : !mails ? (
        <p className="admin-muted">Loading…</p>
      ) : mails.length === 0 ? (
        <p className="admin-muted">No e-mails for this order.</p>
      ) : (
        <ul className="mail-status-list">
          {mails.map((mail) => (
            <li key={mail.mailKey} className="mail-status" data-mail-state={mail.state}>
              <span>
                <strong>{MAIL_KIND_LABELS[mail.kind]}</strong> to {mail.recipient}
              </span>
              <span className={mail.state === 'failed' ? 'admin-error' : 'admin-muted'}>{describeState(mail)}</span>
              {mail.lastError && mail.state !== 'sent' ? <span className="mail-status__error">{mail.lastError}</span> : null}
              {mail.state === 'failed' ? (
                <button
                  type="button"
                  className="admin-button admin-button--ghost"
                  aria-label={`Send the ${MAIL_KIND_LABELS[mail.kind].toLowerCase()} of ${order.orderNumber} again`}
                  onClick={() => void again(mail)}
                >
                  Send again
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
