import { useCallback, useEffect, useState } from 'react';
import type { LiveCatalog } from '../../../../shared/catalog';
import { useOnline } from '../../../pwa/online';
import { ColorsSection, FontsSection } from './ColorsAndFonts';
import { ProductTypeSection } from './ProductTypeSection';
import { errorMessage, loadAdminCatalog } from './catalog-remote';
import './catalog.css';

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; catalog: LiveCatalog };

/**
 * The owner's catalogue (design.md §9, super_admins only): product types with their price and
 * struck-through price, variants with their print area, colours in stock, the bundled fonts on
 * offer. Edits go to the server at once (there is no offline catalogue edit); the shop follows.
 */
export default function CatalogPage() {
  const online = useOnline();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(() => {
    setState({ kind: 'loading' });
    loadAdminCatalog()
      .then((catalog) => setState({ kind: 'ready', catalog }))
      .catch((error: unknown) => setState({ kind: 'error', message: errorMessage(error, 'The catalogue could not be loaded.') }));
  }, []);
  useEffect(load, [load]);

  const changed = useCallback((catalog: LiveCatalog) => setState({ kind: 'ready', catalog }), []);
  /** After a variant edit: the catalogue again, without the loading state. */
  const refresh = useCallback(() => loadAdminCatalog().then(changed), [changed]);

  return (
    <section className="catalog" aria-labelledby="catalog-title">
      <header className="catalog__head">
        <h1 id="catalog-title">Catalogue</h1>
        <p className="admin-muted">What the shop sells. Changes reach the shop within a minute; orders already placed keep their price and print area.</p>
        {!online && <p className="admin-error" role="status">Offline: the catalogue can be changed once the connection is back.</p>}
      </header>
      {state.kind === 'loading' && <p className="admin-loading" role="status">Loading the catalogue…</p>}
      {state.kind === 'error' && (
        <div className="admin-empty" role="alert">
          <p className="admin-error">{state.message}</p>
          <button type="button" className="admin-button" onClick={load}>Try again</button>
        </div>
      )}
      {state.kind === 'ready' && (
        <>
          {state.catalog.productTypes.map((type) => (
            <ProductTypeSection key={type.id} type={type} online={online} onChanged={changed} refresh={refresh} />
          ))}
          <ColorsSection colors={state.catalog.colors} online={online} onChanged={changed} />
          <FontsSection fonts={state.catalog.fonts} online={online} onChanged={changed} />
        </>
      )}
    </section>
  );
}
