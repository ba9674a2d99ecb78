import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { colorHex, MAX_TEXT_LENGTH, productTypePrice, type ProductTypeId } from '../../../shared/catalog';
import { formatUsd } from '../../../shared/money';
import { decalFitProblem, decalName, usableAreaSize, usableSurface } from '../../../shared/decal';
import { fontSizeRange } from '../../../shared/decal-size';
import { characterCount, firstCharacters } from '../../../shared/text-length';
import { ADD_FAILED_MESSAGE, addToCart } from '../../cart/cart-store';
import { loadShopDb } from '../../db/lazy-db';
import { lowContrastWarning } from '../../catalog/contrast';
import { useCatalog } from '../../catalog/use-catalog';
import { useNotify } from '../../components/notifications';
import { useAddedToCartNotice } from '../../cart/use-cart-notices';
import { markInstallMoment } from '../../pwa/install-moment';
import { DesignCanvas, markDesignInput } from './DesignCanvas';
import { FontPicker } from './FontPicker';
import { CharacterCounter, ColorPicker, ContrastNote, ProductPicker, TextPreview } from './DesignForm';
import { SizeControl } from './SizeControl';
import { ThinFeatureNote } from './ThinFeatureNote';
import { useThinFeatures } from './use-thin-features';
import { Perks, PriceBlock } from './Marketing';
import { useDesignLayout, warmRenderer } from '../../render/use-design';
import { requestLayout } from '../../render/render-client';
import { designTextProblem } from './text-check';
import { useDesignState } from './use-design-state';
import { useTextCheck } from './use-text-check';

export { SWITCH_DELAY_MS } from './use-design-state';

/** What the decal goes on, which the shop does not sell. */
const BLANK_NAMES: Record<ProductTypeId, string> = { 'phone-case': 'case', 'water-bottle': 'bottle', 'champagne-glass': 'flute' };
/** spec.md §9: adding to the cart takes about 1.5 s. */
export const ADD_DELAY_MS = 1500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Below the fold: its code and the ten testimonials arrive after the designer.
const TestimonialsCarousel = lazy(() => import('./TestimonialsCarousel').then((module) => ({ default: module.TestimonialsCarousel })));

