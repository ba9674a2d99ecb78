import { useOnline } from '../../../pwa/online';
import { ColorsSection, FontsSection } from './ColorsAndFonts';
import { ProductTypeSection } from './ProductTypeSection';
import { reloadAdminCatalog, useAdminCatalog } from '../../../api/catalog';
import { errorMessage } from './catalog-format';
import './catalog.css';

/**
 * The owner's catalogue (design.md §9, super_admins only): product types with their price and
 * struck-through price, variants with their print area, colours in stock, the bundled fonts on
 * offer. Edits go to the server at once (there is no offline catalogue edit); the shop follows.
 */
export default function CatalogPage() {
  const online = useOnline();
  // A failed refetch after an edit keeps the catalogue on screen: the edit's row says what failed.
  const { data: catalog, error, isPending } = useAdminCatalog();

  return (
    <section className="catalog" aria-labelledby="catalog-title">
      <header className="catalog__head">
        <h1 id="catalog-title">Catalogue</h1>
        <p className="admin-muted">What the shop sells. Changes reach the shop within a minute; orders already placed keep their price and print area.</p>
        {!online && <p className="admin-error" role="status">Offline: the catalogue can be changed once the connection is back.</p>}
      </header>
      {isPending && <p className="admin-loading" role="status">Loading the catalogue…</p>}
      {!catalog && error && (
        <div className="admin-empty" role="alert">
          <p className="admin-error">{errorMessage(error, 'The catalogue could not be loaded.')}</p>
          <button type="button" className="admin-button" onClick={() => void reloadAdminCatalog()}>Try again</button>
        </div>
      )}
      {catalog && (
        <>
          {catalog.productTypes.map((type) => (
            <ProductTypeSection key={type.id} type={type} online={online} />
          ))}
          <ColorsSection colors={catalog.colors} online={online} />
          <FontsSection fonts={catalog.fonts} online={online} />
        </>
      )}
    </section>
  );
}
