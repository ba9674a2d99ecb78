import samples from '../../../data/gallery.json';

export interface GalleryDesign {
  id: string;
  device: string;
  text: string;
  color: string;
  font: string;
  price: number;
  likes: number;
  rating: number;
  image: string;
  description: string;
  createdAt: string;
}

export const GALLERY_DESIGNS: readonly GalleryDesign[] = samples;
/** spec.md §9: 8 of the 9 samples are shown, after a 1.5 s loading state. */
export const SHOWN_DESIGNS = 8;
export const GALLERY_LOAD_MS = 1500;

export type GallerySort = 'popular' | 'rating' | 'price-low' | 'price-high' | 'newest';
export const SORT_LABELS: Record<GallerySort, string> = {
  popular: 'Most popular',
  rating: 'Highest rated',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  newest: 'Newest',
};

export interface GalleryFilters {
  search: string;
  device: string;
  color: string;
  sort: GallerySort;
}

export const NO_FILTERS: GalleryFilters = { search: '', device: '', color: '', sort: 'popular' };

/** `count` designs in random order (Fisher-Yates on a copy). */
export function pickRandom<T>(items: readonly T[], count: number, random = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, count);
}

/** Search (text, description, device), device and colour filters, then the chosen sort. */
export function filterAndSort(designs: readonly GalleryDesign[], filters: GalleryFilters, likesOf: (d: GalleryDesign) => number = (d) => d.likes): GalleryDesign[] {
  const needle = filters.search.trim().toLowerCase();
  const result = designs.filter(
    (d) =>
      (!needle || `${d.text} ${d.description} ${d.device}`.toLowerCase().includes(needle)) &&
      (!filters.device || d.device === filters.device) &&
      (!filters.color || d.color === filters.color),
  );
  const sorters: Record<GallerySort, (a: GalleryDesign, b: GalleryDesign) => number> = {
    popular: (a, b) => likesOf(b) - likesOf(a),
    rating: (a, b) => b.rating - a.rating,
    'price-low': (a, b) => a.price - b.price,
    'price-high': (a, b) => b.price - a.price,
    newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
  };
  return result.sort(sorters[filters.sort]);
}