export function CustomizePage() {
  const catalog = useCatalog();
  const { notifyError } = useNotify();
  const notifyAdded = useAddedToCartNotice();
  const design = useDesignState(catalog);
  const { type, productType, variant, switching, text, color, font, fontSize } = design;
  const [adding, setAdding] = useState(false);
  const [typing, setTyping] = useState(false);
  const textInput = useRef<HTMLInputElement>(null);
  const textCheck = useTextCheck(text, font);

  const hex = color ? colorHex(color) : null;
  const textProblem = useMemo(() => designTextProblem(text, font), [text, font]);
  const contrast = lowContrastWarning(color, hex, productType);
  const device = variant || type.variants[0]!;
  const renderable = { productType, device, text, color: color || 'Hot Pink', font, fontSize };
  const { layout, error: layoutError } = useDesignLayout(renderable, !!text.trim());
  const sizes = fontSizeRange(font);
  const fit = text.trim() && layout?.text === text.normalize('NFC') ? layout.fit : null;
  const fitProblem = decalFitProblem({ productType, device, font, fontSize }, fit, sizes.min);
  // Across the product is the one limit a shorter text does not lift: the control stops there.
  const largestSize = fit ? Math.max(sizes.min, Math.min(sizes.max, Math.floor(fit.largestAcrossMm) * 2)) : sizes.max;
  const canAdd = text.trim().length > 0 && !textProblem && !fitProblem && !!productType && !!variant && !!color && !switching && !adding && textCheck?.valid !== false;
  const thinFeatures = useThinFeatures(layout);

  async function handleAdd() {
    if (!canAdd) return;
    setAdding(true);
    try {
      // The cart's database loads during the spec's pause, so the line is stored as the pause ends.
      // A tap right after typing may come before the text was measured: it waits for the measure, and
      // a text that turns out too long is not added (the form then shows why).
      const [, , measured] = await Promise.all([loadShopDb().catch(() => {}), wait(ADD_DELAY_MS), requestLayout(renderable).catch(() => null)]);
      if (measured && decalFitProblem({ productType, device, font, fontSize }, measured.fit, sizes.min)) return;
      notifyAdded(await addToCart({ device: variant, variant, productType, text, color, font, fontSize }));
      markInstallMoment();
    } catch {
      notifyError(ADD_FAILED_MESSAGE);
    } finally {
      setAdding(false);
    }
  }

  const focusDesigner = useCallback(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    textInput.current?.focus({ preventScroll: true });
  }, []);

  const variantLabel = productType === 'phone-case' ? 'Phone model' : 'Size';
  const decalOf = { productType, device };
  return (
    <>
      <section className="designer" aria-labelledby="designer-title">
        <div className="designer__preview">
          <DesignCanvas
            productType={productType}
            variant={variant || type.variants[0]!}
            text={text}
            colorHex={hex}
            font={font}
            fontSize={fontSize}
            busy={switching}
            closeUp={typing}
            label={`Preview: ${decalName(decalOf)}, ${usableSurface(decalOf)} (${usableAreaSize(decalOf)} usable), with the text “${text || 'Your text here'}”${color ? ` in ${color}` : ''}`}
          />
        </div>
        <div className="designer__panel">
          <p className="eyebrow">Villa Prints · Summer drop</p>
          <h1 id="designer-title">Put your catchphrase on it</h1>
          <p className="lede">Your line from the villa as a custom vinyl decal, cut to fit your phone case, water bottle or champagne flute.</p>
          <PriceBlock productType={productType} />
          {/* A shopper reaching for the form is about to type or pick: the renderer runs now, not on the first key. */}
          <form className="design-form" onSubmit={(event) => { event.preventDefault(); void handleAdd(); }} onFocus={() => warmRenderer([font])} onPointerDown={() => warmRenderer([font])}>
            <ProductPicker productTypes={catalog.productTypes} value={productType} onChange={design.switchProduct} />
            <div className="field">
              <label className="field__label" htmlFor="variant">2. {variantLabel}</label>
              <select id="variant" value={variant} disabled={!!switching} onChange={(event) => design.setVariant(event.target.value)}>
                {!variant && <option value="">Loading options…</option>}
                {type.variants.map((v) => (
                  <option key={v} value={v}>{v}</option>
                ))}
              </select>
              <p className="decal-title" data-testid="decal-title">
                <strong>{decalName(decalOf)}</strong>: fits {usableSurface(decalOf)}, up to {usableAreaSize(decalOf)}. You apply it; the {BLANK_NAMES[productType]} is not included.
              </p>
            </div>
            <div className="field">
              <label className="field__label" htmlFor="custom-text">3. Your text</label>
              <input
                ref={textInput}
                id="custom-text"
                type="text"
                value={text}
                maxLength={MAX_TEXT_LENGTH}
                autoComplete="off"
                enterKeyHint="done"
                placeholder="e.g. My type on paper"
                aria-describedby={`text-counter text-check fit-problem${textProblem ? ' text-problem' : ''}`}
                aria-invalid={textProblem || fitProblem || textCheck?.valid === false ? true : undefined}
                // Only where the preview shrinks above a phone's keyboard (app.css, the same width).
                onFocus={() => setTyping(typeof matchMedia === 'function' && matchMedia('(max-width: 900px)').matches)}
                onBlur={() => setTyping(false)}
                onChange={(event) => {
                  markDesignInput();
                  design.setText(firstCharacters(event.target.value, MAX_TEXT_LENGTH));
                }}
              />
              <CharacterCounter length={characterCount(text)} check={textProblem ? null : fitProblem ? { valid: false, message: fitProblem.split(':')[0]! } : textCheck} />
              {textProblem && <p id="text-problem" className="field__error" role="alert">{textProblem}</p>}
              <ThinFeatureNote warning={thinFeatures} />
            </div>
            <ColorPicker colors={catalog.colors} value={color} onChange={design.setColor} />
            <ContrastNote warning={contrast} />
            <FontPicker fonts={catalog.fonts} value={font} text={text} onChange={design.setFont} />
            <SizeControl fontSize={fontSize} min={sizes.min} max={largestSize} onChange={design.setFontSize} fit={fit} measuring={!!text.trim() && !layoutError} problem={fitProblem} disabled={!!switching} />
            <TextPreview text={text} colorHex={hex} font={font} />
            <button type="submit" className="btn btn--primary btn--block btn--big" disabled={!canAdd} aria-describedby={fitProblem ? 'fit-problem' : undefined}>
              {adding ? 'Adding to Cart...' : `ADD TO CART - ${formatUsd(productTypePrice(productType).priceCents)}`}
            </button>
          </form>
          <Perks phoneModels={catalog.productTypes.find((t) => t.id === 'phone-case')?.variants ?? []} />
          <Link to="/how-it-works" className="link">How does it work? See the 4 easy steps →</Link>
        </div>
      </section>
      {/* The fallback holds the carousel's place (app.css sizes .testimonials), so nothing shifts. */}
      <Suspense fallback={<section className="testimonials" aria-hidden="true" />}>
        <TestimonialsCarousel onCreate={focusDesigner} />
      </Suspense>
    </>
  );
}
