import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { productTypeOfVariant } from '../../../shared/catalog';
import { useCatalog } from '../../catalog/use-catalog';
import { toCents } from '../../../shared/money';
import { ADD_FAILED_MESSAGE, addToCart } from '../../cart/cart-store';
import { useAddedToCartNotice } from '../../cart/use-cart-notices';
import { markInstallMoment } from '../../pwa/install-moment';
import { ChooseModelDialog } from './ChooseModelDialog';
import { DesignCard } from './DesignCard';
import { filterAndSort, GALLERY_DESIGNS, GALLERY_LOAD_MS, NO_FILTERS, pickRandom, SHOWN_DESIGNS, SORT_LABELS, type GalleryDesign, type GalleryFilters, type GallerySort } from './gallery-logic';
import { useLocalLikes } from './likes';


export default function GalleryPage() {
  const notify = useAddedToCartNotice();
  const [loading, setLoading] = useState(true);
  // Picked up front: the loading state lays out these very cards, hidden, so nothing shifts when they appear.
  const [designs, setDesigns] = useState<GalleryDesign[]>(() => pickRandom(GALLERY_DESIGNS, SHOWN_DESIGNS));
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const catalog = useCatalog();
  const [filters, setFilters] = useState<GalleryFilters>(NO_FILTERS);
  const [choosing, setChoosing] = useState<GalleryDesign | null>(null);
  const localLikes = useLocalLikes();
  const likesOf = useCallback((design: GalleryDesign) => design.likes + (localLikes.get(design.id) ?? 0), [localLikes]);

  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), GALLERY_LOAD_MS);
    return () => clearTimeout(timer);
  }, []);

  const filtering = filters !== NO_FILTERS;
  // Without filters the random order of the shuffle is kept, as shown; with them, the chosen sort applies.
  const shown = useMemo(() => (filtering ? filterAndSort(designs, filters, likesOf) : designs), [designs, filters, filtering, likesOf]);

  async function add(design: GalleryDesign, device: string) {
    try {
      notify(await addToCart({ device, text: design.text, color: design.color, font: design.font, priceCents: toCents(design.price) }));
      markInstallMoment();
    } catch {
      window.alert(ADD_FAILED_MESSAGE);
    }
  }

  /** Only products that come in more than one model or size ask which one. */
  function startAdd(design: GalleryDesign) {
    const variants = productTypeOfVariant(design.device)?.variants ?? [];
    if (variants.length > 1) setChoosing(design);
    else void add(design, design.device);
  }

  const setFilter = <K extends keyof GalleryFilters>(key: K, value: GalleryFilters[K]) => setFilters((current) => ({ ...current, [key]: value }));

  return (
    <section className="content-page gallery" aria-labelledby="gallery-title">
      <p className="eyebrow">Straight from the fire pit</p>
      <h1 id="gallery-title">Community designs</h1>
      <p className="lede">Fans' favourite lines. Like the ones you love, make one your own, or add it to your cart as it is.</p>
      <div className="gallery__toolbar">
        <div className="segmented" role="group" aria-label="View">
          <button type="button" className={`segmented__option${view === 'grid' ? ' is-selected' : ''}`} aria-pressed={view === 'grid'} onClick={() => setView('grid')}>Grid</button>
          <button type="button" className={`segmented__option${view === 'list' ? ' is-selected' : ''}`} aria-pressed={view === 'list'} onClick={() => setView('list')}>List</button>
        </div>
        <button type="button" className="btn btn--secondary" disabled={loading} onClick={() => { setFilters(NO_FILTERS); setDesigns(pickRandom(GALLERY_DESIGNS, SHOWN_DESIGNS)); }}>
          More Designs
        </button>
      </div>
      <details className="gallery__filters">
        <summary>Search, filter and sort</summary>
        <div className="filters">
          <div className="field">
            <label className="field__label" htmlFor="gallery-search">Search</label>
            <input id="gallery-search" type="search" value={filters.search} onChange={(e) => setFilter('search', e.target.value)} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="gallery-device">Device</label>
            <select id="gallery-device" value={filters.device} onChange={(e) => setFilter('device', e.target.value)}>
              <option value="">All devices</option>
              {catalog.productTypes.flatMap((t) => t.variants).map((v) => <option key={v} value={v}>{v}</option>)}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="gallery-color">Colour</label>
            <select id="gallery-color" value={filters.color} onChange={(e) => setFilter('color', e.target.value)}>
              <option value="">All colours</option>
              {catalog.colors.map((c) => <option key={c.name} value={c.name}>{c.name}</option>)}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="gallery-sort">Sort by</label>
            <select id="gallery-sort" value={filters.sort} onChange={(e) => setFilter('sort', e.target.value as GallerySort)}>
              {(Object.keys(SORT_LABELS) as GallerySort[]).map((s) => <option key={s} value={s}>{SORT_LABELS[s]}</option>)}
            </select>
          </div>
        </div>
      </details>

      {loading ? (
        <div className="gallery__loading">
          <div className="page-loading" role="status"><span className="spinner" aria-hidden="true" /> Loading community designs...</div>
          <ul className={`designs designs--${view}`} aria-hidden="true">
            {designs.map((design) => (
              <DesignCard key={design.id} design={design} likes={likesOf(design)} onAdd={startAdd} placeholder />
            ))}
          </ul>
        </div>
      ) : shown.length === 0 ? (
        <p className="muted">No designs match. <button type="button" className="link-button" onClick={() => setFilters(NO_FILTERS)}>Clear filters</button></p>
      ) : (
        <ul className={`designs designs--${view}`} aria-label="Designs">
          {shown.map((design) => (
            <DesignCard key={design.id} design={design} likes={likesOf(design)} onAdd={startAdd} />
          ))}
        </ul>
      )}
      <p className="center"><Link to="/" className="link">Design your own →</Link></p>
      <ChooseModelDialog
        design={choosing}
        onCancel={() => setChoosing(null)}
        onChoose={(design, variant) => {
          setChoosing(null);
          void add(design, variant);
        }}
      />
    </section>
  );
}
