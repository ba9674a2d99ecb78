import type { DiscountCodeView } from '../../../../shared/api/answers';
import { ApiError } from '../../../api/client';
import { useDiscountCodes, useSetDiscountCodeActive } from '../../../api/discount-codes';
import { useNotify } from '../../../components/notifications';
import { useOnline } from '../../../pwa/online';
import { DiscountCodeForm } from './DiscountCodeForm';
import { DiscountCodesList } from './DiscountCodesList';
import './discount-codes.css';

const OFFLINE_MESSAGE = "You're offline. Discount codes are listed and changed when the server can be reached.";

const loadErrorMessage = (error: Error) => (error instanceof ApiError && error.isNetwork ? OFFLINE_MESSAGE : error.message || 'Discount codes could not be loaded.');

/** /admin/discounts: the shop's discount codes, their uses, limits, dates and state; create, activate, deactivate. */
export default function DiscountCodesPage() {
  const online = useOnline();
  const { notify, notifyError } = useNotify();
  const list = useDiscountCodes(online);
  const setActive = useSetDiscountCodeActive();
  const busyCode = setActive.isPending ? (setActive.variables?.code ?? null) : null;
  // A failed load replaces the list with its message; "Try again" shows the loading line until it answers.
  const loaded =
    list.isError && !list.isFetching
      ? ({ state: 'error', message: loadErrorMessage(list.error) } as const)
      : list.isSuccess
        ? ({ state: 'ready', codes: list.data } as const)
        : ({ state: 'loading' } as const);

  async function toggle(code: DiscountCodeView) {
    try {
      const changed = await setActive.mutateAsync({ code: code.code, active: !code.active });
      notify(`${changed.code} ${changed.active ? 'activated' : 'deactivated'}`);
    } catch (error) {
      notifyError(error instanceof ApiError && error.isNetwork ? OFFLINE_MESSAGE : error instanceof Error ? error.message : 'The change was not saved.');
    }
  }

  const created = (code: DiscountCodeView) => notify(`${code.code} created`);

  return (
    <div className="admin-page discounts-page">
      <div className="discounts-page__header">
        <h1>Discount codes</h1>
        <a className="admin-button admin-button--small discounts-page__new" href="#new-discount-code">New code</a>
      </div>
      {!online ? <p className="admin-card discounts-page__offline" role="status">{OFFLINE_MESSAGE}</p> : null}
      <div className="discounts-page__layout">
        <section aria-labelledby="discount-codes-heading" className="discounts-page__list">
          <h2 id="discount-codes-heading" className="sr-only">All codes</h2>
          {loaded.state === 'loading' ? <p className="admin-loading" role="status">Loading discount codes…</p> : null}
          {loaded.state === 'error' ? (
            <div className="admin-card" role="alert">
              <p className="admin-error">{loaded.message}</p>
              <button type="button" className="admin-button admin-button--small" onClick={() => void list.refetch()} disabled={!online}>Try again</button>
            </div>
          ) : null}
          {loaded.state === 'ready' && loaded.codes.length === 0 ? <p className="admin-empty">No discount codes yet. Create the first one with the form.</p> : null}
          {loaded.state === 'ready' && loaded.codes.length > 0 ? <DiscountCodesList codes={loaded.codes} busyCode={busyCode} online={online} onToggle={toggle} /> : null}
        </section>
        <DiscountCodeForm online={online} onCreated={created} />
      </div>
    </div>
  );
}
