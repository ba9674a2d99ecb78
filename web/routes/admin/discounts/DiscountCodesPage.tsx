import { useCallback, useEffect, useState } from 'react';
import type { DiscountCodeView } from '../../../../shared/api/answers';
import { ApiError } from '../../../api/client';
import { useNotify } from '../../../components/notifications';
import { useOnline } from '../../../pwa/online';
import { DiscountCodeForm } from './DiscountCodeForm';
import { DiscountCodesList } from './DiscountCodesList';
import { fetchDiscountCodes, setDiscountCodeActive } from './discount-codes';
import './discount-codes.css';

type Loaded = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; codes: DiscountCodeView[] };

const OFFLINE_MESSAGE = "You're offline. Discount codes are listed and changed when the server can be reached.";

/** /admin/discounts: the shop's discount codes, their uses, limits, dates and state; create, activate, deactivate. */
export default function DiscountCodesPage() {
  const online = useOnline();
  const { notify, notifyError } = useNotify();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [busyCode, setBusyCode] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoaded((current) => (current.state === 'ready' ? current : { state: 'loading' }));
    try {
      setLoaded({ state: 'ready', codes: await fetchDiscountCodes() });
    } catch (error) {
      const network = error instanceof ApiError && error.isNetwork;
      setLoaded({ state: 'error', message: network ? OFFLINE_MESSAGE : error instanceof Error ? error.message : 'Discount codes could not be loaded.' });
    }
  }, []);

  useEffect(() => {
    if (online) void load();
  }, [online, load]);

  const replace = (code: DiscountCodeView) =>
    setLoaded((current) => (current.state === 'ready' ? { state: 'ready', codes: current.codes.map((known) => (known.code === code.code ? code : known)) } : current));

  async function toggle(code: DiscountCodeView) {
    setBusyCode(code.code);
    try {
      const changed = await setDiscountCodeActive(code.code, !code.active);
      replace(changed);
      notify(`${changed.code} ${changed.active ? 'activated' : 'deactivated'}`);
    } catch (error) {
      notifyError(error instanceof ApiError && error.isNetwork ? OFFLINE_MESSAGE : error instanceof Error ? error.message : 'The change was not saved.');
    } finally {
      setBusyCode(null);
    }
  }

  function created(code: DiscountCodeView) {
    setLoaded((current) => ({ state: 'ready', codes: [code, ...(current.state === 'ready' ? current.codes : [])] }));
    notify(`${code.code} created`);
  }

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
              <button type="button" className="admin-button admin-button--small" onClick={() => void load()} disabled={!online}>Try again</button>
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
