import type { CatalogPlacement, ProductTypeId } from '../../../../shared/catalog';
import { bottleOf, phoneBack } from '../../../../shared/decal';

interface Props {
  name: string;
  productType: ProductTypeId | string;
  placement: Pick<CatalogPlacement, 'productMm' | 'centreMm'>;
  /** The usable area being edited, mm: width across the text (left to right here), length along it (down). */
  area: { widthMm: number; lengthMm: number };
}

const finite = (value: number) => Number.isFinite(value) && value > 0;
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The product's outline seen from the front with the usable area drawn where the decal goes, to
 * scale, as the owner edits it: a phone's back with its camera module, a bottle with its neck, a
 * flute's bowl. An area that leaves the outline is drawn in red and said so.
 */
export function UsableAreaDiagram({ name, productType, placement, area }: Props) {
  const { width, height } = placement.productMm;
  if (!finite(width) || !finite(height)) return null;
  const pad = Math.max(width, height) * 0.06;
  const centred = Number.isFinite(placement.centreMm.x) && Number.isFinite(placement.centreMm.y);
  const areaWidth = centred && finite(area.widthMm) ? area.widthMm : 0;
  const areaLength = centred && finite(area.lengthMm) ? area.lengthMm : 0;
  const left = placement.centreMm.x - areaWidth / 2;
  const top = placement.centreMm.y - areaLength / 2;
  const outside = areaWidth > 0 && areaLength > 0 && (left < -0.05 || top < -0.05 || left + areaWidth > width + 0.05 || top + areaLength > height + 0.05);
  const label = `${name}: product ${round(width)} × ${round(height)} mm, usable area ${round(areaWidth)} × ${round(areaLength)} mm${outside ? ', which leaves the product outline' : ''}`;
  return (
    <figure className="catalog__diagram">
      <svg viewBox={`${-pad} ${-pad} ${width + 2 * pad} ${height + 2 * pad}`} role="img" aria-label={label} data-testid="usable-area-diagram">
        <ProductOutline productType={productType} name={name} width={width} height={height} />
        {areaWidth > 0 && areaLength > 0 && (
          <rect
            x={left}
            y={top}
            width={areaWidth}
            height={areaLength}
            className={`catalog__diagram-area${outside ? ' catalog__diagram-area--outside' : ''}`}
            vectorEffect="non-scaling-stroke"
          />
        )}
        {centred && <path d={`M ${placement.centreMm.x - 3} ${placement.centreMm.y} h 6 M ${placement.centreMm.x} ${placement.centreMm.y - 3} v 6`} className="catalog__diagram-centre" vectorEffect="non-scaling-stroke" />}
      </svg>
      <figcaption className={outside ? 'admin-error' : 'admin-muted'}>
        Usable area {round(areaWidth)} × {round(areaLength)} mm on a {round(width)} × {round(height)} mm outline{outside ? ': it leaves the outline' : ''}
      </figcaption>
    </figure>
  );
}

function ProductOutline({ productType, name, width, height }: { productType: string; name: string; width: number; height: number }) {
  if (productType === 'phone-case') {
    const corner = width * 0.14;
    const camera = phoneBack(name);
    const moduleSize = Math.min(camera.cameraBottomMm - 6, width * 0.55);
    return (
      <>
        <rect x={0} y={0} width={width} height={height} rx={corner} className="catalog__diagram-product" vectorEffect="non-scaling-stroke" />
        {moduleSize > 0 && (
          <rect x={5} y={5} width={moduleSize} height={moduleSize} rx={moduleSize * 0.22} className="catalog__diagram-camera" vectorEffect="non-scaling-stroke" />
        )}
      </>
    );
  }
  if (productType === 'water-bottle') {
    const bottle = bottleOf(name);
    const neckHeight = Math.max(0, height - bottle.bodyMm - 10);
    const neckWidth = width * (bottle.neckMm / bottle.widthMm);
    const inset = (width - neckWidth) / 2;
    return (
      <path
        d={`M ${inset} 0 H ${width - inset} V ${neckHeight} L ${width} ${neckHeight + 10} V ${height - 6} Q ${width} ${height} ${width - 6} ${height} H 6 Q 0 ${height} 0 ${height - 6} V ${neckHeight + 10} L ${inset} ${neckHeight} Z`}
        className="catalog__diagram-product"
        vectorEffect="non-scaling-stroke"
      />
    );
  }
  // A flute: the bowl narrowing into the stem, on a foot.
  const bowl = height * 0.62;
  const stem = width * 0.06;
  return (
    <path
      d={`M 0 0 H ${width} C ${width} ${bowl * 0.7} ${width * 0.62} ${bowl} ${width / 2 + stem} ${bowl} V ${height - 4} H ${width * 0.85} V ${height} H ${width * 0.15} V ${height - 4} H ${width / 2 - stem} V ${bowl} C ${width * 0.38} ${bowl} 0 ${bowl * 0.7} 0 0 Z`}
      className="catalog__diagram-product"
      vectorEffect="non-scaling-stroke"
    />
  );
}
