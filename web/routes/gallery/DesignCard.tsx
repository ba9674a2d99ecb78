import { Link } from 'react-router';
import { colorHex } from '../../../shared/catalog';
import { formatUsd, toCents } from '../../../shared/money';
import { DesignThumb } from './DesignThumb';
import type { GalleryDesign } from './gallery-logic';
import { likeDesign } from './likes';

interface Props {
  design: GalleryDesign;
  likes: number;
  onAdd(design: GalleryDesign): void;
  /**
   * A stand-in while the gallery "loads" (spec.md §9's 1.5 s): the very card, inert and hidden, so
   * it takes the real card's exact size (nothing shifts when it appears) and its picture is drawn
   * by the time it does.
   */
  placeholder?: boolean;
}

/** Opens the designer pre-filled with the sample (read by customize/use-design-state.ts). */
export function personaliseLink(design: Pick<GalleryDesign, 'device' | 'text' | 'color' | 'font'>): string {
  const params = new URLSearchParams({ device: design.device, text: design.text, color: design.color, font: design.font });
  return `/?${params}`;
}

export function DesignCard({ design, likes, onAdd, placeholder = false }: Props) {
  return (
    <li className={`design-card${placeholder ? ' design-card--placeholder' : ''}`} data-testid={placeholder ? undefined : 'design-card'} inert={placeholder}>
      <DesignThumb id={design.id} device={design.device} text={design.text} color={design.color} font={design.font} />
      <div className="design-card__body">
        <h2 className="design-card__title" style={{ borderColor: colorHex(design.color) }}>“{design.text}”</h2>
        <p className="muted">{design.device} · {design.color}</p>
        <p className="design-card__desc">{design.description}</p>
        <p className="design-card__meta">
          <span aria-label={`Rated ${design.rating} out of 5`}>★ {design.rating.toFixed(1)}</span>
          <strong>{formatUsd(toCents(design.price))}</strong>
        </p>
        <div className="design-card__actions">
          <button type="button" className="like-button" aria-label={`Like “${design.text}”, ${likes} likes`} onClick={() => void likeDesign(design.id)}>
            <span aria-hidden="true">♥</span> <span data-testid="like-count">{likes}</span>
          </button>
          <button type="button" className="btn btn--primary btn--small" onClick={() => onAdd(design)}>
            Add<span className="sr-only"> “{design.text}” to cart</span>
          </button>
        </div>
        <Link className="btn btn--secondary btn--small design-card__personalise" to={personaliseLink(design)}>
          Personalise this<span className="sr-only">: “{design.text}”</span>
        </Link>
      </div>
    </li>
  );
}
